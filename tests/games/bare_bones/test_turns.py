"""A turn: playing Dice Cards, rolling, scoring, buying, cleanup; the end of the game."""

from __future__ import annotations

import pytest

from games.bare_bones import RULES
from games.bare_bones.state import Aside, InPlay
from games.core import IllegalAction
from tests.support.harness import secrets

from .build import act, faces, moves, of_type, plain, rolled, rolls, table, types

PLAYED = {"type": "stop_playing"}


def refused(state, seat, action, code, dice=()):
    with pytest.raises(IllegalAction) as err:
        act(state, seat, action, dice)
    assert err.value.code == code


def basic_table(**kw):
    return table(hands={0: ["blue", "red", "white", "white", "yellow"], 1: ["green"] * 5},
                 draws={0: ["white"] * 5, 1: ["green"] * 5}, **kw)


def play_all(state, seat, cards):
    for card in cards:
        state, _ = act(state, seat, {"type": "play_card", "card": card})
    return state


def test_dice_cards_are_played_one_at_a_time_into_the_play_area():
    state = basic_table()
    assert moves(state, 0) == [
        {"type": "play_card", "card": c} for c in ("blue", "yellow", "red", "white")] + [PLAYED]
    state, events = act(state, 0, {"type": "play_card", "card": "blue"})
    assert plain(events) == [("card_played", {"seat": 0, "card": "blue", "units_used": 0})]
    assert state.seats[0].play == (InPlay("blue", "blue"),)
    refused(state, 0, {"type": "play_card", "card": "black"}, "card_not_in_hand")
    refused(state, 1, {"type": "play_card", "card": "green"}, "not_your_turn")


def test_roll_one_die_per_dice_card_played_any_of_them_optional():
    state = play_all(basic_table(), 0, ["blue", "white", "white"])
    state, events = act(state, 0, PLAYED)
    assert plain(events) == [("playing_stopped", {"seat": 0})]
    assert RULES.awaiting(state) == {0: "roll"}
    assert rolls(state) == [
        ["blue", "white", "white"], ["blue", "white"], ["white", "white"], ["blue"], ["white"], []]
    refused(state, 0, {"type": "roll", "dice": ["red"]}, "roll_not_allowed")


def test_a_basic_roll_scores_points_and_white_coins_then_buying():
    state = play_all(basic_table(), 0, ["blue", "red", "white", "white"])
    state, _ = act(state, 0, PLAYED)
    state, events = act(state, 0, {"type": "roll", "dice": ["white", "red", "blue", "white"]},
                        faces("blue", 4, "red", 5, "white", 3, "white", 5))
    assert plain(events) == [
        ("dice_rolled", {"seat": 0, "dice": [
            {"colour": "blue", "face": 4}, {"colour": "red", "face": 5},
            {"colour": "white", "face": 3}, {"colour": "white", "face": 5}]}),
        ("turn_scored", {"seat": 0, "dice": [
            {"colour": "blue", "face": 4}, {"colour": "red", "face": 5},
            {"colour": "white", "face": 3}, {"colour": "white", "face": 5}],
            "doubled": [], "removed": [], "doubled_by": None, "blocked": [],
            "values": [4, 5, 3, 5], "points": 9, "coins_earned": 8, "conversion": None,
            "loan_repaid": 0, "loan_penalty": 0, "coins": 8, "score": 9}),
    ]
    assert RULES.awaiting(state) == {0: "buy"}
    assert [a.get("card") for a in moves(state, 0)] == [
        "blue", "yellow", "red", "green", "white", "re_re_roll", "double_up", "joyride",
        "color_cubed", "odds_or_evens", "pairs", None]


