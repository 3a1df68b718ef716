"""evolve: folds one event into a new state. Trusts the event; never validates or rolls."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable, Mapping

from games.core import Event

from .state import (
    OVER, ROLL, ROLL_OR_HOLD, SET_ASIDE, TURN_OVER, State, combinations_from_json,
    dice_from_json,
)

Data = Mapping[str, Any]


def started(_: State | None, data: Data) -> State:
    players = int(data["players"])
    options = data["options"]
    return State(
        players=players, target=int(options["target"]),
        final_round=bool(options["final_round"]), first_player=int(data["first_player"]),
        scores=(0,) * players, current=int(data["first_player"]), phase=TURN_OVER,
    )


def turn_started(state: State, data: Data) -> State:
    return replace(state, current=int(data["seat"]), phase=ROLL, table=(), combinations=(),
                   turn_total=0)


def dice_rolled(state: State, data: Data) -> State:
    return replace(state, table=dice_from_json(data["dice"]), phase=SET_ASIDE)


def dice_set_aside(state: State, data: Data) -> State:
    combinations = combinations_from_json(data["combinations"])
    held = {d.die for c in combinations for d in c.dice}
    table = tuple(d for d in state.table if d.die not in held)
    return replace(state, combinations=combinations, table=table, phase=ROLL_OR_HOLD)


def set_completed(state: State, data: Data) -> State:
    return replace(state, combinations=(), table=(), turn_total=int(data["turn_total"]),
                   phase=ROLL_OR_HOLD)


def end_of_turn(state: State) -> State:
    """A finished turn: the table is cleared and a last turn owed is used up."""
    last = state.last_turns
    if last is not None:
        last = tuple(s for s in last if s != state.current)
    return replace(state, table=(), combinations=(), turn_total=0, phase=TURN_OVER,
                   last_turns=last)


def turn_busted(state: State, _: Data) -> State:
    return end_of_turn(state)


def turn_held(state: State, data: Data) -> State:
    scores = list(state.scores)
    scores[int(data["seat"])] = int(data["score"])
    return end_of_turn(replace(state, scores=tuple(scores)))


def final_round_started(state: State, data: Data) -> State:
    return replace(state, target_reached_by=int(data["seat"]),
                   last_turns=tuple(int(s) for s in data["last_turns"]))


def game_over(state: State, data: Data) -> State:
    return replace(state, phase=OVER, winners=tuple(int(s) for s in data["winners"]),
                   table=(), combinations=(), turn_total=0)


FOLDS: dict[str, Callable[[Any, Data], State]] = {
    "game_started": started,
    "turn_started": turn_started,
    "dice_rolled": dice_rolled,
    "dice_set_aside": dice_set_aside,
    "set_completed": set_completed,
    "turn_busted": turn_busted,
    "turn_held": turn_held,
    "final_round_started": final_round_started,
    "game_over": game_over,
}


def evolve(state: State | None, event: Event) -> State:
    return FOLDS[event.type](state, event.data)
