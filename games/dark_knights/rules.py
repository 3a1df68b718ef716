"""The rules of a Dark Knights turn and of the game's end, as small named functions of
the state (no events, no dice). Combinations and their scores: combinations.py; every
distinct set-aside after a roll: set_asides.py."""

from __future__ import annotations

from games.core.outcome import Outcome, rank_by
from games.core.seats import next_seat, seats_from

from .combinations import SetAside, apply_set_aside, forced_joins, join_all, set_score
from .set_asides import set_aside_choices
from .state import Combination, Die, State


def can_set_aside(table: tuple[Die, ...], combinations: tuple[Combination, ...]) -> bool:
    """After a roll the player must set something aside; with nothing possible, a bust."""
    return bool(set_aside_choices(table, combinations))


def completes_the_set(state: State, plan: SetAside) -> bool:
    """A roll-through: the set-aside leaves no die on the table."""
    return len(state.table) == len(plan.dice)


def hold_joins(state: State) -> tuple[tuple[int, Die], ...]:
    """On holding, each table die whose value is a combination's value joins it."""
    return forced_joins(state.table, state.combinations)


def held_set(state: State) -> tuple[Combination, ...]:
    """The set as a hold would score it: the forced dice joined."""
    return join_all(state.combinations, hold_joins(state))


def hold_value(state: State) -> int:
    """What holding now adds to the banked score (matching table dice join first)."""
    return state.turn_total + set_score(held_set(state))


def value_if_held_after(state: State, plan: SetAside) -> int:
    """The set's score if this set-aside is made and the turn is then held."""
    combinations = apply_set_aside(state.combinations, plan)
    taken = {d.die for d in plan.dice}
    table = tuple(d for d in state.table if d.die not in taken)
    return set_score(join_all(combinations, forced_joins(table, combinations)))


def highest_scoring_set_aside(state: State) -> SetAside:
    """Ruling (timeouts): the set-aside that scores most if held at once (the first of
    equals, in legal_actions order)."""
    plans = set_aside_choices(state.table, state.combinations)
    return max(plans, key=lambda p: value_if_held_after(state, p))


def next_player(state: State) -> int:
    """Turns pass to the left (a single player keeps the dice)."""
    return next_seat(state.current, state.players, range(state.players))


def others_in_turn_order(state: State, seat: int) -> list[int]:
    """Every other seat, from the next one on: who is owed a last turn."""
    return seats_from(seat, state.players)[1:]


def reached_target(state: State, seat: int) -> bool:
    return state.scores[seat] >= state.target


def standings(state: State) -> Outcome:
    """The highest banked score wins; seats rank by banked score, ties share."""
    ranking = tuple(tuple(group) for group in rank_by(state.scores))
    return Outcome(winners=ranking[0], ranking=ranking,
                   scores={seat: score for seat, score in enumerate(state.scores)})
