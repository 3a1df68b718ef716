"""Who is awaited, what each seat may do now, and what a timeout does.

Every item is an action, postable as it is, or a choice (games.core.legal): Loan Shark's
amount, the dice to roll, Full House's dice to re-roll. An action is listed only when
posting it changes the game.
"""

from __future__ import annotations

from games.core import IllegalAction
from games.core.legal import Choice, IntRange
from games.core.memo import remember_last
from games.core.messages import GameAction

from . import actions as act
from .actions import (
    TAKES,
    BonusMatch,
    Borrow,
    Draft,
    DrawRed,
    EndBuying,
    EndMatching,
    KeepDice,
    PlaceHotPotato,
    PlayCard,
    Resign,
    Roll,
    StopPlaying,
    SwapFinish,
    SwapReturn,
    SwapTake,
)
from .buying import buy_actions
from .data import (
    AWAIT_BONUS_MATCH,
    AWAIT_CHOOSE,
    AWAIT_DRAFT,
    AWAIT_HOT_POTATO,
    AWAIT_KINDS,
    AWAIT_REROLL,
    CARD_NAMES,
    DRAFT_MAX_COST,
    cost,
    is_dice_card,
    mean_face,
)
from .data import ROLL as ROLL_STEP
from .flow import matchable
from .pool import best_roll, roll_choices
from .rerolls import reroll_actions, reroll_open
from .rules import (
    LOAN_AMOUNTS,
    distinct,
    joyride_targets,
    mimic_colours,
    play_refusal,
    red_draw_refusal,
    yard_sale_returns,
)
from .scoring import scoring_options, tally, total_of
from .state import (
    BUY,
    DICE,
    DRAFT,
    END,
    JOYRIDE,
    OVER,
    PLAY,
    ROLL,
    SWAP_MEET,
    State,
    active_turn,
    drafter,
    in_play,
    next_seat,
    opponents,
)

Item = GameAction | Choice

# The actions without fields, built once: they are listed at every step.
DRAW_RED, STOP_PLAYING, KEEP_DICE = DrawRed(), StopPlaying(), KeepDice()
END_BUYING, END_MATCHING, RESIGN = EndBuying(), EndMatching(), Resign()

PLAYS: dict[str, PlayCard] = {card: PlayCard(card=card) for card in CARD_NAMES if not TAKES[card]}
"""The play of each card that takes no other field, built once: a hand's plays are listed
at every step of card playing (actions are immutable, so one object serves every list)."""


# What a seat awaited for each kind (a step of the turn) may post: the shared decider
# (games.core.rules.typed_decider) checks it before decide.HANDLERS run.
AWAITS: dict[str, tuple[type[GameAction], ...]] = {
    AWAIT_DRAFT: (act.Draft,),
    PLAY: (act.PlayCard, act.DrawRed, act.StopPlaying),
    JOYRIDE: (act.Borrow,),
    SWAP_MEET: (act.SwapReturn, act.SwapTake, act.SwapFinish),
    ROLL_STEP: (act.Roll,),
    AWAIT_REROLL: (act.RerollGreen, act.RerollDie, act.RerollFullHouse, act.KeepDice),
    AWAIT_CHOOSE: (act.ChooseDoubled, act.ChooseParity),
    BUY: (act.Buy, act.EndBuying),
    AWAIT_HOT_POTATO: (act.PlaceHotPotato,),
    AWAIT_BONUS_MATCH: (act.BonusMatch, act.EndMatching),
}
assert set(AWAITS) == set(AWAIT_KINDS)
# (Ruling) A seat still in play may resign at any time, in or out of turn.
OUT_OF_TURN: tuple[type[GameAction], ...] = (act.Resign,)


def still_in_play(game: State, seat: int) -> bool:
    """Whether the seat has not resigned (the shared guard's `not_in_play`)."""
    return seat not in game.resigned


# Asked about the state a decision ends in by `advance` and again by the next step's
# legal_actions and guards: remembered for the state asked last (games/core/memo.py).
@remember_last
def awaiting(game: State) -> dict[int, str]:
    if game.phase == OVER:
        return {}
    if game.phase == DRAFT:
        seat = drafter(game)
        return {} if seat is None else {seat: AWAIT_DRAFT}
    turn = game.turn
    if turn is None:
        return {}  # between a cleanup and the next turn's start (inside one action)
    if turn.step == DICE:
        return {turn.seat: AWAIT_REROLL if reroll_open(game) else AWAIT_CHOOSE}
    if turn.step == END:
        if in_play(game.seats[turn.seat], "hot_potato"):
            return {turn.seat: AWAIT_HOT_POTATO}
        return {next_seat(game, turn.seat): AWAIT_BONUS_MATCH}
    return {turn.seat: turn.step}


def draft_actions(game: State) -> list[Draft]:
    return [Draft(card=card) for card, n in game.supply
            if n > 0 and cost(card) <= DRAFT_MAX_COST]


