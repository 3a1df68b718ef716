"""Timeouts per the rulings; wrong seats, wrong phases and junk actions."""

from __future__ import annotations

import pytest

from games.core import IllegalAction, MalformedAction
from games.skip_bo_dice import RULES

from .build import act, die, next_turn, start, state_of, turn_roll, up_to, written

QUIET = turn_roll([1, 1, 1, 2, 2, 1])


def rejects(state, seat, action, code, kind=IllegalAction):
    with pytest.raises(kind) as err:
        RULES.decide(state, seat, action, None)
    assert err.value.code == code


def test_timeout_active_player_is_done():
    state = state_of(start(2) + up_to(0, "A", 2) + next_turn(2, 0, (3, 1, 1, 2, 2, 1)))
    assert RULES.timeout_action(state, 0) == {"type": "done"}


def test_timeout_stockpile_takes_first_unused_die_into_first_open_stockpile():
    state = state_of(start(2) + up_to(0, "A", 2) + written(1, 0, [1, 1, 1, 1])
                     + next_turn(2, 0, (3, 1, 1, 2, 2, 1)))
    state, _ = act(state, 0, die("A", 0))
    state, _ = act(state, 0, {"type": "done"})
    assert RULES.timeout_action(state, 0) == {"type": "stockpile", "die": 1, "stockpile": 0}
    assert RULES.timeout_action(state, 1) == {"type": "stockpile", "die": 1, "stockpile": 1}
    state, _ = act(state, 1, RULES.timeout_action(state, 1))
    state, events = act(state, 0, RULES.timeout_action(state, 0), QUIET)
    assert events[-1].type == "turn_started"


def test_timeout_only_for_awaited_seats():
    state = state_of(start(2) + next_turn(2, 0))
    with pytest.raises(IllegalAction):
        RULES.timeout_action(state, 1)


def test_only_the_active_player_fills_rerolls_and_ends_the_turn():
    state = state_of(start(2) + next_turn(2, 0))
    rejects(state, 1, die("A", 0), "not_your_turn")
    rejects(state, 1, {"type": "reroll", "dice": [0]}, "not_your_turn")
    rejects(state, 1, {"type": "done"}, "not_your_turn")


def test_seat_off_the_table():
    state = state_of(start(2) + next_turn(2, 0))
    rejects(state, 2, {"type": "done"}, "no_such_seat")
    rejects(state, -1, {"type": "done"}, "no_such_seat")
    assert RULES.legal_actions(state, 5) == []


def test_out_of_range_values():
    state = state_of(start(2) + next_turn(2, 0))
    rejects(state, 0, die("A", 6), "no_such_die")
    rejects(state, 0, die("A", -1), "no_such_die")
    rejects(state, 0, {"type": "reroll", "dice": [0, 7]}, "no_such_die")


JUNK = [
    None, [], "done", 7, {}, {"type": 3}, {"type": "dance"}, {"type": ["fill"]},
    {"type": "fill"}, {"type": "fill", "pile": "E", "source": {"kind": "die", "die": 0}},
    {"type": "fill", "pile": ["A"], "source": {"kind": "die", "die": 0}},
    {"type": "fill", "pile": "A", "source": {"kind": "die", "die": "0"}},
    {"type": "fill", "pile": "A", "source": {"kind": "die", "die": True}},
    {"type": "fill", "pile": "A", "source": {"kind": "die"}},
    {"type": "fill", "pile": "A", "source": {"kind": "die", "die": 0, "value": 1}},
    {"type": "fill", "pile": "A", "source": {"kind": ["die"]}},
    {"type": "fill", "pile": "A", "source": {"kind": {"a": 1}}},
    {"type": "fill", "pile": "A", "source": "die"},
    {"type": "fill", "pile": "A", "source": {"kind": "free_skip_bo", "die": 0}},
    {"type": "fill", "pile": "A", "source": {"kind": "die", "die": 0}, "extra": 1},
    {"type": "reroll"}, {"type": "reroll", "dice": []}, {"type": "reroll", "dice": [1, 1]},
    {"type": "reroll", "dice": [2, 1]}, {"type": "reroll", "dice": "12"},
    {"type": "reroll", "dice": [0.5]}, {"type": "done", "now": True},
    {"type": "stockpile", "die": None, "stockpile": 0}, {"type": "stockpile", "die": 0},
    {"type": "claim_bonus", "turn": "2", "value_index": 0, "pile": "A"},
    {"type": "claim_bonus", "turn": 2, "value_index": 0, "pile": None},
    {"type": "claim_bonus", "turn": 2, "value_index": [0], "pile": "A"},
]


@pytest.mark.parametrize("junk", JUNK, ids=[repr(j)[:40] for j in JUNK])
def test_malformed_actions_are_rejected(junk):
    state = state_of(start(2) + next_turn(2, 0))
    for seat in (0, 1):
        with pytest.raises(MalformedAction):
            RULES.decide(state, seat, junk, None)
