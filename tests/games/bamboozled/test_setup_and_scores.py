"""Setup, options, the deck, and the ranks of the scores."""

from __future__ import annotations

from collections import Counter
from random import Random

import pytest

from games.bamboozled import RULES
from games.bamboozled.data import SCORES, full_deck, rank, readings
from games.core import GameConfig, IllegalAction, ScriptedDice, replay
from games.core.options import InvalidOptions, resolve_options

from tests.support.harness import RandomDice, config, secrets

from .helpers import CALL, act, declare, public, rejected, start


def test_game_starts_with_the_deal_and_the_named_first_roller_rolling_in_secret():
    state, events = start(["skip", "revive", "jackpot"], (4, 3), first_player=1)
    assert public(events) == [
        ("game_started", {"players": 3, "options": {"strikes": 3, "hand_limit": 2, "kids": False},
                          "first_player": 1, "first_player_drawn": False, "deck_size": 26,
                          "direction": "clockwise"}),
        ("cards_dealt", {"hand_sizes": [1, 1, 1], "deck_size": 23}),
        ("round_started", {"round": 1, "roller": 1, "reason": "first_round"}),
        ("dice_rolled", {"seat": 1, "against": 0}),
    ]
    assert secrets(events[1]) == {0: {"cards": ["skip"]}, 1: {"cards": ["revive"]},
                                 2: {"cards": ["jackpot"]}}
    assert secrets(events[3]) == {1: {"dice": [4, 3]}}
    assert RULES.awaiting(state) == {1: "declare"}


def test_first_roller_is_drawn_with_a_die_and_recorded_when_none_is_named():
    state, events = start(["skip", "revive"], (1, 1), first_player=None, drawn_first=1)
    assert events[0].data["first_player"] == 1
    assert events[0].data["first_player_drawn"] is True
    assert RULES.awaiting(state) == {1: "declare"}


def test_deck_is_26_action_cards_with_four_reverses():
    assert Counter(full_deck(kids=False)) == {
        "jackpot": 1, "double": 2, "up_down": 3, "fresh_start": 4, "my_bad": 4,
        "skip": 4, "reverse": 4, "revive": 4,
    }


def test_kids_deck_is_22_cards_without_my_bad():
    deck = full_deck(kids=True)
    assert len(deck) == 22 and "my_bad" not in deck


def test_options_defaults_and_bounds():
    assert resolve_options(RULES.options, {}) == {"strikes": 3, "hand_limit": 2, "kids": False}
    assert resolve_options(RULES.options, {"strikes": 20, "hand_limit": None})["hand_limit"] is None
    for bad in ({"strikes": 2}, {"strikes": 21}, {"hand_limit": 0}, {"kids": "yes"},
                {"strikes": True}, {"jokers": 1}):
        with pytest.raises(InvalidOptions):
            resolve_options(RULES.options, bad)


def test_table_size_is_2_to_20_and_strikes_go_to_20():
    """The rulebook sets no limit to either; the caps keep a table a screen can show."""
    assert (RULES.min_players, RULES.max_players) == (2, 20)
    strikes = resolve_options(RULES.options, {"strikes": 20})["strikes"]
    events = RULES.setup(config(RULES, 20, kids=True, strikes=strikes), RandomDice(Random(0)))
    state = replay(RULES, events)
    assert len(state.seats) == 20 and state.strike_limit == 20
    assert all(state.held(seat) == 1 for seat in range(20))
    assert len(state.deck) == 2  # the 22-card kids deck still deals everyone a card


def test_a_bad_table_size_or_first_roller_is_an_illegal_action_with_a_code():
    for players in (1, 21, "3", None):
        with pytest.raises(IllegalAction) as err:
            RULES.setup(GameConfig(players=players), ScriptedDice())
        assert err.value.code == "player_count_out_of_range"
    for first in (-1, 3, "0"):
        with pytest.raises(IllegalAction) as err:
            RULES.setup(GameConfig(players=3, first_player=first), ScriptedDice())
        assert err.value.code == "first_player_out_of_range"


def test_score_ranks_non_matching_then_doubles_then_jackpot():
    assert SCORES[:6] == (12, 13, 14, 15, 16, 23)
    assert SCORES[28:] == (65, 11, 22, 33, 44, 55, 66, 21)
    assert len(SCORES) == 36


def test_free_reading_of_the_dice_either_order():
    assert readings((4, 3)) == (34, 43)
    assert readings((5, 5)) == (55,)
    assert readings((2, 1)) == (12, 21)


def test_65_does_not_beat_33_faq():
    assert rank(65) < rank(33)
    state, _ = start(["skip", "revive"], (3, 3))
    state, _ = act(state, 0, declare(33))
    state, _ = act(state, 1, {"type": "accept"}, [6, 5])
    assert rejected(state, 1, declare(65)) == "score_too_low"


def test_jackpot_cannot_be_beaten_only_tied():
    state, _ = start(["skip", "revive"], (2, 1))
    state, _ = act(state, 0, declare(21))
    state, _ = act(state, 1, {"type": "accept"}, [6, 6])
    plain = [a["score"] for a in RULES.legal_actions(state, 1) if a["type"] == "declare"]
    assert plain == [21]


def test_doubles_beat_every_non_matching_score_and_a_higher_double_beats_a_lower():
    assert rank(11) > rank(65) and rank(22) > rank(11) and rank(21) > rank(66)
    assert rank(43) > rank(34) and rank(31) > rank(26)


def test_a_call_reveals_the_roll_to_everyone():
    state, _ = start(["skip", "revive"], (5, 2))
    state, _ = act(state, 0, declare(52))
    _, events = act(state, 1, CALL, [3, 1])
    assert events[0].data["dice"] == [5, 2] and secrets(events[0]) == {}
