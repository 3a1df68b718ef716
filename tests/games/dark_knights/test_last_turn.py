"""The last finished turn in the view (issue #16): a player coming back to a slow game
sees what the table saw of the turn before theirs, without replaying events."""

from __future__ import annotations

from typing import Any

from tests.support.harness import config, play_random, when

from .helpers import HOLD, ROLL, R, new, rolled, set_aside, start


def die(n: int, face: int) -> dict[str, object]:
    return {"die": n, "shade": "dark" if n < 3 else "light", "face": face}


def test_no_last_turn_before_the_first_turn_ends() -> None:
    assert R.view(start(), 1)["last_turn"] is None
    assert R.view(rolled([2, 4, 5, 3, 3, 6]), None)["last_turn"] is None


def test_the_next_seat_sees_what_was_rolled_set_aside_and_banked() -> None:
    state, _ = when(R, rolled([2, 4, 5, 3, 3, 6]), 0, set_aside(new(3, 4)))
    state, _ = when(R, state, 0, ROLL, [6, 6, 2, 5])
    state, _ = when(R, state, 0, set_aside(new(0, 1)))
    state, _ = when(R, state, 0, HOLD)
    view = R.view(state, 1)
    assert view["current"] == 1 and view["table"] == [] and view["combinations"] == []
    last = view["last_turn"]
    assert last["seat"] == 0 and last["result"] == "banked"
    assert last["rolls"] == [
        [die(0, 2), die(1, 4), die(2, 5), die(3, 3), die(4, 3), die(5, 6)],
        [die(0, 6), die(1, 6), die(2, 2), die(5, 5)],
    ]
    assert last["set_aside"] == [[new(3, 4)], [new(0, 1)]]
    assert [c["value"] for c in last["combinations"]] == [3, 6]
    assert last["points"] == last["score"] == view["scores"]["0"] == sum(last["sets"]) > 0
    assert R.view(state, None)["last_turn"] == R.view(state, 0)["last_turn"] == last


def test_the_next_seat_sees_a_bust_and_the_points_lost() -> None:
    state, _ = when(R, rolled([2, 4, 5, 3, 3, 6]), 0, set_aside(new(3, 4)))
    state, _ = when(R, state, 0, ROLL, [2, 4, 5, 6])  # nothing matches: the turn busts
    view = R.view(state, 1)
    assert view["current"] == 1 and view["scores"] == {"0": 0, "1": 0}
    assert view["last_turn"] == {
        "seat": 0, "result": "busted", "points": 30, "score": 0,
        "rolls": [[die(0, 2), die(1, 4), die(2, 5), die(3, 3), die(4, 3), die(5, 6)],
                  [die(0, 2), die(1, 4), die(2, 5), die(5, 6)]],
        "set_aside": [[new(3, 4)]], "sets": [],
        "combinations": view["last_turn"]["combinations"],
    }
    assert [c["score"] for c in view["last_turn"]["combinations"]] == [30]


def test_a_roll_through_shows_each_completed_set() -> None:
    state, _ = when(R, rolled([3, 3, 3, 4, 4, 4]), 0, set_aside(new(0, 1, 2), new(3, 4, 5)))
    state, _ = when(R, state, 0, ROLL, [2, 2, 5, 6, 6, 4])
    state, _ = when(R, state, 0, set_aside(new(0, 1), new(3, 4)))
    state, _ = when(R, state, 0, HOLD)
    last = R.view(state, 1)["last_turn"]
    assert len(last["sets"]) == 2 and last["points"] == sum(last["sets"])
    assert last["set_aside"] == [[new(0, 1, 2), new(3, 4, 5)], [new(0, 1), new(3, 4)]]


def test_the_last_turn_stays_until_the_next_one_ends_and_at_the_end_of_the_game() -> None:
    state, _ = when(R, rolled([2, 4, 5, 3, 3, 6]), 0, set_aside(new(3, 4)))
    state, _ = when(R, state, 0, HOLD)
    state, _ = when(R, state, 1, ROLL, [1, 4, 5, 2, 2, 6])
    assert R.view(state, 0)["last_turn"]["seat"] == 0  # seat 1's turn is on the table
    state, _ = when(R, state, 1, set_aside(new(3, 4)))
    state, _ = when(R, state, 1, HOLD)
    assert R.view(state, 0)["last_turn"]["seat"] == 1


def test_in_random_play_the_last_turn_is_the_events_of_the_turn_before() -> None:
    for seed in range(12):
        game = play_random(R, config(R, 1 + seed % 4, first_player=None, target=300), seed,
                           check_timeouts=False, keep_states=True)
        offset = len(game.events) - len(game.states)
        turn: list[Any] = []
        expected = None
        for event, state in zip(game.events[offset:], game.states):
            if event.type == "turn_started":
                turn = []
            turn.append(event)
            if event.type in ("turn_busted", "turn_held"):
                expected = {
                    "seat": event.data["seat"],
                    "rolls": [e.data["dice"] for e in turn if e.type == "dice_rolled"],
                    "set_aside": [e.data["groups"] for e in turn
                                  if e.type == "dice_set_aside"],
                    "result": "banked" if event.type == "turn_held" else "busted",
                }
            last = R.view(state, None)["last_turn"]
            if expected is None:
                assert last is None
            else:
                assert {k: last[k] for k in expected} == expected
                if event.type == "turn_held":
                    assert last["points"] == event.data["turn_total"]
                    assert last["score"] == event.data["score"]
