"""Setup, the first bidder, and stakes."""

from __future__ import annotations

import pytest

from games.core.legal import expand_all
from games.core import GameConfig, IllegalAction, ScriptedDice
from tests.support.harness import config, when

from .helpers import BLUFF, RESIGN, R, event, bid, stake, stake_all, start


def test_game_starts_with_five_dice_and_ten_coins_per_player() -> None:
    events = R.setup(config(R, 3, first_player=1), ScriptedDice())
    assert events == [
        event("game_started", {"players": 3,
                               "options": {"ones_wild": False, "raise_rule": "quantity"},
                               "first_player": 1, "starting_dice": 5, "starting_coins": 10}),
        event("round_started", {"round": 1, "opener": 1, "active": [0, 1, 2]}),
    ]
    state = start(3, first=1)
    assert list(zip(state.dice_counts, state.coins)) == [(5, 10)] * 3
    assert R.awaiting(state) == {0: "stake", 1: "stake", 2: "stake"}


def test_bone_master_names_the_first_bidder() -> None:
    state = start(4, first=2)
    assert state.opener == 2


def test_first_bidder_drawn_when_none_named() -> None:
    events = R.setup(config(R, 4, first_player=None), ScriptedDice([3]))
    assert events[1] == event("first_bidder_drawn", {"seat": 2, "roll": 3})
    assert events[2] == event("round_started", {"round": 1, "opener": 2,
                                                "active": [0, 1, 2, 3]})
    assert start(4, first=None, dice=[3]).opener == 2


@pytest.mark.parametrize("players", [1, 9])
def test_two_to_eight_players(players: int) -> None:
    with pytest.raises(IllegalAction) as err:
        R.setup(GameConfig(players=players, options={}), ScriptedDice())
    assert err.value.code == "player_count_out_of_range"


def test_first_bidder_must_be_a_seat() -> None:
    with pytest.raises(IllegalAction) as err:
        R.setup(GameConfig(players=3, options={}, first_player=3), ScriptedDice())
    assert err.value.code == "first_player_out_of_range"


def test_stake_is_secret_until_all_are_placed() -> None:
    state, events = when(R, start(3), 1, stake(4))
    assert events == [event("stake_placed", {"seat": 1}, {1: {"coins": 4}})]
    assert R.awaiting(state) == {0: "stake", 2: "stake"}
    assert events[0].visible_to(0) == {"type": "stake_placed", "data": {"seat": 1}}


def test_last_stake_reveals_stakes_and_rolls_dice() -> None:
    state, _ = when(R, start(2), 1, stake(4))
    state, events = when(R, state, 0, stake(2), [1, 2, 3, 4, 5, 6, 6, 5, 4, 3])
    assert events == [
        event("stake_placed", {"seat": 0}, {0: {"coins": 2}}),
        event("stakes_revealed", {"stakes": {"0": 2, "1": 4}}),
        event("dice_rolled", {"dice_counts": {"0": 5, "1": 5}},
              {0: {"dice": [1, 2, 3, 4, 5]}, 1: {"dice": [6, 6, 5, 4, 3]}}),
    ]
    assert R.awaiting(state) == {0: "bid"}


@pytest.mark.parametrize("coins", [0, -1, 11])
def test_stake_bounds(coins: int) -> None:
    with pytest.raises(IllegalAction) as err:
        R.decide(start(2), 0, stake(coins), ScriptedDice())
    assert err.value.code == "stake_out_of_range"


def test_stake_may_be_every_coin_held() -> None:
    assert expand_all(R.legal_actions(start(2), 0)) == [stake(c) for c in range(1, 11)] + [RESIGN]
    _, events = when(R, start(2), 0, stake(10))
    assert events == [event("stake_placed", {"seat": 0}, {0: {"coins": 10}})]


def test_staking_twice() -> None:
    """A seat that staked is no longer awaited this round (the shared guard's code)."""
    state, _ = when(R, start(3), 0, stake(1))
    with pytest.raises(IllegalAction) as err:
        R.decide(state, 0, stake(2), ScriptedDice())
    assert err.value.code == "not_your_turn"
    assert expand_all(R.legal_actions(state, 0)) == [RESIGN]  # in play: it may still resign


def test_no_stake_once_the_dice_are_rolled() -> None:
    state, _ = stake_all(start(2), {0: 1, 1: 1}, {0: [1] * 5, 1: [2] * 5})
    assert R.awaiting(state) == {0: "bid"}
    for seat, code in ((0, "wrong_phase"), (1, "not_your_turn")):  # the shared guards
        with pytest.raises(IllegalAction) as err:
            R.decide(state, seat, stake(1), ScriptedDice())
        assert err.value.code == code


@pytest.mark.parametrize("action", [bid(1, 2), BLUFF])
def test_no_bidding_before_every_stake_is_placed(action: dict) -> None:
    state, _ = when(R, start(2), 1, stake(1))
    with pytest.raises(IllegalAction) as err:
        R.decide(state, 0, action, ScriptedDice())
    assert err.value.code == "wrong_phase"
