"""What each card does when played, one named function per card (stage 1 of a turn).

A Dice Card goes into the play area (its die may then be rolled); an Action Card uses its
Action Units and does what it prints. Whether a card may be played is `rules.py`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from games.core import Dice

from . import events as ev
from .data import ACTION_CARDS, cost, is_dice_card, stack_of, units
from .flow import Story, draw, next_card
from .state import Seat, active_turn, coloured, without

YARD_SALE_LESS = ACTION_CARDS["yard_sale"].param("coins_less")
FULL_HOUSE_DICE_CARDS = ACTION_CARDS["full_house"].param("dice_cards")

Effect = Callable[[Story, int, str, Mapping[str, Any], Dice], None]


def played(story: Story, seat: int, card: str, **extra: Any) -> None:
    turn = active_turn(story.state)
    story.add(ev.CardPlayed(seat=seat, card=card, units_used=turn.units + units(card),
                            **extra))


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
    hand = tuple(story.state.seats[target].hand)
    played(story, seat, card, target=target, revealed=hand,
           borrowing=any(is_dice_card(c) for c in hand))


def swap_meet(story: Story, seat: int, card: str, params: Mapping[str, Any], dice: Dice) -> None:
    """Cards go back from the hand one at a time; then one card worth at most their total
    costs is taken into the hand (steps `swap_return`, `swap_take`, `swap_finish`)."""
    played(story, seat, card)


def full_house(story: Story, seat: int, card: str, params: Mapping[str, Any], dice: Dice) -> None:
    """The hand is shown and its Dice Cards played; cards are drawn (face up) until five
    Dice Cards are in play, Action Cards drawn going to the discard pile."""
    played(story, seat, card, revealed=tuple(without(story.state.seats[seat].hand, card)))
    for dice_card_in_hand in [c for c in story.state.seats[seat].hand if is_dice_card(c)]:
        played(story, seat, dice_card_in_hand, by="full_house")
    while (len(coloured(story.state.seats[seat])) < FULL_HOUSE_DICE_CARDS
           and dice_card_left(story.state.seats[seat])):
        drawn = next_card(story, seat, dice)
        if drawn is None:
            break
        story.add(ev.FullHouseDrew(seat=seat, card=drawn, played=is_dice_card(drawn)))


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
