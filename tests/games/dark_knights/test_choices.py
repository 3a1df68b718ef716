"""legal_actions lists every distinct set-aside; timeouts take the best one and hold."""

from __future__ import annotations

import itertools
from dataclasses import replace
from typing import Any

from games.dark_knights.combinations import SetAside, set_aside_problem
from games.dark_knights.data import SET_ASIDE
from games.dark_knights.set_asides import set_aside_choices
from games.dark_knights.state import State, die_showing
from tests.support.harness import config, play_random, when

from .helpers import (
    HOLD, RESIGN, ROLL, R, add, new, rolled, set_aside, set_asides_listed, start,
)


def test_two_light_fours_on_the_table_are_interchangeable() -> None:
    # dark 2, dark 5, dark 6, light 4, light 4, light 3: only the light 4 pair
    state = rolled([2, 5, 6, 4, 4, 3])
    assert R.legal_actions(state, 0) == [set_aside(new(3, 4)), RESIGN]


def test_choices_name_the_lowest_die_of_each_kind() -> None:
    state, _ = when(R, rolled([2, 4, 5, 3, 3, 6]), 0, set_aside(new(3, 4)))
    state, _ = when(R, state, 0, ROLL, [3, 3, 5, 3])   # dark 3, dark 3, dark 5, light 3
    actions = set_asides_listed(state)
    assert add(0, 0) in [g for a in actions for g in a["groups"]]
    assert add(0, 1) not in [g for a in actions for g in a["groups"]]
    assert sorted(a["groups"][0]["dice"] for a in actions) == [
        [0], [0, 1], [0, 1, 5], [0, 5], [5]]


def test_several_combinations_and_additions_are_offered_together() -> None:
    state = rolled([2, 2, 5, 3, 3, 6])
    assert R.legal_actions(state, 0) == [
        set_aside(new(0, 1)), set_aside(new(3, 4)), set_aside(new(0, 1), new(3, 4)), RESIGN]


def test_equivalent_set_aside_with_other_dice_is_accepted() -> None:
    state, _ = when(R, rolled([2, 4, 5, 3, 3, 6]), 0, set_aside(new(3, 4)))
    state, _ = when(R, state, 0, ROLL, [3, 3, 5, 6])
    _, events = when(R, state, 0, set_aside(add(0, 1)))   # not listed: die 0 is
    assert events[0].data["groups"] == [add(0, 1)]


def canonical(state: State, plan: SetAside) -> tuple[Any, ...]:
    def kinds(dice: Any) -> tuple[tuple[str, int], ...]:
        return tuple(sorted((d.shade, d.face) for d in dice))
    return (
        tuple((i, kinds(dice)) for i, dice in plan.additions),
        tuple(sorted(kinds(g) for g in plan.new)),
    )


def brute_force(state: State) -> set[tuple[Any, ...]]:
    """Every assignment of every die, checked by the rules, up to equal dice."""
    places = ["leave"] + [("add", i) for i in range(len(state.combinations))] + [
        ("new", j) for j in range(3)]
    found = set()
    for assignment in itertools.product(places, repeat=len(state.table)):
        additions: dict[int, tuple[Any, ...]] = {}
        new_groups: dict[int, tuple[Any, ...]] = {}
        for d, place in zip(state.table, assignment):
            if place == "leave":
                continue
            bucket = additions if place[0] == "add" else new_groups
            bucket[place[1]] = bucket.get(place[1], ()) + (d,)
        plan = SetAside(tuple(sorted(additions.items())), tuple(new_groups.values()))
        if set_aside_problem(state.combinations, plan) is None:
            found.add(canonical(state, plan))
    return found


def test_choices_are_exactly_the_legal_set_asides_up_to_equal_dice() -> None:
    checked = 0
    for seed in range(12):
        game = play_random(R, config(R, 2, target=200), seed, keep_states=True,
                           check_timeouts=False)
        for state in game.states:
            if state.phase != SET_ASIDE:
                continue
            listed = [canonical(state, p)
                      for p in set_aside_choices(state.table, state.combinations)]
            assert len(listed) == len(set(listed)), "equivalent choices listed twice"
            assert set(listed) == brute_force(state)
            checked += 1
    assert checked > 100


def test_choices_with_three_dark_aces() -> None:
    state = rolled([1, 1, 1, 2, 3, 1])
    listed = [canonical(state, p) for p in set_aside_choices(state.table, ())]
    assert len(listed) == len(set(listed)) and set(listed) == brute_force(state)
    # each of the light 2, 3 and ace takes one or more dark aces, or the aces go alone
    assert len(listed) == 24


def test_choices_after_dark_aces_alone_are_exactly_the_legal_set_asides() -> None:
    # Dark aces alone take the value of the dice added to them: the choices (built per
    # kind of die, not checked one by one) must never also start a combination of that
    # value, nor a second combination of aces alone. Every kind of table the four dice
    # left can show: the dark die 2's face, and the light dice 3-5's faces as a multiset.
    aces, _ = when(R, rolled([1, 1, 2, 3, 4, 5]), 0, set_aside(new(0, 1)))
    checked = 0
    for dark in range(1, 7):
        for light in itertools.combinations_with_replacement(range(1, 7), 3):
            table = tuple(die_showing(n, f) for n, f in zip((2, 3, 4, 5), (dark, *light)))
            state = replace(aces, table=table, phase=SET_ASIDE)
            listed = [canonical(state, p)
                      for p in set_aside_choices(state.table, state.combinations)]
            assert len(listed) == len(set(listed)) and set(listed) == brute_force(state)
            checked += 1
    assert checked == 6 * 56


def test_timeout_rolls_at_the_start_of_a_turn() -> None:
    assert R.timeout_action(start(), 0) == ROLL


def test_timeout_sets_aside_the_highest_scoring_choice_then_holds() -> None:
    # dark 2, dark 2, dark 5, light 3, light 3, light 6: the light 3s are worth 30
    state = rolled([2, 2, 5, 3, 3, 6])
    action = R.timeout_action(state, 0)
    assert action == set_aside(new(3, 4))
    state, _ = when(R, state, 0, action)
    assert R.timeout_action(state, 0) == HOLD
    state, _ = when(R, state, 0, HOLD)
    assert state.scores == (30, 0)


def test_timeout_counts_the_dice_a_hold_would_add() -> None:
    # dark 4, light 4, dark 5, light 5, light 5, dark 2: 4s (8) and 5s (15 once the
    # dark 5 is forced in) give 23 when held
    state = rolled([4, 5, 2, 4, 5, 5])
    state, _ = when(R, state, 0, R.timeout_action(state, 0))
    state, events = when(R, state, 0, R.timeout_action(state, 0))
    assert events[0].type == "turn_held" and events[0].data["score"] == 23


def test_timeout_after_a_roll_through_holds() -> None:
    state = rolled([2, 2, 5, 3, 3, 5])
    state, _ = when(R, state, 0, set_aside(new(0, 1), new(3, 4), new(2, 5)))
    assert state.turn_total == 40 and R.timeout_action(state, 0) == HOLD