def test_bought_cards_go_to_the_discard_pile_and_cleanup_deals_a_new_hand():
    state = play_all(basic_table(), 0, ["blue", "red", "white", "white"])
    state, _ = act(state, 0, PLAYED)
    state, _ = act(state, 0, {"type": "roll", "dice": ["blue", "red", "white", "white"]},
                   faces("blue", 4, "red", 5, "white", 3, "white", 5))
    state, events = act(state, 0, {"type": "buy", "card": "yellow"})
    assert plain(events) == [
        ("card_bought", {"seat": 0, "card": "yellow", "cost": 8, "coins": 0}),
        ("buying_ended", {"seat": 0, "coins_left": 0, "carried": 0, "owed": 0}),
    ]
    # Two White cards in play: seat 1 is asked to bonus match although it holds no White
    # (the pause must not tell the table what is in a hand, issue #10); it declines.
    assert RULES.awaiting(state) == {1: "bonus_match"}
    assert moves(state, 1) == [{"type": "end_matching"}]
    state, events = act(state, 1, {"type": "end_matching"})
    assert plain(events) == [
        ("matching_ended", {"seat": 1}),
        ("turn_ended", {"seat": 0, "turn": 0, "discarded": ["yellow"],
                        "played": ["blue", "red", "white", "white"], "returned": []}),
        ("cards_drawn", {"seat": 0, "count": 5, "reason": "new_hand", "hand_size": 5,
                         "draw_pile": 0}),
        ("turn_started", {"turn": 1, "round": 1, "seat": 1, "coins": 0, "extra_draws": 0}),
    ]
    assert secrets(events[2]) == {0: {"cards": ["white"] * 5}}
    assert state.seats[0].discard == ("yellow", "blue", "red", "white", "white", "yellow")
    assert dict(state.supply)["yellow"] == 6
    assert RULES.awaiting(state) == {1: "play"}


def test_at_most_one_copy_of_each_card_a_turn_and_unspent_coins_are_lost():
    state = with_coins(basic_table(), 16)
    state, _ = act(state, 0, {"type": "buy", "card": "red"})
    refused(state, 0, {"type": "buy", "card": "red"}, "already_bought")
    refused(state, 0, {"type": "buy", "card": "black"}, "not_enough_coins")
    state, events = act(state, 0, {"type": "buy", "card": "blue"})
    assert of_type(events, "card_bought") == [{"seat": 0, "card": "blue", "cost": 4, "coins": 7}]
    state, events = act(state, 0, {"type": "end_buying"})
    assert of_type(events, "buying_ended") == [{"seat": 0, "coins_left": 7, "carried": 0,
                                                "owed": 0}]
    assert of_type(events, "turn_started")[0]["coins"] == 0


def with_coins(state, coins):
    state = rolled(state)
    from .build import with_turn
    return with_turn(state, step="buy", scored=True, coins=coins)


def test_at_most_six_dice_are_rolled():
    state = table(hands={0: ["blue"] * 4 + ["white"] * 3})
    state = play_all(state, 0, ["blue"] * 4 + ["white"] * 3)
    state, _ = act(state, 0, PLAYED)
    options = rolls(state)
    assert options[:2] == [["blue"] * 4 + ["white"] * 2, ["blue"] * 3 + ["white"] * 3]
    refused(state, 0, {"type": "roll", "dice": ["blue"] * 4 + ["white"] * 3}, "roll_not_allowed")
    refused(state, 0, {"type": "roll", "supply_dice": [0, 1, 2, 3, 24, 25, 26]},
            "roll_not_allowed")


def test_only_dice_the_supply_holds_a_die_on_cant_touch_this_is_out_of_play():
    state = table(hands={0: ["white"] * 4},
                  aside={1: [Aside("cant_touch_this_white", 3)]}, action_set="interplay")
    state = play_all(state, 0, ["white"] * 4)
    state, _ = act(state, 0, PLAYED)
    assert rolls(state)[0] == ["white"] * 3
    assert RULES.view(state, 0)["dice_available"]["white"] == 3
    # the die on the Can't Touch This is the last White one, number 27
    refused(state, 0, {"type": "roll", "supply_dice": [27]}, "roll_not_allowed")
    _, events = act(state, 0, {"type": "roll", "supply_dice": [24, 26]},
                    faces("white", 2, "white", 4))
    assert of_type(events, "dice_rolled")[0]["dice"] == [
        {"colour": "white", "face": 2}, {"colour": "white", "face": 4}]


