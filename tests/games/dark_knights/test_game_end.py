"""The target score, the final_round option, options and table size."""

from __future__ import annotations

import pytest

from games.core import GameConfig, GameEvent, IllegalAction, ScriptedDice
from games.core.options import InvalidOptions, resolve_options
from games.dark_knights.state import State
from tests.support.harness import when

from .helpers import HOLD, ROLL, R, event, new, rejects, set_aside, start, types

BUST = [2, 3, 4, 5, 6, 1]   # dark 2 3 4, light 5 6 and ace (10): nothing matches


def bank(state: State, seat: int, faces: list[int],
         dice: tuple[int, ...]) -> tuple[State, list[GameEvent]]:
    state, _ = when(R, state, seat, ROLL, faces)
    state, _ = when(R, state, seat, set_aside(new(*dice)))
    return when(R, state, seat, HOLD)


def test_options_default_to_target_500_without_final_round() -> None:
    assert resolve_options(R.options, {}) == {"target": 500, "final_round": False}


@pytest.mark.parametrize("options", [
    {"target": 49}, {"target": 10_001}, {"target": True}, {"target": "500"},
    {"target": 100.5}, {"final_round": "yes"}, {"final_round": 1}, {"rounds": 3},
])
def test_bad_options_are_refused(options: dict) -> None:
    with pytest.raises(InvalidOptions):
        resolve_options(R.options, options)


@pytest.mark.parametrize("players", [0, 9])
def test_one_to_eight_players(players: int) -> None:
    with pytest.raises(IllegalAction) as err:
        R.setup(GameConfig(players=players, options={}, first_player=0), ScriptedDice())
    assert err.value.code == "player_count_out_of_range"


def test_named_first_player_must_be_at_the_table() -> None:
    with pytest.raises(IllegalAction) as err:
        R.setup(GameConfig(players=2, options={}, first_player=2), ScriptedDice())
    assert err.value.code == "first_player_out_of_range"


def test_reaching_the_target_wins_at_once() -> None:
    state, events = bank(start(2, target=50), 0, [2, 4, 6, 5, 5, 3], (3, 4))
    result = {"winners": [0], "ranking": [[0], [1]], "scores": {"0": 50, "1": 0}}
    assert events[1:] == [event("game_over", result)]
    assert R.outcome(state) == result
    assert R.awaiting(state) == {} and R.legal_actions(state, 1) == []
    assert rejects(state, 1, ROLL) == "game_over"


def test_below_the_target_the_turn_passes() -> None:
    state, events = bank(start(2, target=60), 0, [2, 4, 6, 5, 5, 3], (3, 4))
    assert events[1:] == [event("turn_started", {"seat": 1, "last_turn": False})]
    assert R.outcome(state) is None


def test_single_player_keeps_the_dice() -> None:
    state, events = bank(start(1, target=100), 0, [2, 4, 6, 5, 5, 3], (3, 4))
    assert events[1:] == [event("turn_started", {"seat": 0, "last_turn": False})]
    state, events = when(R, state, 0, ROLL, BUST)
    assert types(events) == ["dice_rolled", "turn_busted", "turn_started"]
    state, events = bank(state, 0, [2, 4, 6, 5, 5, 3], (3, 4))
    assert events[-1].type == "game_over" and R.outcome(state)["winners"] == [0]


def test_final_round_gives_every_other_player_one_last_turn() -> None:
    state, events = bank(start(3, target=50, final_round=True), 0, [2, 4, 6, 5, 5, 3], (3, 4))
    assert events[1:] == [
        event("final_round_started", {"seat": 0, "score": 50, "last_turns": [1, 2]}),
        event("turn_started", {"seat": 1, "last_turn": True}),
    ]
    assert R.outcome(state) is None
    state, events = when(R, state, 1, ROLL, BUST)
    assert events[-1] == event("turn_started", {"seat": 2, "last_turn": True})
    state, events = bank(state, 2, [2, 5, 6, 4, 4, 4], (3, 4, 5))   # light 4s: 80
    assert events[-1] == event("game_over", {
        "winners": [2], "ranking": [[2], [0], [1]], "scores": {"0": 50, "1": 0, "2": 80}})


def test_final_round_ties_share_the_win() -> None:
    state, _ = bank(start(2, target=50, final_round=True), 0, [2, 4, 6, 5, 5, 3], (3, 4))
    state, events = bank(state, 1, [2, 4, 6, 5, 5, 3], (3, 4))
    assert events[-1] == event("game_over", {
        "winners": [0, 1], "ranking": [[0, 1]], "scores": {"0": 50, "1": 50}})


def test_final_round_is_not_started_twice() -> None:
    state, _ = bank(start(3, target=50, final_round=True), 0, [2, 4, 6, 5, 5, 3], (3, 4))
    state, events = bank(state, 1, [2, 4, 6, 6, 6, 3], (3, 4))   # 60, over the target
    assert types(events) == ["turn_held", "turn_started"]
    assert events[-1].data == {"seat": 2, "last_turn": True}


def test_final_round_with_one_player_ends_at_once() -> None:
    state, events = bank(start(1, target=50, final_round=True), 0, [2, 4, 6, 5, 5, 3], (3, 4))
    assert types(events) == ["turn_held", "game_over"]


def test_final_round_starts_after_the_first_player_who_reached_the_target() -> None:
    state, _ = when(R, start(3, target=50, final_round=True), 0, ROLL, BUST)
    state, events = bank(state, 1, [2, 4, 6, 5, 5, 3], (3, 4))
    assert events[1].data["last_turns"] == [2, 0]