def play_card_items(game: State, seat: int, card: str) -> list[Item]:
    """A card with every value of its extra field (Loan Shark: one choice of amount)."""
    if card == "mimic":
        return [PlayCard(card=card, copy=c) for c in mimic_colours(game, seat)]
    if card == "yard_sale":
        return [PlayCard(card=card, returned=c) for c in yard_sale_returns(game, seat)]
    if card == "joyride":
        return [PlayCard(card=card, target=t) for t in joyride_targets(game, seat)]
    if card == "loan_shark":
        amounts = IntRange(LOAN_AMOUNTS.start, LOAN_AMOUNTS.stop - 1)
        return [Choice(PlayCard, {"card": card}, {"amount": amounts})]
    return [PLAYS[card]]


def play_step_actions(game: State, seat: int) -> list[Item]:
    items: list[Item] = []
    for card in distinct(game.seats[seat].hand):
        if play_refusal(game, seat, card) is None:
            items += play_card_items(game, seat, card)
    if red_draw_refusal(game) is None:
        items.append(DRAW_RED)
    items.append(STOP_PLAYING)
    return items


def borrow_actions(game: State) -> list[Borrow]:
    turn = active_turn(game)
    hand = game.seats[turn.joyride].hand if turn.joyride is not None else ()
    return [Borrow(card=c) for c in dict.fromkeys(hand) if is_dice_card(c)]


def swap_actions(game: State) -> list[GameAction]:
    turn = active_turn(game)
    returns: list[GameAction] = [SwapReturn(card=c)
                                 for c in dict.fromkeys(game.seats[turn.seat].hand)]
    takes: list[GameAction] = [SwapTake(card=c) for c, n in game.supply
                               if n > 0 and cost(c) <= turn.swap_value]
    return returns + takes + [SwapFinish()]


def choose_actions(game: State) -> list[GameAction]:
    return [option.action() for option in scoring_options(game)]


def potato_actions(game: State) -> list[PlaceHotPotato]:
    seat = active_turn(game).seat
    return [PlaceHotPotato(onto=None)] + [PlaceHotPotato(onto=o) for o in opponents(game, seat)]


def match_actions(game: State) -> list[GameAction]:
    return [*(BonusMatch(card=c) for c in matchable(game)), END_MATCHING]


def legal_actions(game: State, seat: int) -> list[Item]:
    """What the seat may post now: its awaited kind's actions, and (Ruling) `resign` for
    every seat still in play, in or out of turn, while the game runs."""
    if game.phase == OVER or seat in game.resigned:
        return []
    return [*awaited_actions(game, seat), RESIGN]


def awaited_actions(game: State, seat: int) -> list[Item]:
    kind = awaiting(game).get(seat)
    if kind is None:
        return []
    if kind == AWAIT_DRAFT:
        return list(draft_actions(game))
    if kind == PLAY:
        return play_step_actions(game, seat)
    if kind == JOYRIDE:
        return list(borrow_actions(game))
    if kind == SWAP_MEET:
        return list(swap_actions(game))
    if kind == ROLL:
        return list(roll_choices(game, seat))
    if kind == AWAIT_REROLL:
        return reroll_actions(game) + [KEEP_DICE]
    if kind == AWAIT_CHOOSE:
        return list(choose_actions(game))
    if kind == BUY:
        return [*buy_actions(game), END_BUYING]
    if kind == AWAIT_HOT_POTATO:
        return list(potato_actions(game))
    return match_actions(game)


def timeout_action(game: State, seat: int) -> GameAction:
    """(Ruling) Stop playing cards, roll what is played, take the highest-total choice, buy
    nothing, match nothing. (Our choice) for the other decisions: see the docs page."""
    kind = awaiting(game).get(seat)
    if kind is None:
        raise IllegalAction("not_awaited", f"seat {seat} is not awaited")
    if kind == AWAIT_DRAFT:
        return draft_actions(game)[0]
    if kind == PLAY:
        return StopPlaying()
    if kind == JOYRIDE:
        return max(borrow_actions(game), key=lambda a: mean_face(a.card))
    if kind == SWAP_MEET:
        takes = [a for a in swap_actions(game) if isinstance(a, SwapTake)]
        return max(takes, key=lambda a: cost(a.card)) if takes else SwapFinish()
    if kind == ROLL:
        return Roll(dice=best_roll(game, seat))  # type: ignore[arg-type]
    if kind == AWAIT_REROLL:
        return KeepDice()
    if kind == AWAIT_CHOOSE:
        best = max(scoring_options(game), key=lambda o: total_of(tally(game, o)))
        return best.action()
    if kind == BUY:
        return EndBuying()
    if kind == AWAIT_HOT_POTATO:
        return PlaceHotPotato(onto=None)
    return EndMatching()
