"""Setup: options, the supply, the play-order roll-off, the draft and the first hands."""

from __future__ import annotations

import pytest

from games.bare_bones import RULES
from games.bare_bones.data import ACTION_CARDS, COLOURS, CTT_VERSIONS
from games.core import GameConfig, IllegalAction, ScriptedDice
from games.core.options import InvalidOptions, resolve_options
from tests.support.harness import config, given, secrets

from .build import act, face, moves, plain, started, types

BLUE4, BLUE1, BLUE2 = face("blue", 4), face("blue", 1), face("blue", 2)


def test_game_started_records_options_and_the_action_stacks_low_to_high_cost():
    _, events = given(RULES, config(RULES, 2))
    assert plain(events) == [("game_started", {
        "players": 2, "options": {"rounds": 12, "action_set": "bare_bones_basics"},
        "action_cards": ["re_re_roll", "double_up", "joyride", "color_cubed", "odds_or_evens",
                         "pairs", "greed"],
        "first_player": 0, "first_player_drawn": False, "roll_off": [],
    })]


def test_play_order_roll_off_of_four_blue_dice_ties_roll_again():
    dice = [BLUE4] * 4 + [BLUE4] * 4 + [BLUE1] * 4 + [BLUE1] * 4 + [BLUE2, BLUE1, BLUE1, BLUE1]
    state, events = given(RULES, config(RULES, 3, first_player=None), dice)
    assert events[0].data["roll_off"] == [
        {"0": [4, 4, 4, 4], "1": [4, 4, 4, 4], "2": [1, 1, 1, 1]},
        {"0": [1, 1, 1, 1], "1": [2, 1, 1, 1]},
    ]
    assert events[0].data["first_player"] == 1 and events[0].data["first_player_drawn"]
    assert RULES.awaiting(state) == {1: "draft"}
    assert RULES.view(state, None)["order"] == [1, 2, 0]


def test_first_player_named_by_the_creator_skips_the_roll_off():
    state, events = given(RULES, config(RULES, 4, first_player=2))
    assert events[0].data["roll_off"] == [] and RULES.awaiting(state) == {2: "draft"}


def test_random_action_set_is_drawn_with_the_dice_and_recorded():
    _, events = given(RULES, config(RULES, 2, action_set="random"), [1] * 7)
    # always the first name left in alphabetical order, then laid out low to high cost
    assert events[0].data["action_cards"] == [
        "hot_potato", "cant_touch_this", "double_up", "joyride", "color_cubed", "full_house",
        "greed"]
    assert events[0].data["options"]["action_set"] == "random"


def test_action_set_may_be_a_list_of_seven_names():
    names = ["mimic", "run", "rainbow", "pairs", "triplets", "greed", "yard_sale"]
    _, events = given(RULES, config(RULES, 2, action_set=names))
    assert events[0].data["action_cards"] == [
        "yard_sale", "pairs", "rainbow", "run", "triplets", "mimic", "greed"]


@pytest.mark.parametrize("options", [
    {"rounds": 0}, {"rounds": 31}, {"rounds": "12"}, {"action_set": "everything"},
    {"action_set": ["greed"] * 7}, {"action_set": ["greed", "run"]},
    {"action_set": ["greed", "run", "pairs", "mimic", "rainbow", "triplets", "nope"]},
    {"colour": "red"},
])
def test_options_out_of_their_schema_are_refused(options):
    with pytest.raises(InvalidOptions):
        resolve_options(RULES.options, options)


@pytest.mark.parametrize("players", [1, 5])
def test_two_to_four_players(players):
    with pytest.raises(IllegalAction) as err:
        RULES.setup(GameConfig(players=players, first_player=0), ScriptedDice())
    assert err.value.code == "player_count_out_of_range"


def test_the_supply_holds_seven_stacks_of_each_and_cant_touch_this_in_seven_colours():
    state = started(3, action_set="interplay")
    supply = dict(state.supply)
    assert all(supply[c] == 7 for c in COLOURS)
    assert all(supply[c] == 1 for c in CTT_VERSIONS)
    assert [c for c, _ in state.supply][7:10] == ["hot_potato", "yard_sale", "cant_touch_this_blue"]
    assert sum(supply.values()) == 98
    assert all(s.draw_rest == ("blue",) * 3 + ("white",) * 4 for s in state.seats)


def test_draft_takes_turns_from_player_one_and_only_cards_costing_six_or_less():
    state = started(2)
    assert RULES.awaiting(state) == {0: "draft"}
    assert [a["card"] for a in moves(state, 0)] == [
        "blue", "red", "green", "white", "re_re_roll", "double_up", "joyride"]
    with pytest.raises(IllegalAction) as err:
        act(state, 1, {"type": "draft", "card": "red"})
    assert err.value.code == "not_your_turn"
    with pytest.raises(IllegalAction) as err:
        act(state, 0, {"type": "draft", "card": "yellow"})
    assert err.value.code == "too_costly_to_draft"
    with pytest.raises(IllegalAction) as err:
        act(state, 0, {"type": "draft", "card": "mimic"})
    assert err.value.code == "stack_empty"
    state, events = act(state, 0, {"type": "draft", "card": "joyride"})
    assert plain(events) == [("card_drafted", {"seat": 0, "card": "joyride", "pick": 0})]
    assert RULES.awaiting(state) == {1: "draft"} and dict(state.supply)["joyride"] == 6


def test_after_three_picks_each_every_deck_has_ten_cards_and_a_hand_of_five():
    state = started(2)
    for seat in (0, 1, 0, 1, 0):
        state, _ = act(state, seat, {"type": "draft", "card": "white"})
    # the last pick deals: seat 0 then seat 1 draw 5 (three blues first, then whites)
    state, events = act(state, 1, {"type": "draft", "card": "white"}, [1, 1, 1, 1, 1, 1])
    assert types(events) == ["card_drafted", "cards_drawn", "cards_drawn", "turn_started"]
    assert events[1].data == {"seat": 0, "count": 5, "reason": "new_hand", "hand_size": 5,
                              "draw_pile": 5}
    assert secrets(events[1]) == {0: {"cards": ["blue", "blue", "blue", "white", "white"]}}
    assert events[3].data == {"turn": 0, "round": 1, "seat": 0, "coins": 0, "extra_draws": 0}
    for seat in state.seats:
        assert seat.hand == ("blue",) * 3 + ("white",) * 2 and seat.draw_rest == ("white",) * 5
    assert RULES.awaiting(state) == {0: "play"}


def test_action_card_data_has_all_twenty_cards():
    assert len(ACTION_CARDS) == 20
    assert {n: (a.cost, a.units) for n, a in ACTION_CARDS.items()} == {
        "cant_touch_this": (6, 2), "color_cubed": (7, 3), "double_up": (6, 2),
        "full_house": (8, 4), "greed": (9, 1), "hot_potato": (5, 2), "joyride": (6, 1),
        "keep_the_change": (5, 1), "loan_shark": (4, 1), "mimic": (8, 2),
        "odds_or_evens": (7, 3), "pairs": (7, 3), "point_pro": (4, 1), "rainbow": (7, 3),
        "re_re_roll": (3, 2), "run": (7, 3), "straight_cash": (4, 1), "swap_meet": (6, 2),
        "triplets": (7, 3), "yard_sale": (5, 1)}
