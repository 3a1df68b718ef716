"""Wild dark aces and light aces worth 10."""

from __future__ import annotations

from tests.support.harness import when

from .helpers import HOLD, ROLL, R, add, new, rejects, rolled, set_aside


def test_lone_dark_ace_is_not_a_combination() -> None:
    state = rolled([1, 4, 5, 3, 3, 6])
    assert rejects(state, 0, set_aside(new(0))) == "combination_too_small"
    assert set_aside(new(0)) not in R.legal_actions(state, 0)


def test_dark_aces_alone_are_ones_and_score_nothing() -> None:
    state, events = when(R, rolled([1, 1, 2, 3, 4, 5]), 0, set_aside(new(0, 1)))
    combination = events[0].data["combinations"][0]
    assert (combination["value"], combination["only_dark_aces"], combination["score"]) == \
        (1, True, 0)


def test_dark_aces_take_the_value_of_the_first_die_added_later() -> None:
    # the rulebook: two dark aces aside; next roll 2, 5, 5, 6: the 5s make a new
    # combination and the 6 joins the aces, making three 6s
    state, _ = when(R, rolled([1, 1, 2, 3, 4, 5]), 0, set_aside(new(0, 1)))
    state, _ = when(R, state, 0, ROLL, [2, 5, 5, 6])
    state, events = when(R, state, 0, set_aside(add(0, 5), new(3, 4)))
    assert [(c["value"], c["score"]) for c in events[0].data["combinations"]] == [(6, 18), (5, 50)]


def test_dark_aces_alone_take_only_one_value() -> None:
    state, _ = when(R, rolled([1, 1, 2, 3, 4, 5]), 0, set_aside(new(0, 1)))
    state, _ = when(R, state, 0, ROLL, [2, 5, 6, 6])
    assert rejects(state, 0, set_aside(add(0, 2, 3))) == "dice_do_not_match"


def test_dark_ace_may_be_added_to_a_combination() -> None:
    state, _ = when(R, rolled([2, 4, 5, 3, 3, 6]), 0, set_aside(new(3, 4)))
    state, _ = when(R, state, 0, ROLL, [1, 4, 5, 6])
    state, events = when(R, state, 0, set_aside(add(0, 0)))
    assert events[0].data["combinations"][0]["score"] == 9   # dark ace counts as a dark 3


def test_dark_ace_stays_dark_in_a_light_combination() -> None:
    _, events = when(R, rolled([1, 4, 5, 3, 3, 6]), 0, set_aside(new(0, 3, 4)))
    combination = events[0].data["combinations"][0]
    assert (combination["dark"], combination["light"], combination["score"]) == (1, 2, 9)


def test_light_aces_are_worth_ten() -> None:
    _, events = when(R, rolled([2, 4, 5, 1, 1, 6]), 0, set_aside(new(3, 4)))
    assert events[0].data["combinations"][0]["value"] == 10
    assert events[0].data["set_score"] == 100


def test_three_light_aces_score_200() -> None:
    _, events = when(R, rolled([2, 4, 5, 1, 1, 1]), 0, set_aside(new(3, 4, 5)))
    assert events[0].data["set_score"] == 200


def test_light_ace_matches_a_dark_ace() -> None:
    _, events = when(R, rolled([1, 4, 5, 1, 3, 6]), 0, set_aside(new(0, 3)))
    assert events[0].data["combinations"][0]["value"] == 10
    assert events[0].data["set_score"] == 20   # mixed: 2 dice x 10


def test_light_ace_does_not_match_a_dark_two() -> None:
    assert rejects(rolled([2, 4, 5, 1, 3, 3]), 0, set_aside(new(0, 3))) == "dice_do_not_match"


def test_light_ace_joins_dark_aces_alone_as_a_ten() -> None:
    state, _ = when(R, rolled([1, 1, 2, 3, 4, 5]), 0, set_aside(new(0, 1)))
    state, _ = when(R, state, 0, ROLL, [3, 1, 4, 6])
    _, events = when(R, state, 0, set_aside(add(0, 3)))
    assert events[0].data["combinations"][0]["value"] == 10
    assert events[0].data["set_score"] == 30   # mixed: 3 dice x 10


def test_dark_ace_left_on_the_table_is_not_forced_in_on_hold() -> None:
    state, _ = when(R, rolled([1, 1, 2, 3, 4, 5]), 0, set_aside(new(0, 1)))
    state, _ = when(R, state, 0, ROLL, [1, 3, 3, 6])
    state, _ = when(R, state, 0, set_aside(new(3, 4)))
    _, events = when(R, state, 0, HOLD)
    assert events[0].data["joined"] == []
    assert events[0].data["set_score"] == 30
