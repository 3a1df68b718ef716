"""The rules of Bamboozled as small named functions of the state (no events, no dice)."""

from __future__ import annotations

from games.core.outcome import Outcome

from .cards import backed_scores, card_problem, card_uses
from .data import rank, readings
from .state import CardUse, State


def ties_or_beats(score: int, standing: int) -> bool:
    return rank(score) >= rank(standing)


def beats(score: int, standing: int) -> bool:
    return rank(score) > rank(standing)


def high_enough(state: State, score: int) -> bool:
    """Tie or beat the standing score; the kids rules must strictly beat it."""
    return clears(score, state.standing, state.kids)


def clears(score: int, standing: int, kids: bool) -> bool:
    """`high_enough` from the standing score and the variant alone."""
    return beats(score, standing) if kids else ties_or_beats(score, standing)


def verdict(dice: tuple[int, int], score: int, card: CardUse | None) -> str:
    """"card" with an after-roll card (which must back the score), else "true" when the
    score is a reading of the dice, else "bluff"."""
    if card is not None:
        return "card"
    return "true" if score in readings(dice) else "bluff"


def dice_beat(state: State) -> bool:
    """Does a plain reading of the roller's dice beat the standing score?"""
    assert state.dice is not None
    return any(beats(s, state.standing) for s in readings(state.dice))


def kids_can_beat(state: State) -> bool:
    """Kids rules: can the roller's dice (with a card, if any) beat the standing score?"""
    assert state.dice is not None and state.roller is not None
    if dice_beat(state):
        return True
    for use in card_uses(state.seats[state.roller].hand):
        if card_problem(state.dice, use) is None and any(
            beats(s, state.standing) for s in backed_scores(state.dice, use)
        ):
            return True
    return False


def declarer_of(state: State) -> int:
    """Who declared the score a before-roll card answers (kids: the open score's setter)."""
    if state.declaration is not None:
        return state.declaration.seat
    assert state.standing_by is not None
    return state.standing_by


def round_opener(state: State, striker: int) -> int:
    """Who took the strike starts the next round; if they are out, the next player does."""
    return striker if not state.seats[striker].out else state.next_active(striker)


def reverse_direction(state: State) -> int:
    """Reverse flips the direction; with two players left it is a Skip (no flip)."""
    return state.direction if len(state.active) == 2 else -state.direction


def standings(state: State) -> Outcome:
    """The last player standing wins; the others rank by how late they went out."""
    winners = tuple(state.active)
    ranking = (winners, *((seat,) for seat in reversed(state.out_order)))
    scores = {seat: state.players - 1 for seat in winners}
    scores.update({seat: i for i, seat in enumerate(state.out_order)})
    return Outcome(winners=winners, ranking=ranking, scores=scores)
