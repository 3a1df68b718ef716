"""Timeouts in every awaited decision, and refusals of junk and out-of-step actions."""

from __future__ import annotations

import pytest

from games.bare_bones import RULES
from games.bare_bones.state import InPlay
from games.core import IllegalAction, MalformedAction

from .build import act, dice_played, rolled, started, table, with_turn

WHITES = ["white"] * 10


def test_timeout_in_the_draft_takes_the_first_card_of_the_supply_it_may():
    assert RULES.timeout_action(started(2), 0) == {"type": "draft", "card": "blue"}


def test_timeout_stops_playing_cards():
    assert RULES.timeout_action(table(hands={0: ["red"]}), 0) == {"type": "stop_playing"}


def test_timeout_rolls_what_is_played_the_most_dice_then_the_highest_average():
    state = table(play={0: dice_played("blue", "blue", "black", "black", "white", "white",
                                       "yellow")})
    state = with_turn(state, step="roll")
    assert RULES.timeout_action(state, 0) == {
        "type": "roll", "dice": ["blue", "yellow", "black", "black", "white", "white"]}
    state = with_turn(table(play={0: dice_played("purple")}), step="roll")
    assert RULES.timeout_action(state, 0) == {"type": "roll", "dice": ["blue", "red"]}


def test_timeout_keeps_the_dice_and_takes_the_highest_total_choice():
    state = rolled(table(play={0: dice_played("green")}), "green", 2)
    assert RULES.timeout_action(state, 0) == {"type": "keep_dice"}
    state = rolled(table(play={0: [InPlay("pairs")] + dice_played("yellow", "yellow", "white")}),
                   "yellow", 4, "white", 4, "yellow", 4)
    assert RULES.timeout_action(state, 0) == {"type": "choose_doubled", "dice": [0, 1]}


def test_timeout_buys_nothing():
    state = with_turn(rolled(table()), step="buy", scored=True, coins=9)
    assert RULES.timeout_action(state, 0) == {"type": "end_buying"}


def test_timeout_in_a_swap_meet_takes_the_costliest_card_the_returned_value_pays():
    state = table(hands={0: ["swap_meet", "white"]}, draws={0: WHITES})
    state, _ = act(state, 0, {"type": "play_card", "card": "swap_meet"})
    state, _ = act(state, 0, {"type": "swap_return", "card": "white"})
    assert RULES.timeout_action(state, 0) == {"type": "swap_take", "card": "green"}


def test_timeout_of_a_seat_that_is_not_awaited_is_refused():
    with pytest.raises(IllegalAction) as err:
        RULES.timeout_action(table(), 1)
    assert err.value.code == "not_awaited"


@pytest.mark.parametrize("action,code", [
    ("roll", "malformed_action"),
    ({}, "malformed_action"),
    ({"type": 3}, "malformed_action"),
    ({"type": "pass"}, "unknown_action_type"),
    ({"type": "play_card"}, "malformed_action"),
    ({"type": "play_card", "card": 7}, "malformed_action"),
    ({"type": "play_card", "card": "joker"}, "no_such_card"),
    ({"type": "play_card", "card": "cant_touch_this"}, "no_such_card"),
    ({"type": "play_card", "card": "red", "extra": 1}, "malformed_action"),
    ({"type": "play_card", "card": "joyride", "target": "1"}, "malformed_action"),
    ({"type": "play_card", "card": "joyride", "target": 0}, "no_such_opponent"),
    ({"type": "play_card", "card": "joyride", "target": True}, "malformed_action"),
    ({"type": "play_card", "card": "mimic", "copy": None}, "malformed_action"),
    ({"type": "stop_playing", "now": True}, "malformed_action"),
    ({"type": "roll", "dice": ["red"]}, "wrong_phase"),
    ({"type": "buy", "card": "red"}, "wrong_phase"),
    ({"type": "draft", "card": "red"}, "wrong_phase"),
])
def test_junk_and_out_of_step_actions_are_refused(action, code):
    state = table(hands={0: ["red", "joyride", "mimic"]}, draws={0: WHITES})
    with pytest.raises(IllegalAction) as err:
        act(state, 0, action)
    assert err.value.code == code


@pytest.mark.parametrize("action,code", [
    ({"type": "roll", "dice": "red"}, "malformed_action"),
    ({"type": "roll", "dice": ["crimson"]}, "malformed_action"),
    ({"type": "roll", "dice": [1]}, "malformed_action"),
    ({"type": "roll", "dice": ["red", "red"]}, "roll_not_allowed"),
])
def test_junk_rolls_are_refused(action, code):
    state = with_turn(table(play={0: dice_played("red")}), step="roll")
    with pytest.raises(IllegalAction) as err:
        act(state, 0, action)
    assert err.value.code == code


@pytest.mark.parametrize("action,code", [
    ({"type": "reroll_die", "die": "0"}, "malformed_action"),
    ({"type": "reroll_die", "die": 5}, "no_such_die"),
    ({"type": "reroll_full_house", "dice": [1, 0]}, "malformed_action"),
    ({"type": "reroll_full_house", "dice": []}, "malformed_action"),
    ({"type": "reroll_full_house", "dice": [0]}, "no_full_house_reroll"),
    ({"type": "reroll_green"}, "no_green_reroll"),
    ({"type": "choose_parity", "keep": "odd"}, "wrong_phase"),
])
def test_junk_rerolls_are_refused(action, code):
    state = rolled(table(play={0: [InPlay("re_re_roll")] + dice_played("red")}), "red", 1)
    with pytest.raises(IllegalAction) as err:
        act(state, 0, action)
    assert err.value.code == code


def test_a_malformed_action_is_a_malformed_action_error():
    with pytest.raises(MalformedAction):
        act(table(), 0, {"type": "play_card", "card": ["red"]})


def test_no_such_seat():
    with pytest.raises(IllegalAction) as err:
        act(table(), 4, {"type": "stop_playing"})
    assert err.value.code == "no_such_seat"


def test_hot_potato_target_must_be_an_opponent_seat():
    state = with_turn(table(play={0: [InPlay("hot_potato")]}), step="end", scored=True)
    for onto, code in ((7, "no_such_opponent"), ("1", "malformed_action")):
        with pytest.raises(IllegalAction) as err:
            act(state, 0, {"type": "place_hot_potato", "onto": onto})
        assert err.value.code == code


def test_a_game_played_by_timeouts_alone_ends():
    import random

    from tests.support.harness import RandomDice, config, roundtrip

    dice = RandomDice(random.Random(5))
    state = None
    for event in RULES.setup(config(RULES, 3, first_player=None), dice):
        state = RULES.evolve(state, roundtrip(event))
    for _ in range(2000):
        if RULES.outcome(state) is not None:
            break
        (seat,) = RULES.awaiting(state)
        for event in RULES.decide(state, seat, RULES.timeout_action(state, seat), dice):
            state = RULES.evolve(state, roundtrip(event))
    # nothing is ever played, so only the Final Point Values count: 3 Blues and 3 drafted
    # cards each, Blues (2) until the seven of the stack are gone, then Reds (3)
    assert sorted(RULES.outcome(state)["scores"].values()) == [12, 13, 13]
    assert all(s.score == 0 for s in state.seats)
