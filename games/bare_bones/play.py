"""Stage 1, card playing: the checks on playing a card, and each card's effect as a named
function. Dice Cards go into the play area (each lets one die be rolled); Action Cards
use Action Units (at most 5 a turn) and do what they print."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from games.core import Dice, IllegalAction

from .data import (
    ACTION_CARDS,
    COLOURS,
    EXCLUSIVE,
    RED_CARDS_PER_DRAW,
    card_order,
    cost,
    is_dice_card,
    stack_of,
    units,
)
from .flow import Story, draw, next_card
from .state import Game, Seat, active_turn, coloured, in_play, units_left, without

PARAMS: dict[str, tuple[str, ...]] = {
    "mimic": ("copy",), "yard_sale": ("returned",), "joyride": ("target",),
    "loan_shark": ("amount",),
}
LOAN = ACTION_CARDS["loan_shark"]
YARD_SALE_LESS = ACTION_CARDS["yard_sale"].param("coins_less")
FULL_HOUSE_DICE_CARDS = ACTION_CARDS["full_house"].param("dice_cards")


def distinct(cards: tuple[str, ...] | list[str]) -> list[str]:
    return sorted(set(cards), key=card_order)


# --- may this card be played now? ----------------------------------------------------------

def play_problem(game: Game, seat: int, card: str) -> IllegalAction | None:
    """Why `card` cannot be played now (its parameters aside), or None."""
    turn, player = active_turn(game), game.seats[seat]
    if card not in player.hand:
        return IllegalAction("card_not_in_hand", f"{card} is not in your hand")
    if units(card) > units_left(turn):
        return IllegalAction("not_enough_action_units",
                             f"{card} needs {units(card)} Action Units; {units_left(turn)} left")
    for group in EXCLUSIVE:
        if stack_of(card) in group and any(in_play(player, o) for o in group - {stack_of(card)}):
            return IllegalAction("point_pro_with_straight_cash",
                                 "Point Pro and Straight Cash may not be played in the same turn")
    if card == "mimic" and not coloured(player):
        return IllegalAction("mimic_needs_dice_card", "Mimic copies a Dice Card you have in play")
    if card == "yard_sale" and len(player.hand) < 2:
        return IllegalAction("nothing_to_sell", "Yard Sale returns another card from your hand")
    return None


def param_options(game: Game, seat: int, card: str) -> list[dict[str, Any]]:
    """The parameter choices a card takes when played (one empty dict when none)."""
    player = game.seats[seat]
    if card == "mimic":
        return [{"copy": c} for c in COLOURS if any(p.colour == c for p in coloured(player))]
    if card == "yard_sale":
        return [{"returned": c} for c in distinct(without(player.hand, card))]
    if card == "joyride":
        return [{"target": (seat + k) % game.players} for k in range(1, game.players)]
    if card == "loan_shark":
        return [{"amount": a} for a in range(LOAN.param("min"), LOAN.param("max") + 1)]
    return [{}]


def check_params(game: Game, seat: int, card: str, params: Mapping[str, Any]) -> None:
    if card == "mimic" and params not in param_options(game, seat, card):
        raise IllegalAction("not_in_play", "Mimic copies the colour of a Dice Card in play")
    if card == "yard_sale" and params not in param_options(game, seat, card):
        raise IllegalAction("card_not_in_hand", "the returned card must be in your hand")
    if card == "joyride" and params not in param_options(game, seat, card):
        raise IllegalAction("no_such_opponent", "Joyride targets another seat at the table")
    if card == "loan_shark" and params not in param_options(game, seat, card):
        raise IllegalAction("loan_out_of_range",
                            f"a loan is {LOAN.param('min')} to {LOAN.param('max')} coins")


def play_actions(game: Game, seat: int) -> list[dict[str, Any]]:
    actions = []
    for card in distinct(game.seats[seat].hand):
        if play_problem(game, seat, card) is None:
            actions += [{"type": "play_card", "card": card, **p}
                        for p in param_options(game, seat, card)]
    return actions


def red_draws_left(game: Game) -> int:
    """Red: one card for every two Red Dice Cards played (Mimics and borrowed cards count)."""
    turn = active_turn(game)
    reds = sum(1 for p in coloured(game.seats[turn.seat]) if p.colour == "red")
    return reds // RED_CARDS_PER_DRAW - turn.red_draws


# --- the cards' effects -----------------------------------------------------------------------

Effect = Callable[[Story, int, str, Mapping[str, Any], Dice], None]


def played(story: Story, seat: int, card: str, **extra: Any) -> None:
    turn = active_turn(story.state)
    story.tell("card_played", {"seat": seat, "card": card,
                               "units_used": turn.units + units(card), **extra})


def dice_card(story: Story, seat: int, card: str, params: Mapping[str, Any], dice: Dice) -> None:
    """A Dice Card: one die of its colour may be rolled."""
    played(story, seat, card)


def no_immediate_effect(story: Story, seat: int, card: str, params: Mapping[str, Any],
                        dice: Dice) -> None:
    """Cards that act later in the turn (at the roll, the scoring or the cleanup)."""
    played(story, seat, card)


def draw_and_wait(story: Story, seat: int, card: str, params: Mapping[str, Any],
                  dice: Dice) -> None:
    """Color Cubed, Rainbow, Run, Triplets (draw 1) and Hot Potato (draw 2) draw now and
    act later."""
    played(story, seat, card)
    draw(story, seat, ACTION_CARDS[card].draws, card, dice)


def greed(story: Story, seat: int, card: str, params: Mapping[str, Any], dice: Dice) -> None:
    """Draw 2 the first time in a turn, 1 for each further Greed."""
    first = active_turn(story.state).greeds == 0
    played(story, seat, card)
    info = ACTION_CARDS["greed"]
    draw(story, seat, info.draws if first else info.param("later_draws"), card, dice)


def mimic(story: Story, seat: int, card: str, params: Mapping[str, Any], dice: Dice) -> None:
    """Mimic counts as a copy of a Dice Card in play (its die, ability, bonus matching)."""
    played(story, seat, card, copy=params["copy"])


def loan_shark(story: Story, seat: int, card: str, params: Mapping[str, Any],
               dice: Dice) -> None:
    """The borrowed coins are added now and owed on the next turn."""
    played(story, seat, card, coins=params["amount"])


def yard_sale(story: Story, seat: int, card: str, params: Mapping[str, Any], dice: Dice) -> None:
    """A card from the hand goes back to its supply stack for its cost minus 1 coins."""
    returned = params["returned"]
    played(story, seat, card, returned=returned, coins=max(0, cost(returned) - YARD_SALE_LESS))


def joyride(story: Story, seat: int, card: str, params: Mapping[str, Any], dice: Dice) -> None:
    """The chosen opponent's hand is shown to all; one of its Dice Cards is then borrowed."""
    target = params["target"]
    hand = list(story.state.seats[target].hand)
    played(story, seat, card, target=target, revealed=hand,
           borrowing=any(is_dice_card(c) for c in hand))