def test_no_dice_card_played_means_no_roll():
    state = table(hands={0: ["greed"]}, draws={0: ["white"] * 5})
    state, events = act(state, 0, PLAYED)
    assert types(events)[:4] == ["playing_stopped", "dice_rolled", "turn_scored", "buying_ended"]
    assert of_type(events, "dice_rolled") == [{"seat": 0, "dice": []}]


def test_red_draws_one_card_for_every_two_red_cards_played():
    state = table(hands={0: ["red", "red", "red"]}, draws={0: ["black"] * 3})
    state = play_all(state, 0, ["red"])
    assert {"type": "draw_red"} not in moves(state, 0)
    refused(state, 0, {"type": "draw_red"}, "no_red_draw")
    state = play_all(state, 0, ["red"])
    assert {"type": "draw_red"} in moves(state, 0)
    state, events = act(state, 0, {"type": "draw_red"})
    assert plain(events) == [("cards_drawn", {"seat": 0, "count": 1, "reason": "red",
                                              "hand_size": 2, "draw_pile": 2})]
    state = play_all(state, 0, ["red"])
    refused(state, 0, {"type": "draw_red"}, "no_red_draw")


def test_red_draw_is_not_offered_when_there_is_nothing_to_draw():
    # issue #16: with the draw and discard piles both empty the draw changed nothing
    state = play_all(table(hands={0: ["red", "red"]}), 0, ["red", "red"])
    assert RULES.view(state, 0)["turn"]["red_draws_left"] == 1
    assert {"type": "draw_red"} not in moves(state, 0)
    refused(state, 0, {"type": "draw_red"}, "nothing_to_draw")
    # a discard pile to reshuffle is something to draw
    state = play_all(table(hands={0: ["red", "red"]}, discards={0: ["black"]}), 0,
                     ["red", "red"])
    assert {"type": "draw_red"} in moves(state, 0)
    state, events = act(state, 0, {"type": "draw_red"})
    assert types(events) == ["discard_reshuffled", "cards_drawn"]
    assert state.seats[0].hand == ("black",)


def test_purple_rolls_a_purple_or_a_blue_and_a_red():
    state = play_all(table(hands={0: ["purple"]}), 0, ["purple"])
    state, _ = act(state, 0, PLAYED)
    assert rolls(state) == [["blue", "red"], ["blue"], ["red"], ["purple"], []]
    state, events = act(state, 0, {"type": "roll", "dice": ["blue", "red"]},
                        faces("blue", 3, "red", 4))
    assert of_type(events, "turn_scored")[0]["points"] == 7


def test_green_rerolls_all_green_dice_once_together():
    state = table(hands={0: ["green", "green", "blue"]}, draws={0: ["white"] * 5})
    state = play_all(state, 0, ["green", "green", "blue"])
    state, _ = act(state, 0, PLAYED)
    state, events = act(state, 0, {"type": "roll", "dice": ["blue", "green", "green"]},
                        faces("blue", 1, "green", 2, "green", 5))
    assert types(events) == ["dice_rolled"]
    assert RULES.awaiting(state) == {0: "reroll"}
    assert moves(state, 0) == [{"type": "reroll_green"}, {"type": "keep_dice"}]
    state, events = act(state, 0, {"type": "reroll_green"}, faces("green", 5, "green", 5))
    assert plain(events)[0] == ("green_rerolled", {"seat": 0, "dice": [1, 2], "faces": [5, 5]})
    assert of_type(events, "turn_scored")[0]["points"] == 11


def test_keeping_the_dice_ends_the_rerolls():
    state = table(hands={0: ["green"]})
    state = play_all(state, 0, ["green"])
    state, _ = act(state, 0, PLAYED)
    state, _ = act(state, 0, {"type": "roll", "dice": ["green"]}, faces("green", 2))
    state, events = act(state, 0, {"type": "keep_dice"})
    assert types(events)[:2] == ["dice_kept", "turn_scored"]


