"""Resigning (RULINGS, "Resigning (every game)"): in or out of turn, the round is voided
(stakes go back, nobody loses a die), a new round starts with the usual opener, the
resigned seat's coins leave the game, and it ranks as if it went out at that moment."""

from __future__ import annotations

import pytest

from games.core import IllegalAction, ScriptedDice
from games.core.bots import Rng
from games.snake_bones.bot import BOTS
from games.snake_bones.state import State
from tests.support import bots
from tests.support.harness import when

from .helpers import (
    BLUFF,
    RESIGN,
    R,
    bid,
    event,
    history,
    knocked_out,
    lose_dice,
    stake,
    stake_all,
    start,
)

SIXES = {s: [6] * 5 for s in range(4)}


def resigned(seat: int, round_: int, coins: int) -> object:
    return event("player_resigned", {"seat": seat, "round": round_, "coins": coins})


def bidding(players: int = 3, first: int = 0) -> State:
    """Every stake in (seat + 1 coins each), the dice rolled, the opener to bid."""
    state, _ = stake_all(start(players, first=first), {s: s + 1 for s in range(players)},
                         {s: SIXES[s] for s in range(players)})
    return state


def test_resigning_while_staking_voids_the_round_and_the_usual_opener_starts_the_next() -> None:
    state, _ = when(R, start(3, first=1), 0, stake(4))
    state, events = when(R, state, 2, RESIGN)
    assert events == [
        resigned(2, 1, 10),
        event("round_started", {"round": 2, "opener": 0, "active": [0, 1]}),
    ]
    assert state.stakes[0] is None, "the stake goes back"
    assert R.awaiting(state) == {0: "stake", 1: "stake"}


def test_a_seat_that_already_staked_may_resign_out_of_turn() -> None:
    state, _ = when(R, start(3, first=1), 0, stake(4))
    assert 0 not in R.awaiting(state)
    state, events = when(R, state, 0, RESIGN)
    assert events == [
        resigned(0, 1, 10),
        event("round_started", {"round": 2, "opener": 2, "active": [1, 2]}),
    ]


def test_resigning_while_bidding_voids_the_round_nobody_loses_a_die_or_pays() -> None:
    state, _ = when(R, bidding(3), 0, bid(4, 6))
    state, _ = when(R, state, 1, bid(5, 6))
    assert R.awaiting(state) == {2: "respond"}
    state, events = when(R, state, 0, RESIGN)  # out of turn
    assert events == [
        resigned(0, 1, 10),
        event("round_started", {"round": 2, "opener": 2, "active": [1, 2]}),
    ]
    assert list(zip(state.dice_counts, state.coins))[1:] == [(5, 10), (5, 10)]
    assert state.bid is None and state.bids == () and not state.stakes_revealed
    assert all(stake is None for stake in state.stakes) and all(d == () for d in state.rolled)
    assert R.view(state, 1)["my_dice"] == []


def test_the_player_on_turn_may_resign() -> None:
    state, _ = when(R, bidding(4, first=0), 0, bid(4, 6))
    assert R.awaiting(state) == {1: "respond"}
    state, events = when(R, state, 1, RESIGN)
    assert events == [
        resigned(1, 1, 10),
        event("round_started", {"round": 2, "opener": 3, "active": [0, 2, 3]}),
    ]
    assert R.awaiting(state) == {0: "stake", 2: "stake", 3: "stake"}


def test_the_opener_resigning_the_next_round_opens_to_its_right() -> None:
    _, events = when(R, bidding(4, first=2), 2, RESIGN)
    assert events[-1] == event("round_started", {"round": 2, "opener": 1,
                                                 "active": [0, 1, 3]})


def test_the_next_opener_to_the_right_skips_the_resigned_seat() -> None:
    _, events = when(R, bidding(4, first=2), 1, RESIGN)
    assert events[-1] == event("round_started", {"round": 2, "opener": 0,
                                                 "active": [0, 2, 3]})


def test_the_last_opponent_resigning_ends_the_game_and_the_other_wins() -> None:
    state, _ = when(R, bidding(2), 0, bid(2, 6))
    state, events = when(R, state, 0, RESIGN)
    assert events == [
        resigned(0, 1, 10),
        event("game_over", {"winners": [1], "ranking": [[1], [0]],
                            "scores": {"0": 0, "1": 1}}),
    ]
    assert state.phase == "over" and R.awaiting(state) == {}
    assert all(R.legal_actions(state, s) == [] for s in range(2))


