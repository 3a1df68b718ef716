"""Who is awaited, what the seat to play may post now, and what the clock posts for it.

After a roll every distinct legal set-aside is listed as a concrete action (dice of the
same shade and face taken as equal: set_asides.py). There are at most 33 of them (six
fresh dice: two dark aces, a dark 2, two light aces and a light 2; tests/games/
dark_knights/test_legal_bound.py checks every roll), so no choice form is needed.
"""

from __future__ import annotations

from games.core import IllegalAction
from games.core.messages import GameAction

from .actions import HoldTurn, Resign, RollDice, SetDiceAside
from .data import AWAITED_KIND, ROLL, ROLL_OR_HOLD, SET_ASIDE
from .rules import highest_scoring_set_aside
from .set_asides import plan_to_action, set_aside_actions
from .state import State

# What the seat awaited for each kind may post (games.core.rules.typed_decider checks it).
AWAITS: dict[str, tuple[type[GameAction], ...]] = {
    AWAITED_KIND[ROLL]: (RollDice,),
    AWAITED_KIND[SET_ASIDE]: (SetDiceAside,),
    AWAITED_KIND[ROLL_OR_HOLD]: (RollDice, HoldTurn),
}
# Any seat still in play may resign, in or out of turn (RULINGS, Resigning).
OUT_OF_TURN: tuple[type[GameAction], ...] = (Resign,)


def awaiting(state: State) -> dict[int, str]:
    kind = AWAITED_KIND.get(state.phase)
    return {state.current: kind} if kind else {}


def legal_actions(state: State, seat: int) -> list[GameAction]:
    """The turn's moves for the seat to play; `resign` (last) for every seat in play."""
    if state.over or seat not in state.in_play:
        return []
    return [*turn_actions(state, seat), Resign()]


def turn_actions(state: State, seat: int) -> list[GameAction]:
    if seat != state.current:
        return []
    if state.phase == ROLL:
        return [RollDice()]
    if state.phase == ROLL_OR_HOLD:
        return [RollDice(), HoldTurn()]
    if state.phase == SET_ASIDE:
        return list(set_aside_actions(state.table, state.combinations))
    return []


def timeout_action(state: State, seat: int) -> GameAction:
    """Ruling: roll to start a turn; set aside the highest-scoring choice; then hold."""
    if seat not in awaiting(state):
        raise IllegalAction("not_awaited", f"seat {seat} is not awaited")
    if state.phase == SET_ASIDE:
        return plan_to_action(highest_scoring_set_aside(state))
    if state.phase == ROLL_OR_HOLD:
        return HoldTurn()
    return RollDice()
