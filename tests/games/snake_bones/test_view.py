"""The view: what each seat and a spectator see, and nothing hidden leaks."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from games.snake_bones.state import State
from tests.support import scale
from tests.support.harness import config, play_random, secrets, when

from .helpers import BLUFF, R, bid, stake, stake_all, start

DICE_2P = {0: [2, 2, 3, 4, 5], 1: [2, 6, 6, 1, 4]}


def seat(n: int, stake_: int | None, staked: bool, dice: int = 5, coins: int = 10,
         out: bool = False) -> dict[str, Any]:
    return {"seat": n, "dice_count": dice, "coins": coins, "stake": stake_,
            "staked": staked, "out": out, "resigned": False}


def test_view_while_staking_shows_only_own_stake() -> None:
    state, _ = when(R, start(2), 1, stake(4))
    assert R.view(state, 1)["seats"] == [seat(0, None, False), seat(1, 4, True)]
    assert R.view(state, 0)["seats"] == [seat(0, None, False), seat(1, None, True)]
    spectator = R.view(state, None)
    assert spectator["seats"] == [seat(0, None, False), seat(1, None, True)]
    assert "my_dice" not in spectator
    assert R.view(state, 0)["my_dice"] == []
    assert spectator["turn"] is None and spectator["awaiting"] == {"0": "stake"}


def test_view_after_the_roll() -> None:
    state, _ = stake_all(start(2), {0: 3, 1: 2}, DICE_2P)
    state, _ = when(R, state, 0, bid(3, 2))
    assert R.view(state, 1) == {
        "players": 2, "phase": "bidding", "round": 1, "opener": 0, "turn": 1,
        "awaiting": {"1": "respond"}, "options": {"ones_wild": False, "raise_rule": "quantity"},
        "dice_in_play": 10, "bid": {"seat": 0, "quantity": 3, "face": 2},
        "bids": [{"seat": 0, "quantity": 3, "face": 2}],
        "stakes_revealed": True, "seats": [seat(0, 3, True), seat(1, 2, True)],
        "last_reveal": None, "outcome": None, "my_dice": [2, 6, 6, 1, 4],
    }
    assert "my_dice" not in R.view(state, None)


def test_view_shows_the_last_reveal() -> None:
    state, _ = stake_all(start(2), {0: 3, 1: 2}, DICE_2P)
    state, _ = when(R, state, 0, bid(3, 2))
    state, _ = when(R, state, 1, BLUFF)
    view = R.view(state, None)
    assert view["last_reveal"] == {
        "round": 1, "call": "bluff", "caller": 1, "bid": {"seat": 0, "quantity": 3, "face": 2},
        "dice": {"0": [2, 2, 3, 4, 5], "1": [2, 6, 6, 1, 4]}, "count": 3,
        "caller_right": False, "losers": [1], "payments": [{"from": 1, "to": 0, "coins": 2}],
        "bids": [{"seat": 0, "quantity": 3, "face": 2}],
    }
    assert view["phase"] == "staking" and view["round"] == 2 and view["opener"] == 1
    assert view["bid"] is None
    assert view["seats"] == [seat(0, None, False, coins=12), seat(1, None, False, 4, 8)]
    assert R.view(state, 0)["my_dice"] == []


def test_the_view_lists_the_rounds_bids_in_order_with_who_made_each() -> None:
    """A player returning to a slow game sees the bidding the table heard, not only the
    standing bid; after a call the called round's bids stay in the reveal."""
    state, _ = stake_all(start(3), {0: 1, 1: 1, 2: 1},
                         {0: [2, 2, 3, 4, 5], 1: [2, 6, 6, 1, 4], 2: [1, 1, 1, 1, 1]})
    assert R.view(state, 1)["bids"] == []
    state, _ = when(R, state, 0, bid(2, 2))
    state, _ = when(R, state, 1, bid(3, 6))
    state, _ = when(R, state, 2, bid(4, 1))
    said = [{"seat": 0, "quantity": 2, "face": 2}, {"seat": 1, "quantity": 3, "face": 6},
            {"seat": 2, "quantity": 4, "face": 1}]
    for viewer in (None, 0, 1, 2):
        view = R.view(state, viewer)
        assert view["bids"] == said and view["bid"] == said[-1]
    state, _ = when(R, state, 0, BLUFF)
    view = R.view(state, 2)
    assert view["round"] == 2 and view["bids"] == [] and view["last_reveal"]["bids"] == said
    state, _ = stake_all(state, {0: 1, 1: 1, 2: 1},
                         {0: [2, 2, 3, 4], 1: [2, 6, 6, 1, 4], 2: [1, 1, 1, 1, 1]})
    state, _ = when(R, state, state.opener, bid(1, 3))
    assert R.view(state, None)["bids"] == [{"seat": state.opener, "quantity": 1, "face": 3}]


def test_the_bids_in_the_view_are_the_bid_events_of_the_round() -> None:
    for seed in range(20):
        game = play_random(R, config(R, 2 + seed % 5, first_player=None), seed,
                           check_timeouts=False, keep_states=True)
        said: list[dict[str, Any]] = []
        for event, state in zip(game.events[len(game.events) - len(game.states):], game.states):
            if event.type == "round_started":
                said = []
            if event.type == "bid_made":
                said.append({k: event.data[k] for k in ("seat", "quantity", "face")})
            assert R.view(state, None)["bids"] == said


def hide_others(state: State, viewer: int | None) -> State:
    """The same state with every secret the viewer may not know changed."""
    stakes, rolled = list(state.stakes), list(state.rolled)
    for i in range(state.players):
        if i != viewer:
            if stakes[i] is not None and not state.stakes_revealed:
                stakes[i] += 1
            rolled[i] = tuple(d % 6 + 1 for d in rolled[i])
    return replace(state, stakes=tuple(stakes), rolled=tuple(rolled))


@pytest.mark.parametrize("players", [2, 3, 5, 8])
def test_no_seat_sees_hidden_information(players: int) -> None:
    for seed in range(scale.games(25, 5)):
        cfg = config(R, players, first_player=None, ones_wild=seed % 2 == 0)
        game = play_random(R, cfg, seed, check_timeouts=False, keep_states=True)
        for state in game.states:
            for viewer in [None, *range(players)]:
                shown = R.view(state, viewer)
                json.dumps(shown)
                assert shown == R.view(hide_others(state, viewer), viewer)
                if viewer is not None:
                    assert shown["my_dice"] == list(state.rolled[viewer])
                reveal = shown["last_reveal"]
                assert (reveal is None or reveal["round"] < state.round
                        or state.phase in ("resolving", "over"))
        for event in game.events:
            for viewer in [None, *range(players)]:
                seen = event.visible_to(viewer)
                if viewer in secrets(event):
                    assert seen["private"] == dict(secrets(event)[viewer])
                else:
                    assert "private" not in seen
            if event.type == "dice_rolled":
                assert set(event.data) == {"dice_counts"}
            if event.type == "stake_placed":
                assert set(event.data) == {"seat"}