def test_a_resigned_player_ranks_below_players_in_play_and_above_players_out_before() -> None:
    state = history(start(4, first=0), *knocked_out(3, round_=1), lose_dice(0, 1),
                    event("round_started", {"round": 2, "opener": 0, "active": [0, 1, 2]}))
    state, events = when(R, state, 2, RESIGN)
    assert events == [resigned(2, 2, 10),
                      event("round_started", {"round": 3, "opener": 1, "active": [0, 1]})]
    state, _ = stake_all(state, {0: 1, 1: 1}, {0: [2], 1: [6] * 5})
    state, _ = when(R, state, 1, bid(2, 6))
    state, events = when(R, state, 0, BLUFF)
    assert events[-1] == event("game_over", {"winners": [1], "ranking": [[1], [0], [2], [3]],
                                             "scores": {"0": 2, "1": 3, "2": 1, "3": 0}})


def test_the_coins_of_a_resigned_seat_leave_the_game() -> None:
    state = history(start(3), event("coins_paid", {"from": 0, "to": 2, "coins": 3}))
    state, events = when(R, state, 2, RESIGN)
    assert events[0] == resigned(2, 1, 13)
    assert list(state.coins) == [7, 10, 0]
    assert state.dice_counts[2] == 0 and state.dice_in_play == 10
    seats = R.view(state, None)["seats"]
    assert seats[2] == {"seat": 2, "dice_count": 0, "coins": 0, "stake": None,
                        "staked": False, "out": True, "resigned": True}
    assert seats[0]["resigned"] is False


def test_a_resigned_seat_is_never_awaited_and_lists_no_actions() -> None:
    state, _ = when(R, bidding(3), 0, bid(4, 6))
    state, _ = when(R, state, 1, RESIGN)
    assert R.legal_actions(state, 1) == []
    state, _ = stake_all(state, {0: 1, 2: 1}, {0: [6] * 5, 2: [6] * 5})
    assert R.awaiting(state) == {2: "bid"}  # the opener, right of seat 0, skipping none
    state, _ = when(R, state, 2, bid(4, 6))
    assert R.awaiting(state) == {0: "respond"}, "the bidding skips the resigned seat"
    assert R.legal_actions(state, 1) == []


def test_resign_is_listed_for_every_seat_in_play_in_or_out_of_turn() -> None:
    state, _ = when(R, start(3), 0, stake(1))
    for seat in range(3):
        assert R.legal_actions(state, seat)[-1] == RESIGN
    state = bidding(3)
    for seat in range(3):
        assert RESIGN in R.legal_actions(state, seat)
    out = history(start(3), *knocked_out(2))
    assert R.legal_actions(out, 2) == []


@pytest.mark.parametrize("seat_out", ["resigned", "eliminated"])
def test_a_seat_out_of_play_cannot_resign(seat_out: str) -> None:
    if seat_out == "resigned":
        state, _ = when(R, start(3), 2, RESIGN)
    else:
        state = history(start(3), *knocked_out(2))
    with pytest.raises(IllegalAction) as err:
        R.decide(state, 2, RESIGN, ScriptedDice())
    assert err.value.code == "not_in_play"
    with pytest.raises(IllegalAction) as err:  # nor stake: it acts no more
        R.decide(state, 2, stake(1), ScriptedDice())
    assert err.value.code == "not_in_play"


def test_resigning_after_the_game_is_over_is_refused() -> None:
    state, _ = when(R, start(2), 1, RESIGN)
    with pytest.raises(IllegalAction) as err:
        R.decide(state, 0, RESIGN, ScriptedDice())
    assert err.value.code == "game_over"


def test_the_resignation_event_is_public() -> None:
    _, events = when(R, bidding(3), 1, RESIGN)
    assert events[0].visible_to(0) == {"type": "player_resigned",
                                       "data": {"seat": 1, "round": 1, "coins": 10}}


@pytest.mark.parametrize("level", list(BOTS))
def test_bots_never_resign(level: str) -> None:
    for state in (start(3), bidding(3)):
        for seat in R.awaiting(state):
            seen = bots.seen_for(R, state, [], seat)
            assert RESIGN in R.legal_actions(state, seat)   # offered to the seat
            assert RESIGN not in seen.legal   # but what a bot sees never lists it
            assert BOTS[level](seen, Rng(seat))["type"] != "resign"


@pytest.mark.parametrize("seat", [-1, 3, 4])
def test_a_seat_not_at_the_table_may_not_even_resign(seat: int) -> None:
    assert R.legal_actions(bidding(3), seat) == []
