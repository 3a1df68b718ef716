"""Bluff and spot-on calls, payments, ones wild, elimination, next opener, game over."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import GameEvent, IllegalAction, MalformedAction, ScriptedDice
from games.snake_bones.state import State
from tests.support.harness import when

from .helpers import (
    BLUFF, SPOT_ON, R, bid, event, history, knocked_out, lose_dice, stake_all, start,
)

DICE_2P = {0: [2, 2, 3, 4, 5], 1: [2, 6, 6, 1, 4]}
DICE_3P = {0: [4, 4, 1, 2, 3], 1: [4, 5, 6, 6, 6], 2: [1, 1, 2, 3, 5]}


def two_players(**options: Any) -> State:
    state, _ = stake_all(start(2, **options), {0: 3, 1: 2}, DICE_2P)
    return state


def three_players(state: State | None = None) -> State:
    state, _ = stake_all(state or start(3), {0: 1, 1: 2, 2: 3}, DICE_3P)
    return state


def called(state: State, bidder: int, quantity: int, face: int, caller: int,
           call: dict) -> tuple[State, list[GameEvent]]:
    state, _ = when(R, state, bidder, bid(quantity, face))
    return when(R, state, caller, call)


def test_bluff_called_on_a_bid_that_stands() -> None:
    state, events = called(two_players(), 0, 3, 2, 1, BLUFF)
    assert events == [
        event("bluff_called", {
            "round": 1, "caller": 1, "bid": {"seat": 0, "quantity": 3, "face": 2},
            "dice": {"0": [2, 2, 3, 4, 5], "1": [2, 6, 6, 1, 4]}, "count": 3,
            "caller_right": False, "losers": [1],
            "payments": [{"from": 1, "to": 0, "coins": 2}]}),
        event("die_lost", {"seat": 1, "dice_left": 4}),
        event("coins_paid", {"from": 1, "to": 0, "coins": 2}),
        event("round_started", {"round": 2, "opener": 1, "active": [0, 1]}),
    ]
    assert list(zip(state.dice_counts, state.coins)) == [(5, 12), (4, 8)]


def test_bluff_called_on_a_bid_that_is_too_high() -> None:
    state, events = called(two_players(), 0, 4, 2, 1, BLUFF)
    assert events[0].data["count"] == 3
    assert events[0].data["caller_right"] is True
    assert events[1:] == [
        event("die_lost", {"seat": 0, "dice_left": 4}),
        event("coins_paid", {"from": 0, "to": 1, "coins": 3}),
        event("round_started", {"round": 2, "opener": 1, "active": [0, 1]}),
    ]
    assert list(zip(state.dice_counts, state.coins)) == [(4, 7), (5, 13)]


def test_spot_on_right_every_other_player_loses_a_die_and_pays_the_caller() -> None:
    state, events = called(three_players(), 0, 3, 4, 1, SPOT_ON)
    assert events == [
        event("spot_on_called", {
            "round": 1, "caller": 1, "bid": {"seat": 0, "quantity": 3, "face": 4},
            "dice": {"0": [4, 4, 1, 2, 3], "1": [4, 5, 6, 6, 6], "2": [1, 1, 2, 3, 5]},
            "count": 3, "caller_right": True, "losers": [0, 2],
            "payments": [{"from": 0, "to": 1, "coins": 1}, {"from": 2, "to": 1, "coins": 3}]}),
        event("die_lost", {"seat": 0, "dice_left": 4}),
        event("die_lost", {"seat": 2, "dice_left": 4}),
        event("coins_paid", {"from": 0, "to": 1, "coins": 1}),
        event("coins_paid", {"from": 2, "to": 1, "coins": 3}),
        event("round_started", {"round": 2, "opener": 2, "active": [0, 1, 2]}),
    ]
    assert list(zip(state.dice_counts, state.coins)) == [(4, 9), (5, 14), (4, 7)]


def test_spot_on_wrong_the_caller_loses_a_die_and_pays_the_bidder() -> None:
    state, events = called(three_players(), 0, 2, 4, 1, SPOT_ON)
    assert events[0].data["count"] == 3
    assert events[0].data["caller_right"] is False
    assert events[0].data["losers"] == [1]
    assert events[1:] == [
        event("die_lost", {"seat": 1, "dice_left": 4}),
        event("coins_paid", {"from": 1, "to": 0, "coins": 2}),
        event("round_started", {"round": 2, "opener": 2, "active": [0, 1, 2]}),
    ]
    assert list(zip(state.dice_counts, state.coins)) == [(5, 12), (4, 8), (5, 10)]


def test_ones_not_wild_by_default() -> None:
    _, events = called(two_players(), 0, 4, 2, 1, BLUFF)
    assert (events[0].data["count"], events[0].data["caller_right"]) == (3, True)


def test_ones_wild_count_toward_another_face() -> None:
    _, events = called(two_players(ones_wild=True), 0, 4, 2, 1, BLUFF)
    assert (events[0].data["count"], events[0].data["caller_right"]) == (4, False)
    assert events[1] == event("die_lost", {"seat": 1, "dice_left": 4})


def test_ones_wild_a_bid_on_ones_counts_only_ones() -> None:
    _, events = called(two_players(ones_wild=True), 0, 1, 1, 1, SPOT_ON)
    assert (events[0].data["count"], events[0].data["caller_right"]) == (1, True)


def test_player_with_no_coins_is_out() -> None:
    state, _ = stake_all(start(2), {0: 10, 1: 1}, DICE_2P)
    state, events = called(state, 0, 6, 6, 1, BLUFF)
    assert events[1:] == [
        event("die_lost", {"seat": 0, "dice_left": 4}),
        event("coins_paid", {"from": 0, "to": 1, "coins": 10}),
        event("player_out", {"seat": 0, "round": 1, "reason": "no_coins"}),
        event("game_over", {"winners": [1], "ranking": [[1], [0]],
                            "scores": {"0": 0, "1": 1}}),
    ]
    assert R.outcome(state) == {"winners": [1], "ranking": [[1], [0]],
                                "scores": {"0": 0, "1": 1}}
    assert R.awaiting(state) == {} and R.legal_actions(state, 1) == []


def test_player_with_no_dice_is_out() -> None:
    state = history(start(3), lose_dice(1, 1))
    state, _ = stake_all(state, {0: 1, 1: 1, 2: 1},
                         {0: [5, 5, 5, 5, 5], 1: [2], 2: [3, 3, 3, 3, 3]})
    state, events = called(state, 0, 5, 5, 1, BLUFF)
    assert events[1:] == [
        event("die_lost", {"seat": 1, "dice_left": 0}),
        event("coins_paid", {"from": 1, "to": 0, "coins": 1}),
        event("player_out", {"seat": 1, "round": 1, "reason": "no_dice"}),
        event("round_started", {"round": 2, "opener": 2, "active": [0, 2]}),
    ]
    assert R.awaiting(state) == {0: "stake", 2: "stake"}


def test_next_opener_is_counterclockwise_of_the_last_opener() -> None:
    state = start(4, first=2)
    state, _ = stake_all(state, {s: 1 for s in range(4)}, {s: [6] * 5 for s in range(4)})
    state, events = called(state, 2, 1, 6, 3, BLUFF)
    assert events[-1] == event("round_started", {"round": 2, "opener": 1, "active": [0, 1, 2, 3]})
    assert state.dice_counts[3] == 4
    rolls = {0: [6] * 5, 1: [6] * 5, 2: [6] * 5, 3: [6] * 4}
    state, _ = stake_all(state, {s: 1 for s in range(4)}, rolls)
    assert R.awaiting(state) == {1: "bid"}


def test_next_opener_wraps_around_the_table() -> None:
    state, events = called(two_players(), 0, 3, 2, 1, BLUFF)
    assert events[-1].data["opener"] == 1


def test_next_opener_skips_seats_that_are_out() -> None:
    state = history(start(4, first=0), *knocked_out(3))
    state, _ = stake_all(state, {0: 1, 1: 1, 2: 1}, {s: [6] * 5 for s in range(3)})
    _, events = called(state, 0, 1, 6, 1, BLUFF)
    assert events[-1] == event("round_started", {"round": 2, "opener": 2, "active": [0, 1, 2]})


def test_next_opener_when_the_last_opener_goes_out() -> None:
    state = history(start(3, first=0), lose_dice(0, 1))
    state, _ = stake_all(state, {0: 1, 1: 1, 2: 1}, {0: [2], 1: [6] * 5, 2: [6] * 5})
    _, events = called(state, 0, 3, 2, 1, BLUFF)
    assert events[-2:] == [
        event("player_out", {"seat": 0, "round": 1, "reason": "no_dice"}),
        event("round_started", {"round": 2, "opener": 2, "active": [1, 2]}),
    ]


def test_simultaneous_exits_tie() -> None:
    state = history(start(3), lose_dice(0, 1), lose_dice(2, 1))
    state, _ = stake_all(state, {0: 1, 1: 1, 2: 1}, {0: [4], 1: [4, 4, 5, 6, 6], 2: [3]})
    state, events = called(state, 0, 3, 4, 1, SPOT_ON)
    assert events[-3:] == [
        event("player_out", {"seat": 0, "round": 1, "reason": "no_dice"}),
        event("player_out", {"seat": 2, "round": 1, "reason": "no_dice"}),
        event("game_over", {"winners": [1], "ranking": [[1], [0, 2]],
                            "scores": {"0": 0, "1": 2, "2": 0}}),
    ]


def test_ranking_by_how_late_players_went_out() -> None:
    state = history(start(3), *knocked_out(2, round_=1), lose_dice(0, 1),
                    event("round_started", {"round": 2, "opener": 0, "active": [0, 1]}))
    state, _ = stake_all(state, {0: 1, 1: 1}, {0: [1], 1: [2, 2, 2, 2, 2]})
    state, events = called(state, 0, 2, 1, 1, BLUFF)
    assert events[-1] == event("game_over", {"winners": [1], "ranking": [[1], [0], [2]],
                                             "scores": {"0": 1, "1": 2, "2": 0}})
    assert state.phase == "over"


def test_nothing_after_game_over() -> None:
    state, _ = stake_all(start(2), {0: 10, 1: 1}, DICE_2P)
    state, _ = called(state, 0, 6, 6, 1, BLUFF)
    for seat, action in ((0, bid(1, 1)), (1, {"type": "stake", "coins": 1})):
        with pytest.raises(IllegalAction) as err:
            R.decide(state, seat, action, ScriptedDice())
        assert err.value.code == "game_over"
    with pytest.raises(MalformedAction):  # not an action at all: refused for its shape
        R.decide(state, 1, None, ScriptedDice())


def test_timeout_stakes_one_coin() -> None:
    assert R.timeout_action(start(3), 2) == {"type": "stake", "coins": 1}


@pytest.mark.parametrize("dice,face", [
    ([3, 5, 5, 2, 3], 3), ([6, 6, 1, 2, 6], 6), ([4, 2, 5, 1, 3], 1),
])
def test_timeout_opener_bids_one_of_the_face_held_most(dice: list[int], face: int) -> None:
    state, _ = stake_all(start(2), {0: 1, 1: 1}, {0: dice, 1: [6] * 5})
    assert R.timeout_action(state, 0) == {"type": "bid", "quantity": 1, "face": face}


def test_timeout_facing_a_bid_calls_bluff() -> None:
    state, _ = when(R, two_players(), 0, bid(2, 3))
    assert R.timeout_action(state, 1) == {"type": "call_bluff"}
