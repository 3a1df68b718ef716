"""decide: checks every rule for an action and returns the events it causes."""

from __future__ import annotations

from typing import Any, Mapping

from games.core import Dice, Event, IllegalAction, MalformedAction, roll_many
from games.core.actions import action_type, int_list_field, only_fields
from games.core.seats import next_seat

from . import events as ev
from .choices import plan_to_action, set_aside_choices
from .combinations import (
    SetAside, apply_set_aside, forced_joins, join_all, set_aside_problem, set_score,
)
from .data import ALL_DICE
from .evolve import evolve
from .outcome import result
from .state import ROLL, ROLL_OR_HOLD, SET_ASIDE, Combination, Die, State

ACTIONS = ("roll", "set_aside", "hold")


def check_turn(state: State, seat: int) -> None:
    if seat != state.current:
        raise IllegalAction("not_your_turn", f"it is seat {state.current}'s turn")


def check_phase(state: State, kind: str) -> None:
    allowed = {"roll": (ROLL, ROLL_OR_HOLD), "set_aside": (SET_ASIDE,), "hold": (ROLL_OR_HOLD,)}
    if state.phase in allowed[kind]:
        return
    if state.phase == SET_ASIDE:
        raise IllegalAction("must_set_aside", "set aside at least one combination first")
    if state.phase == ROLL:
        raise IllegalAction("must_roll_first", "a turn starts with a roll of all six dice")
    raise IllegalAction("already_set_aside", "dice were set aside; now roll or hold")


def fold(state: State, events: list[Event]) -> State:
    for event in events:
        state = evolve(state, event)
    return state


def turn_passes(state: State) -> list[Event]:
    """After a hold or a bust (folded into `state`): the target, the final round, next seat."""
    seat = state.current
    if state.last_turns is not None:
        if not state.last_turns:
            return [ev.game_over(result(state))]
        return [ev.turn_started(state.last_turns[0], last_turn=True)]
    if state.scores[seat] >= state.target:
        others = [(seat + i) % state.players for i in range(1, state.players)]
        if state.final_round and others:
            return [ev.final_round_started(seat, state.scores[seat], others),
                    ev.turn_started(others[0], last_turn=True)]
        return [ev.game_over(result(state))]
    return [ev.turn_started(next_seat(seat, state.players, range(state.players)), False)]


def roll(state: State, dice: Dice) -> list[Event]:
    """Roll every die not in a combination; with nothing to set aside the turn busts."""
    dice_to_roll = state.dice_to_roll
    faces = roll_many(dice, len(dice_to_roll))
    rolled = tuple(Die(die=n, face=f) for n, f in zip(dice_to_roll, faces))
    events = [ev.dice_rolled(state.current, rolled)]
    if set_aside_choices(rolled, state.combinations):
        return events
    events.append(ev.turn_busted(state.current, state.turn_total))
    return events + turn_passes(fold(state, events))


def read_group(raw: Any) -> tuple[int | None, list[int]]:
    if not isinstance(raw, Mapping) or "combination" not in raw:
        raise MalformedAction("malformed_action",
                              "a group is an object {'combination': int or null, 'dice': [...]}")
    extra = sorted(set(raw) - {"combination", "dice"})
    if extra:
        raise MalformedAction("malformed_action", f"unexpected group field(s): {extra}")
    target = raw["combination"]
    if target is not None and (isinstance(target, bool) or not isinstance(target, int)):
        raise MalformedAction("malformed_action", "'combination' must be an integer or null")
    dice = int_list_field(raw, "dice")
    if not dice:
        raise MalformedAction("malformed_action", "a group names at least one die")
    if any(n not in ALL_DICE for n in dice):
        raise MalformedAction("die_out_of_range", "dice are numbered 0 to 5")
    return target, dice


def read_groups(action: Mapping[str, Any]) -> list[tuple[int | None, list[int]]]:
    only_fields(action, ("groups",))
    groups = action.get("groups")
    if not isinstance(groups, list):
        raise MalformedAction("malformed_action", "'groups' must be a list of groups")
    return [read_group(g) for g in groups]


def plan_of(state: State, groups: list[tuple[int | None, list[int]]]) -> SetAside:
    on_table = {d.die: d for d in state.table}
    named = [n for _, dice in groups for n in dice]
    if len(set(named)) != len(named):
        raise IllegalAction("die_listed_twice", "each die may be set aside only once")
    if any(n not in on_table for n in named):
        raise IllegalAction("die_not_on_table", "only dice on the table may be set aside")
    targets = [t for t, _ in groups if t is not None]
    if len(set(targets)) != len(targets):
        raise IllegalAction("combination_listed_twice", "name each combination at most once")
    if any(not 0 <= t < len(state.combinations) for t in targets):
        raise IllegalAction("no_such_combination", "no combination has that index")
    additions = sorted((t, tuple(on_table[n] for n in dice)) for t, dice in groups
                       if t is not None)
    new = tuple(tuple(on_table[n] for n in dice) for t, dice in groups if t is None)
    return SetAside(additions=tuple(additions), new=new)


def set_aside(state: State, action: Mapping[str, Any]) -> list[Event]:
    plan = plan_of(state, read_groups(action))
    problem = set_aside_problem(state.combinations, plan)
    if problem:
        raise IllegalAction(*problem)
    plan = SetAside(plan.additions, tuple(sorted(plan.new, key=lambda g: Combination.of(g).value)))
    combinations = apply_set_aside(state.combinations, plan)
    groups = plan_to_action(plan)["groups"]
    events = [ev.dice_set_aside(state.current, groups, combinations)]  # type: ignore[arg-type]
    if len(state.table) == len(plan.dice):
        total = state.turn_total + set_score(combinations)
        events.append(ev.set_completed(state.current, combinations, total))
    return events


def hold(state: State) -> list[Event]:
    """Matching dice on the table join their combinations; the set and turn are banked."""
    joins = forced_joins(state.table, state.combinations)
    combinations = join_all(state.combinations, joins)
    total = state.turn_total + set_score(combinations)
    score = state.scores[state.current] + total
    joined = [{"die": d.die, "combination": i} for i, d in joins]
    events = [ev.turn_held(state.current, joined, combinations, total, score)]
    return events + turn_passes(fold(state, events))


def decide(state: State, seat: int, action: Any, dice: Dice) -> list[Event]:
    if state.over:
        raise IllegalAction("game_over", "the game is over")
    kind = action_type(action, ACTIONS)
    check_turn(state, seat)
    check_phase(state, kind)
    if kind == "roll":
        only_fields(action, ())
        return roll(state, dice)
    if kind == "hold":
        only_fields(action, ())
        return hold(state)
    return set_aside(state, action)
