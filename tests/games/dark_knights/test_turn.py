"""A turn: rolling, setting aside, adding, rolling on, roll-through, busting, holding."""

from __future__ import annotations

from tests.support.harness import config, given, when

from .helpers import (
    HOLD, RESIGN, ROLL, R, event, add, new, rejects, rolled, set_aside, start, types,
)


def die(n: int, face: int) -> dict[str, object]:
    return {"die": n, "shade": "dark" if n < 3 else "light", "face": face}


def test_game_starts_with_the_named_first_player() -> None:
    state, events = given(R, config(R, 3, first_player=2, target=300))
    assert events == [
        event("game_started", {"players": 3, "options": {"target": 300, "final_round": False},
                               "first_player": 2, "first_player_drawn": False}),
        event("turn_started", {"seat": 2, "last_turn": False}),
    ]
    assert R.awaiting(state) == {2: "roll"}


def test_first_player_is_drawn_with_dice_when_none_is_named() -> None:
    state, events = given(R, config(R, 4, first_player=None), dice=[3])
    assert events[0].data["first_player"] == 2
    assert events[0].data["first_player_drawn"] is True
    assert R.awaiting(state) == {2: "roll"}


def test_turn_starts_with_a_roll_of_all_six_dice() -> None:
    state, events = when(R, start(), 0, ROLL, [2, 4, 5, 3, 3, 6])
    assert events == [event("dice_rolled", {"seat": 0, "dice": [
        die(0, 2), die(1, 4), die(2, 5), die(3, 3), die(4, 3), die(5, 6)]})]
    assert R.awaiting(state) == {0: "set_aside"}


def test_must_roll_first() -> None:
    state = start()
    assert R.legal_actions(state, 0) == [ROLL, RESIGN]
    assert rejects(state, 0, HOLD) == "wrong_phase"  # awaited to roll first
    assert rejects(state, 0, set_aside(new(3, 4))) == "wrong_phase"  # awaited to roll first


def test_two_light_threes_score_30() -> None:
    state, events = when(R, rolled([2, 4, 5, 3, 3, 6]), 0, set_aside(new(3, 4)))
    assert events[0].data["combinations"][0]["score"] == 30
    assert events[0].data["set_score"] == 30
    state, events = when(R, state, 0, HOLD)
    assert events[0] == event("turn_held", {
        "seat": 0, "joined": [], "combinations": events[0].data["combinations"],
        "set_score": 30, "turn_total": 30, "score": 30})
    assert state.scores == (30, 0)


def test_three_light_threes_score_60() -> None:
    state, events = when(R, rolled([2, 4, 5, 3, 3, 3]), 0, set_aside(new(3, 4, 5)))
    assert events[0].data["combinations"] == [{
        "index": 0, "value": 3, "dice": [die(3, 3), die(4, 3), die(5, 3)],
        "dark": 0, "light": 3, "only_dark_aces": False, "score": 60}]


def test_mixed_three_threes_score_9() -> None:
    _, events = when(R, rolled([3, 4, 5, 3, 3, 6]), 0, set_aside(new(0, 3, 4)))
    assert events[0].data["set_score"] == 9


def test_dark_ace_joining_a_dark_six_is_worth_0() -> None:
    _, events = when(R, rolled([1, 6, 2, 3, 4, 5]), 0, set_aside(new(0, 1)))
    assert events[0].data["combinations"][0]["value"] == 6
    assert events[0].data["combinations"][0]["score"] == 0


def worked_example_first_set_aside() -> object:
    """The rulebook's example: light 3s, and a dark ace with a dark 6."""
    state = rolled([1, 6, 2, 3, 3, 5])
    state, _ = when(R, state, 0, set_aside(new(3, 4), new(0, 1)))
    assert [(c.value, R.view(state, 0)["combinations"][i]["score"])
            for i, c in enumerate(state.combinations)] == [(3, 30), (6, 0)]
    return state


def test_roll_through_scores_the_set_and_rolls_all_six_again() -> None:
    state = worked_example_first_set_aside()
    state, events = when(R, state, 0, ROLL, [3, 6])   # dice 2 (dark) and 5 (light)
    state, events = when(R, state, 0, set_aside(add(0, 2), add(1, 5)))
    assert types(events) == ["dice_set_aside", "set_completed"]
    assert [c["score"] for c in events[1].data["combinations"]] == [9, 18]
    assert events[1].data["set_score"] == 27 and events[1].data["turn_total"] == 27
    assert R.legal_actions(state, 0) == [ROLL, HOLD, RESIGN]
    state, events = when(R, state, 0, ROLL, [2, 2, 4, 5, 6, 6])
    assert len(events[0].data["dice"]) == 6
    assert state.turn_total == 27 and state.combinations == ()


def test_rewound_example_makes_a_clean_60_and_a_dark_0() -> None:
    state = worked_example_first_set_aside()
    state, _ = when(R, state, 0, ROLL, [6, 3])
    state, events = when(R, state, 0, set_aside(add(0, 5), add(1, 2)))
    assert [c["score"] for c in events[1].data["combinations"]] == [60, 0]
    assert events[1].data["set_score"] == 60
    assert R.legal_actions(state, 0) == [ROLL, HOLD, RESIGN]


