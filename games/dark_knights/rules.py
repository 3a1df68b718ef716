"""The rules of a Dark Knights turn and of the game's end, as small named functions of
the state (no events, no dice). Combinations and their scores: combinations.py; every
distinct set-aside after a roll: set_asides.py."""

from __future__ import annotations

from games.core.outcome import Outcome, rank_by
from games.core.seats import next_seat, seats_from

from .combinations import SetAside, apply_set_aside, forced_joins, join_all, set_score
from .data import SMALLEST_COMBINATION
from .set_asides import set_aside_choices
from .state import Combination, Die, State


def can_set_aside(table: tuple[Die, ...], combinations: tuple[Combination, ...]) -> bool:
    """After a roll the player must set something aside; with nothing possible, a bust.

    Something is possible (set_asides.py lists it) when 2 dark aces can go alone, a dark
    ace can join a combination, a die can join its value's combination or the dark aces
    alone one, or a die has a match: a second die of its value or a dark ace. Decided
    without listing the set-asides (legal_actions lists them; test_bust.py checks that
    both agree)."""
    wild = sum(1 for d in table if d.wild)
    if wild >= SMALLEST_COMBINATION or (wild and combinations):
        return True
    aces_alone = any(c.only_dark_aces for c in combinations)
    taken = {c.value for c in combinations}
    seen = set()
    for d in table:
        if not d.wild:
            if wild or aces_alone or d.value in taken or d.value in seen:
                return True
            seen.add(d.value)
    return False


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


def in_play(state: State, seat: int) -> bool:
    """A seat that resigned plays no more (RULINGS, Resigning)."""
    return seat not in state.resigned


def next_player(state: State) -> int:
    """Turns pass to the left, skipping seats that resigned (a single player keeps the
    dice)."""
    return next_seat(state.current, state.players, state.in_play)


def others_in_turn_order(state: State, seat: int) -> list[int]:
    """Every other seat still in play, from the next one on: who is owed a last turn."""
    return [s for s in seats_from(seat, state.players)[1:] if in_play(state, s)]


def last_player_standing(state: State) -> bool:
    """The game ends when resignations leave one player (or, alone at the table, none)."""
    return len(state.in_play) < min(2, state.players)


def reached_target(state: State, seat: int) -> bool:
    return state.scores[seat] >= state.target


def standings(state: State) -> Outcome:
    """The highest banked score wins; seats rank by banked score, ties share. Seats that
    resigned rank below every other, the later one to leave higher (RULINGS, Resigning);
    their scores are kept for the record. Alone at the table, a resignation wins nobody."""
    playing = state.in_play
    by_score = rank_by([state.scores[s] for s in playing])
    ranking = tuple(tuple(playing[i] for i in group) for group in by_score)
    ranking += tuple((seat,) for seat in reversed(state.resigned))
    return Outcome(winners=ranking[0] if playing else (), ranking=ranking,
                   scores={seat: score for seat, score in enumerate(state.scores)})