def swap_meet(story: Story, seat: int, card: str, params: Mapping[str, Any], dice: Dice) -> None:
    """Cards go back from the hand one at a time; then one card worth at most their total
    costs is taken into the hand (steps `swap_return`, `swap_take`, `swap_finish`)."""
    played(story, seat, card)


def full_house(story: Story, seat: int, card: str, params: Mapping[str, Any], dice: Dice) -> None:
    """The hand is shown and its Dice Cards played; cards are drawn (face up) until five
    Dice Cards are in play, Action Cards drawn going to the discard pile."""
    played(story, seat, card, revealed=list(without(story.state.seats[seat].hand, card)))
    for dice_card_in_hand in [c for c in story.state.seats[seat].hand if is_dice_card(c)]:
        played(story, seat, dice_card_in_hand, by="full_house")
    while (len(coloured(story.state.seats[seat])) < FULL_HOUSE_DICE_CARDS
           and dice_card_left(story.state.seats[seat])):
        drawn = next_card(story, seat, dice)
        if drawn is None:
            break
        story.tell("full_house_drew", {"seat": seat, "card": drawn,
                                       "played": is_dice_card(drawn)})


def dice_card_left(player: Seat) -> bool:
    """Full House stops drawing when no Dice Card is left to draw (Our choice: drawn Action
    Cards are reshuffled in again, so without this guard the draws could go on forever)."""
    return any(is_dice_card(c) for c in player.draw_top + player.draw_rest + player.discard)


EFFECTS: dict[str, Effect] = {
    "cant_touch_this": no_immediate_effect,
    "color_cubed": draw_and_wait,
    "double_up": no_immediate_effect,
    "full_house": full_house,
    "greed": greed,
    "hot_potato": draw_and_wait,
    "joyride": joyride,
    "keep_the_change": no_immediate_effect,
    "loan_shark": loan_shark,
    "mimic": mimic,
    "odds_or_evens": no_immediate_effect,
    "pairs": no_immediate_effect,
    "point_pro": no_immediate_effect,
    "rainbow": draw_and_wait,
    "re_re_roll": no_immediate_effect,
    "run": draw_and_wait,
    "straight_cash": no_immediate_effect,
    "swap_meet": swap_meet,
    "triplets": draw_and_wait,
    "yard_sale": yard_sale,
}


def effect_of(card: str) -> Effect:
    return dice_card if is_dice_card(card) else EFFECTS[stack_of(card)]
