"""Badly shaped, out-of-turn and out-of-range actions are refused with stable codes."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import IllegalAction, MalformedAction, ScriptedDice
from tests.support.harness import when

from .helpers import HOLD, RESIGN, ROLL, R, add, new, rejects, rolled, set_aside, start


def test_not_your_turn() -> None:
    assert rejects(start(), 1, ROLL) == "not_your_turn"
    assert R.legal_actions(start(), 1) == [RESIGN]
    assert rejects(rolled([2, 4, 5, 3, 3, 6]), 1, set_aside(new(3, 4))) == "not_your_turn"


@pytest.mark.parametrize("action, code", [
    (None, "malformed_action"),
    ([], "malformed_action"),
    ("roll", "malformed_action"),
    ({}, "malformed_action"),
    ({"type": 5}, "malformed_action"),
    ({"type": "pass"}, "unknown_action_type"),
    ({"type": "set_aside"}, "malformed_action"),
    ({"type": "set_aside", "groups": "3,4"}, "malformed_action"),
    ({"type": "set_aside", "groups": [3, 4]}, "malformed_action"),
    ({"type": "set_aside", "groups": [{"dice": [3, 4]}]}, "malformed_action"),
    ({"type": "set_aside", "groups": [{"combination": "0", "dice": [3]}]}, "malformed_action"),
    ({"type": "set_aside", "groups": [{"combination": True, "dice": [3]}]}, "malformed_action"),
    ({"type": "set_aside", "groups": [{"combination": None, "dice": "34"}]}, "malformed_action"),
    ({"type": "set_aside", "groups": [{"combination": None, "dice": []}]}, "malformed_action"),
    ({"type": "set_aside", "groups": [{"combination": None, "dice": [3.0, 4]}]},
     "malformed_action"),
    ({"type": "set_aside", "groups": [{"combination": None, "dice": [True, 4]}]},
     "malformed_action"),
    ({"type": "set_aside", "groups": [{"combination": None, "dice": [3, 4], "x": 1}]},
     "malformed_action"),
    ({"type": "set_aside", "groups": [new(3, 4)], "extra": 1}, "malformed_action"),
    ({"type": "set_aside", "groups": [new(3, 9)]}, "die_out_of_range"),
    ({"type": "set_aside", "groups": [new(-1, 3)]}, "die_out_of_range"),
])
def test_malformed_set_aside(action: Any, code: str) -> None:
    with pytest.raises(MalformedAction) as err:
        R.decide(rolled([2, 4, 5, 3, 3, 6]), 0, action, ScriptedDice())
    assert err.value.code == code


@pytest.mark.parametrize("action", [{"type": "roll", "dice": [1]}, {"type": "hold", "all": True}])
def test_roll_and_hold_take_no_fields(action: dict) -> None:
    state, _ = when(R, rolled([2, 4, 5, 3, 3, 6]), 0, set_aside(new(3, 4)))
    with pytest.raises(MalformedAction):
        R.decide(state, 0, action, ScriptedDice([3] * 4))


def test_die_must_be_on_the_table() -> None:
    state, _ = when(R, rolled([2, 4, 5, 3, 3, 6]), 0, set_aside(new(3, 4)))
    state, _ = when(R, state, 0, ROLL, [2, 2, 3, 6])
    assert rejects(state, 0, set_aside(add(0, 3))) == "die_not_on_table"


def test_a_die_is_named_once() -> None:
    state = rolled([2, 2, 5, 3, 3, 6])
    assert rejects(state, 0, set_aside(new(3, 4), new(3, 4))) == "die_listed_twice"


def test_combination_must_exist() -> None:
    state, _ = when(R, rolled([2, 4, 5, 3, 3, 6]), 0, set_aside(new(3, 4)))
    state, _ = when(R, state, 0, ROLL, [3, 3, 5, 6])
    assert rejects(state, 0, set_aside(add(1, 0))) == "no_such_combination"
    assert rejects(state, 0, set_aside(add(-1, 0))) == "no_such_combination"
    assert rejects(state, 0, set_aside(add(0, 0), add(0, 1))) == "combination_listed_twice"


def test_every_refusal_is_an_illegal_action() -> None:
    state = rolled([2, 4, 5, 3, 3, 6])
    for junk in [{"type": "set_aside", "groups": [None]}, {"type": "hold", 1: 2}, 7, 3.5]:
        with pytest.raises(IllegalAction):
            R.decide(state, 0, junk, ScriptedDice())
    assert rejects(state, 0, HOLD) == "wrong_phase"  # awaited to set aside