def test_draw_pile_empty_the_discard_pile_is_reshuffled_into_it():
    state = table(hands={0: []}, draws={0: ["blue"]}, discards={0: ["black", "black"]})
    state, events = act(state, 0, PLAYED)
    assert types(events)[-5:] == ["turn_ended", "cards_drawn", "discard_reshuffled",
                                  "cards_drawn", "turn_started"]
    assert secrets(events[-4]) == {0: {"cards": ["blue"]}}
    assert events[-3].data == {"seat": 0, "cards": 2}
    assert secrets(events[-2]) == {0: {"cards": ["black", "black"]}}
    assert state.seats[0].hand == ("blue", "black", "black")


def test_a_card_drawn_from_a_mixed_pile_is_picked_with_a_die():
    state = table(hands={0: []}, draws={0: ["blue", "black", "white", "white", "red", "red"]})
    # sorted pile: blue red red black white white; picks: black (4 of 6), then 1st of 5...
    state, events = act(state, 0, PLAYED, [4, 1, 3, 1, 2])
    assert secrets(events[-2]) == {0: {"cards": ["black", "blue", "white", "red", "white"]}}
    assert state.seats[0].draw_rest == ("red",)


def test_the_game_ends_after_the_last_round_final_point_values_and_fewer_cards_win_ties():
    state = table(players=2, rounds=1, active=1, number=1, scores={0: 10, 1: 4},
                  discards={0: ["blue"] * 3, 1: ["black"] * 2})
    state, events = act(state, 1, PLAYED)
    assert types(events) == ["playing_stopped", "dice_rolled", "turn_scored", "buying_ended",
                             "turn_ended", "discard_reshuffled", "cards_drawn", "game_over"]
    assert events[-1].data["winners"] == [1] and events[-1].data["ranking"] == [[1], [0]]
    assert events[-1].data["scores"] == {"0": 16, "1": 16}
    assert events[-1].data["breakdown"]["1"] == {
        "running": 4, "final_point_value": 12, "hot_potatoes": 0, "loan_owed": 0, "cards": 2,
        "total": 16}
    assert RULES.outcome(state) == {"winners": [1], "ranking": [[1], [0]],
                                    "scores": {"0": 16, "1": 16}}
    assert RULES.awaiting(state) == {} and RULES.legal_actions(state, 0) == []
    refused(state, 0, PLAYED, "game_over")


def test_players_still_tied_share_the_win():
    state = table(players=3, rounds=1, active=2, number=2, scores={0: 6, 1: 6, 2: 1},
                  discards={0: ["red"], 1: ["red"], 2: ["blue"]})
    state, _ = act(state, 2, PLAYED)
    assert RULES.outcome(state)["ranking"] == [[0, 1], [2]]
    assert RULES.outcome(state)["winners"] == [0, 1]


def test_hot_potatoes_owned_at_the_end_cost_fifteen_points_each():
    state = table(players=2, rounds=1, active=1, number=1, scores={0: 20, 1: 0},
                  discards={0: ["hot_potato"], 1: ["white"]}, action_set="interplay")
    state, _ = act(state, 1, PLAYED)
    assert RULES.outcome(state)["scores"] == {"0": 5, "1": 0}


def test_running_score_may_be_negative_and_is_kept_between_turns():
    state = table(scores={0: -3}, hands={0: ["blue"]})
    state = play_all(state, 0, ["blue"])
    state, _ = act(state, 0, PLAYED)
    state, events = act(state, 0, {"type": "roll", "dice": ["blue"]}, faces("blue", 2))
    assert of_type(events, "turn_scored")[0]["score"] == -1
    assert state.seats[0].score == -1


def test_rounds_option_sets_the_number_of_turns():
    state = table(players=3, rounds=2, active=2, number=4, hands={2: []})
    state, events = act(state, 2, PLAYED)
    assert of_type(events, "turn_started") == [
        {"turn": 5, "round": 2, "seat": 2, "coins": 0, "extra_draws": 0}]
    _, events = act(state, 2, PLAYED)
    assert types(events)[-1] == "game_over"
