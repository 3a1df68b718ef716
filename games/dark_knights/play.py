"""What a seat may do and sees: legal actions, awaited seats, timeouts and the view."""

from __future__ import annotations

from typing import Any

from games.core import IllegalAction

from .choices import plan_to_action, set_aside_choices
from .combinations import SetAside, apply_set_aside, forced_joins, join_all, set_score
from .events import combinations_json
from .state import ROLL, ROLL_OR_HOLD, SET_ASIDE, State

AWAITED_KIND = {ROLL: "roll", SET_ASIDE: "set_aside", ROLL_OR_HOLD: "roll_or_hold"}
ROLL_ACTION = {"type": "roll"}
HOLD_ACTION = {"type": "hold"}


def legal_actions(state: State, seat: int) -> list[dict[str, Any]]:
    if state.over or seat != state.current:
        return []
    if state.phase == ROLL:
        return [dict(ROLL_ACTION)]
    if state.phase == ROLL_OR_HOLD:
        return [dict(ROLL_ACTION), dict(HOLD_ACTION)]
    if state.phase == SET_ASIDE:
        return [plan_to_action(p) for p in set_aside_choices(state.table, state.combinations)]
    return []


def awaiting(state: State) -> dict[int, str]:
    kind = AWAITED_KIND.get(state.phase)
    return {state.current: kind} if kind else {}


def hold_value(state: State) -> int:
    """What holding now adds to the banked score (matching table dice join first)."""
    joined = join_all(state.combinations, forced_joins(state.table, state.combinations))
    return state.turn_total + set_score(joined)


def value_if_held_after(state: State, plan: SetAside) -> int:
    """The set's score if this set-aside is made and the turn is then held."""
    combinations = apply_set_aside(state.combinations, plan)
    taken = {d.die for d in plan.dice}
    table = tuple(d for d in state.table if d.die not in taken)
    return set_score(join_all(combinations, forced_joins(table, combinations)))


def highest_scoring_choice(state: State) -> dict[str, Any]:
    """Ruling: the set-aside that scores most if held at once (the first of equals)."""
    plans = set_aside_choices(state.table, state.combinations)
    best = max(plans, key=lambda p: value_if_held_after(state, p))
    return plan_to_action(best)


def timeout_action(state: State, seat: int) -> dict[str, Any]:
    if state.over or seat != state.current:
        raise IllegalAction("not_awaited", f"seat {seat} is not awaited")
    if state.phase == SET_ASIDE:
        return highest_scoring_choice(state)
    if state.phase == ROLL_OR_HOLD:
        return dict(HOLD_ACTION)
    return dict(ROLL_ACTION)


def seats_json(state: State) -> list[dict[str, Any]]:
    owed = state.last_turns or ()
    return [
        {"seat": seat, "score": score, "to_play": seat == state.current and not state.over,
         "last_turn_owed": seat in owed}
        for seat, score in enumerate(state.scores)
    ]


def view(state: State, viewer: int | None) -> dict[str, Any]:
    """Everything in this game is public: every seat and spectators see the same."""
    return {
        "viewer": viewer,
        "players": state.players,
        "phase": state.phase,
        "seats": seats_json(state),
        "current": None if state.over else state.current,
        "awaiting": {str(s): k for s, k in awaiting(state).items()},
        "target": state.target,
        "final_round": state.final_round,
        "scores": {str(s): score for s, score in enumerate(state.scores)},
        "turn_total": state.turn_total,
        "combinations": combinations_json(state.combinations),
        "set_score": set_score(state.combinations),
        "table": [d.to_json() for d in state.table],
        "dice_to_roll": list(state.dice_to_roll),
        "hold_value": hold_value(state) if state.phase == ROLL_OR_HOLD else None,
        "target_reached_by": state.target_reached_by,
        "last_turns": None if state.last_turns is None else list(state.last_turns),
        "winners": list(state.winners),
    }