def test_roll_rolls_every_die_not_in_a_combination() -> None:
    state, _ = when(R, rolled([2, 4, 5, 3, 3, 6]), 0, set_aside(new(3, 4)))
    state, events = when(R, state, 0, ROLL, [2, 2, 4, 5])   # scripted: exactly 4 dice
    assert [d["die"] for d in events[0].data["dice"]] == [0, 1, 2, 5]
    assert state.combinations[0].value == 3


def test_must_set_aside_after_a_roll() -> None:
    state = rolled([2, 4, 5, 3, 3, 6])
    assert rejects(state, 0, ROLL) == "wrong_phase"  # awaited to set aside
    assert rejects(state, 0, HOLD) == "wrong_phase"  # awaited to set aside
    assert rejects(state, 0, set_aside()) == "nothing_set_aside"


def test_only_one_set_aside_per_roll() -> None:
    state, _ = when(R, rolled([2, 2, 5, 3, 3, 6]), 0, set_aside(new(3, 4)))
    assert rejects(state, 0, set_aside(new(0, 1))) == "wrong_phase"  # awaited to roll or hold


def test_several_combinations_may_be_set_aside_at_once() -> None:
    state, _ = when(R, rolled([2, 2, 5, 3, 3, 6]), 0, set_aside(new(3, 4), new(0, 1)))
    assert [(c.value, len(c.dice)) for c in state.combinations] == [(2, 2), (3, 2)]
    assert [d.die for d in state.table] == [2, 5]


def test_one_added_die_keeps_the_turn_going() -> None:
    state, _ = when(R, rolled([2, 4, 5, 3, 3, 6]), 0, set_aside(new(3, 4)))
    state, _ = when(R, state, 0, ROLL, [2, 4, 5, 3])
    state, events = when(R, state, 0, set_aside(add(0, 5)))
    assert events[0].data["combinations"][0]["score"] == 60
    assert R.awaiting(state) == {0: "roll_or_hold"}


def test_added_dice_must_match_the_combination() -> None:
    state, _ = when(R, rolled([2, 4, 5, 3, 3, 6]), 0, set_aside(new(3, 4)))
    state, _ = when(R, state, 0, ROLL, [2, 2, 5, 6])
    assert rejects(state, 0, set_aside(add(0, 5))) == "dice_do_not_match"


def test_combination_dice_must_match() -> None:
    assert rejects(rolled([2, 4, 5, 3, 3, 6]), 0, set_aside(new(3, 5))) == "dice_do_not_match"


def test_a_value_has_one_combination_per_set() -> None:
    state, _ = when(R, rolled([2, 4, 5, 3, 3, 6]), 0, set_aside(new(3, 4)))
    state, _ = when(R, state, 0, ROLL, [3, 3, 5, 6])
    assert rejects(state, 0, set_aside(new(0, 1))) == "combination_value_taken"
    state, events = when(R, state, 0, set_aside(add(0, 0, 1)))
    assert events[0].data["combinations"][0]["score"] == 12   # 4 dice x 3, mixed


def test_bust_when_no_combination_is_rolled() -> None:
    # dark 2 3 4, light 5 6 and a light ace (10): nothing matches
    state, events = when(R, start(), 0, ROLL, [2, 3, 4, 5, 6, 1])
    assert events[1:] == [event("turn_busted", {"seat": 0, "points_lost": 0}),
                          event("turn_started", {"seat": 1, "last_turn": False})]
    assert R.awaiting(state) == {1: "roll"}


def test_bust_after_a_roll_through_loses_the_turn_total() -> None:
    state = rolled([2, 2, 5, 3, 3, 5])
    state, _ = when(R, state, 0, set_aside(new(0, 1), new(3, 4), new(2, 5)))
    assert state.turn_total == 30 + 5 * 2
    state, events = when(R, state, 0, ROLL, [2, 3, 4, 5, 6, 1])
    assert events[1] == event("turn_busted", {"seat": 0, "points_lost": 40})
    assert state.scores == (0, 0) and state.current == 1


def test_bust_when_nothing_can_be_added() -> None:
    state, _ = when(R, rolled([2, 4, 5, 3, 3, 6]), 0, set_aside(new(3, 4)))
    state, events = when(R, state, 0, ROLL, [2, 4, 5, 6])
    assert types(events) == ["dice_rolled", "turn_busted", "turn_started"]


def test_hold_adds_matching_table_dice_to_their_combination() -> None:
    # the rulebook: two light 6s held with a dark 6 still on the table -> 3 x 6
    state, _ = when(R, rolled([6, 4, 5, 6, 6, 2]), 0, set_aside(new(3, 4)))
    state, events = when(R, state, 0, HOLD)
    assert events[0].data["joined"] == [{"die": 0, "combination": 0}]
    assert events[0].data["set_score"] == 18 and state.scores == (18, 0)


def test_hold_leaves_a_dark_ace_on_the_table() -> None:
    state, _ = when(R, rolled([1, 4, 5, 6, 6, 2]), 0, set_aside(new(3, 4)))
    _, events = when(R, state, 0, HOLD)
    assert events[0].data["joined"] == [] and events[0].data["set_score"] == 60


def test_hold_after_a_roll_through_banks_the_turn_total() -> None:
    state = rolled([2, 2, 5, 3, 3, 5])
    state, _ = when(R, state, 0, set_aside(new(0, 1), new(3, 4), new(2, 5)))
    state, events = when(R, state, 0, HOLD)
    assert events[0].data["set_score"] == 0 and events[0].data["score"] == 40
    assert types(events) == ["turn_held", "turn_started"]
