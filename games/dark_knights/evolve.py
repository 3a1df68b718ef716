"""Folding events into the state. Trusts every event: no checks, no dice."""

from __future__ import annotations

from typing import Any, Callable

from games.core.frozen import replace
from games.core.messages import GameEvent

from . import events as ev
from .combinations import set_score
from .data import BANKED, BUSTED, OVER, ROLL, ROLL_OR_HOLD, SET_ASIDE, TURN_OVER
from .state import State, TurnRecord


def evolve(state: State | None, event: GameEvent) -> State:
    if isinstance(event, ev.GameStarted):
        return game_started(event)
    assert state is not None, "the first event must be game_started"
    return FOLDS[type(event)](state, event)


def game_started(event: ev.GameStarted) -> State:
    return State(
        players=event.players, target=event.options.target,
        final_round=event.options.final_round, first_player=event.first_player,
        scores=(0,) * event.players, current=event.first_player, phase=TURN_OVER,
    )


def turn_started(state: State, event: ev.TurnStarted) -> State:
    return replace(state, current=event.seat, phase=ROLL, table=(), combinations=(),
                   turn_total=0, rolls=(), set_asides=(), sets=())


def dice_rolled(state: State, event: ev.DiceRolled) -> State:
    table = tuple([d.to_die() for d in event.dice])
    return replace(state, table=table, phase=SET_ASIDE, rolls=state.rolls + (table,))


def dice_set_aside(state: State, event: ev.DiceSetAside) -> State:
    combinations = tuple([c.to_combination() for c in event.combinations])
    held = {d.die for c in combinations for d in c.dice}
    table = tuple([d for d in state.table if d.die not in held])
    return replace(state, combinations=combinations, table=table, phase=ROLL_OR_HOLD,
                   set_asides=state.set_asides + (tuple(event.groups),))


def set_completed(state: State, event: ev.SetCompleted) -> State:
    return replace(state, combinations=(), table=(), turn_total=event.turn_total,
                   phase=ROLL_OR_HOLD, sets=state.sets + (event.set_score,))


def end_of_turn(state: State) -> State:
    """A finished turn: the table is cleared and a last turn owed is used up."""
    last = state.last_turns
    if last is not None:
        last = tuple(s for s in last if s != state.current)
    return replace(state, table=(), combinations=(), turn_total=0, phase=TURN_OVER,
                   last_turns=last)


def turn_record(state: State, seat: int, sets: tuple[int, ...], combinations: Any,
                result: str, points: int, score: int) -> TurnRecord:
    return TurnRecord(seat=seat, rolls=state.rolls, set_asides=state.set_asides, sets=sets,
                      combinations=combinations, result=result, points=points, score=score)


def turn_busted(state: State, event: ev.TurnBusted) -> State:
    # Lost: the sets completed this turn (the event's points_lost) and the set built.
    lost = event.points_lost + set_score(state.combinations)
    record = turn_record(state, event.seat, state.sets, state.combinations, BUSTED, lost,
                         state.scores[event.seat])
    return end_of_turn(replace(state, last_turn=record))


def turn_held(state: State, event: ev.TurnHeld) -> State:
    scores = list(state.scores)
    scores[event.seat] = event.score
    combinations = tuple([c.to_combination() for c in event.combinations])
    record = turn_record(state, event.seat, state.sets + (event.set_score,), combinations,
                         BANKED, event.score - state.scores[event.seat], event.score)
    return end_of_turn(replace(state, scores=tuple(scores), last_turn=record))


def final_round_started(state: State, event: ev.FinalRoundStarted) -> State:
    return replace(state, target_reached_by=event.seat, last_turns=tuple(event.last_turns))


def player_resigned(state: State, event: ev.PlayerResigned) -> State:
    """The seat leaves play: out of the turn order and of the last turns owed; in its
    own turn, the turn ends there (nothing banked: its score stays as it was)."""
    state = replace(state, resigned=state.resigned + (event.seat,))
    if event.seat == state.current and not state.over:
        state = end_of_turn(state)
    last = state.last_turns
    if last is not None:
        last = tuple(s for s in last if s != event.seat)
    return replace(state, last_turns=last)


def game_over(state: State, event: ev.GameOver) -> State:
    return replace(state, phase=OVER, winners=tuple(event.winners),
                   table=(), combinations=(), turn_total=0)


FOLDS: dict[type, Callable[[State, Any], State]] = {
    ev.TurnStarted: turn_started,
    ev.DiceRolled: dice_rolled,
    ev.DiceSetAside: dice_set_aside,
    ev.SetCompleted: set_completed,
    ev.TurnBusted: turn_busted,
    ev.TurnHeld: turn_held,
    ev.FinalRoundStarted: final_round_started,
    ev.PlayerResigned: player_resigned,
    ev.GameOver: game_over,
}
