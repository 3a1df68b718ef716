"""Timeouts per the rulings; wrong seats, wrong phases and junk actions."""

from __future__ import annotations

import pytest

from games.core import GameConfig, IllegalAction, MalformedAction, ScriptedDice
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


# --- setup: the common error contract ------------------------------------------------------

@pytest.mark.parametrize("players", [0, 5, -1, "2", True, None])
def test_setup_refuses_a_table_size_it_does_not_take(players):
    with pytest.raises(IllegalAction) as err:
        RULES.setup(GameConfig(players=players), ScriptedDice())
    assert err.value.code == "player_count_out_of_range"


@pytest.mark.parametrize("first", [-1, 3, "0", True])
def test_setup_refuses_a_first_player_who_is_not_a_seat(first):
    with pytest.raises(IllegalAction) as err:
        RULES.setup(GameConfig(players=3, first_player=first), ScriptedDice())
    assert err.value.code == "first_player_out_of_range"


class SidesDice:
    """Scripted results that also record the sides of every die rolled."""

    def __init__(self, results):
        self.results, self.sides = list(results), []

    def roll(self, sides):
        self.sides.append(sides)
        return self.results.pop(0)


def test_one_player_first_player_is_still_drawn_with_a_d1():
    """Stored one-player games drew their first player with a one-sided die: the same dice
    are rolled today, so they replay unchanged."""
    dice = SidesDice([1] + QUIET)
    events = RULES.setup(GameConfig(players=1), dice)
    assert dice.sides == [1, 6, 6, 6, 6, 6, 10] and not dice.results
    assert events[0].data == {"players": 1, "options": {}, "first_player": 0,
                              "first_player_drawn": True}


def test_a_named_first_player_draws_no_die():
    dice = SidesDice(QUIET)
    RULES.setup(GameConfig(players=1, first_player=0), dice)
    assert dice.sides == [6, 6, 6, 6, 6, 10]
