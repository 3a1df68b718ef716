"""Bids: the opener, turn order, bounds, the raise rule, junk actions."""

from __future__ import annotations

from typing import Any

import pytest

from games.core.legal import expand_all
from games.core import IllegalAction, MalformedAction, ScriptedDice
from games.snake_bones.state import State
from tests.support.harness import when

from .helpers import (
    BLUFF, RESIGN, SPOT_ON, R, event, bid, knocked_out, history, stake, stake_all, start,
)

DICE_2P = {0: [2, 2, 3, 4, 5], 1: [2, 6, 6, 1, 4]}


def rolled(players: int = 2, **options: Any) -> State:
    rolls = {s: DICE_2P.get(s, [3, 3, 3, 3, 3]) for s in range(players)}
    state, _ = stake_all(start(players, **options), {s: 1 for s in range(players)}, rolls)
    return state


def rejects(state: State, seat: int, action: Any) -> str:
    with pytest.raises(IllegalAction) as err:
        R.decide(state, seat, action, ScriptedDice())
    return err.value.code


@pytest.mark.parametrize("call", [BLUFF, SPOT_ON])
def test_opener_must_bid(call: dict) -> None:
    state = rolled()
    assert R.awaiting(state) == {0: "bid"}
    assert rejects(state, 0, call) == "opener_must_bid"
    assert {"type": "call_bluff"} not in expand_all(R.legal_actions(state, 0))


def test_bidding_goes_to_the_left() -> None:
    state, events = when(R, rolled(3), 0, bid(2, 3))
    assert events == [event("bid_made", {"seat": 0, "quantity": 2, "face": 3, "next": 1})]
    assert R.awaiting(state) == {1: "respond"}
    state, events = when(R, state, 1, bid(3, 3))
    state, events = when(R, state, 2, bid(4, 3))
    assert events == [event("bid_made", {"seat": 2, "quantity": 4, "face": 3, "next": 0})]


def test_bidding_skips_seats_that_are_out() -> None:
    state = history(start(3), *knocked_out(1))
    state, _ = stake_all(state, {0: 1, 2: 1}, {0: [1] * 5, 2: [2] * 5})
    _, events = when(R, state, 0, bid(1, 2))
    assert events[0].data["next"] == 2


def test_not_your_turn() -> None:
    state = rolled(3)
    assert rejects(state, 1, bid(1, 2)) == "not_your_turn"
    state, _ = when(R, state, 0, bid(1, 2))
    assert rejects(state, 2, BLUFF) == "not_your_turn"
    assert rejects(state, 0, bid(2, 2)) == "not_your_turn"


@pytest.mark.parametrize("quantity", [0, -2, 11])
def test_bid_quantity_bounds(quantity: int) -> None:
    assert rejects(rolled(), 0, bid(quantity, 3)) == "bid_quantity_out_of_range"


def test_bid_may_name_every_die_in_play() -> None:
    _, events = when(R, rolled(), 0, bid(10, 6))
    assert events == [event("bid_made", {"seat": 0, "quantity": 10, "face": 6, "next": 1})]


def test_bid_quantity_bound_follows_the_dice_in_play() -> None:
    state = history(start(2), event("die_lost", {"seat": 1, "dice_left": 2}))
    state, _ = stake_all(state, {0: 1, 1: 1}, {0: [1] * 5, 1: [2] * 2})
    assert rejects(state, 0, bid(8, 2)) == "bid_quantity_out_of_range"
    assert expand_all(R.legal_actions(state, 0))[-2:] == [bid(7, 6), RESIGN]


@pytest.mark.parametrize("face", [0, 7])
def test_bid_face_bounds(face: int) -> None:
    assert rejects(rolled(), 0, bid(1, face)) == "bid_face_out_of_range"


def test_raise_rule_quantity_needs_a_higher_quantity() -> None:
    state, _ = when(R, rolled(), 0, bid(3, 4))
    assert rejects(state, 1, bid(3, 5)) == "bid_not_higher"
    assert rejects(state, 1, bid(2, 6)) == "bid_not_higher"
    _, events = when(R, state, 1, bid(4, 1))
    assert events[0].data == {"seat": 1, "quantity": 4, "face": 1, "next": 0}
    legal = expand_all(R.legal_actions(state, 1))
    assert legal[0] == bid(4, 1) and len(legal) == 6 * 7 + 2 + 1  # and resign


def test_raise_rule_quantity_or_face_allows_a_higher_face() -> None:
    state, _ = when(R, rolled(raise_rule="quantity_or_face"), 0, bid(3, 4))
    _, events = when(R, state, 1, bid(3, 5))
    assert events[0].data == {"seat": 1, "quantity": 3, "face": 5, "next": 0}
    assert rejects(state, 1, bid(3, 4)) == "bid_not_higher"
    assert rejects(state, 1, bid(3, 3)) == "bid_not_higher"
    assert rejects(state, 1, bid(2, 6)) == "bid_not_higher"
    legal = expand_all(R.legal_actions(state, 1))
    assert legal[:3] == [bid(3, 5), bid(3, 6), bid(4, 1)] and len(legal) == 2 + 6 * 7 + 2 + 1


def test_at_the_top_bid_only_calls_remain() -> None:
    state, _ = when(R, rolled(), 0, bid(10, 6))
    assert expand_all(R.legal_actions(state, 1)) == [BLUFF, SPOT_ON, RESIGN]


def test_seat_that_is_out_cannot_act() -> None:
    state = history(start(3), *knocked_out(2))
    assert R.awaiting(state) == {0: "stake", 1: "stake"}
    assert rejects(state, 2, stake(1)) == "not_in_play"  # a seat that is out acts no more
    assert expand_all(R.legal_actions(state, 2)) == []


def test_no_such_seat() -> None:
    assert rejects(start(2), 2, stake(1)) == "no_such_seat"
    assert rejects(start(2), -1, stake(1)) == "no_such_seat"


@pytest.mark.parametrize("junk", [
    None, [], "bid", 3, {}, {"type": 3}, {"type": "fold"}, {"type": "stake"},
    {"type": "stake", "coins": "2"}, {"type": "stake", "coins": True},
    {"type": "stake", "coins": 1.0}, {"type": "bid", "quantity": 2},
    {"type": "bid", "quantity": None, "face": 3}, {"type": "bid", "quantity": [1], "face": 3},
    {"type": "call_bluff", "seat": 1}, {"type": "stake", "coins": 1, "face": 2},
])
def test_junk_actions_are_malformed(junk: Any) -> None:
    for state, seat in ((start(2), 0), (rolled(), 0)):
        with pytest.raises(MalformedAction):
            R.decide(state, seat, junk, ScriptedDice())
