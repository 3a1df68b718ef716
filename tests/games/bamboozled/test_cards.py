"""The eight action cards, the hand limit, drawing and refilling the deck."""

from __future__ import annotations

from dataclasses import replace

from games.bamboozled import RULES
from tests.support.harness import secrets

from .helpers import (
    ACCEPT, CALL, REVIVE, act, declare, draw_roll, play, public, rejected, start, types,
    with_hand, with_strikes,
)

JACKPOT = {"name": "jackpot"}


def test_jackpot_card_turns_the_roll_into_21_secretly():
    state, _ = start(["jackpot", "revive"], (5, 3))
    state, events = act(state, 0, declare(21, JACKPOT))
    assert public(events) == [("score_declared", {"seat": 0, "score": 21, "responder": 1})]
    assert secrets(events[0]) == {0: {"dice": [5, 3], "card": JACKPOT, "verdict": "card"}}
    assert state.seats[0].hand == () and state.held(0) == 1
    assert RULES.view(state, 1)["seats"][0]["hand_size"] == 1


def test_card_backed_score_accepted_counts_as_a_bamboozle_and_the_card_is_kept():
    state, _ = start(["jackpot", "revive"], (5, 3))
    state, _ = act(state, 0, declare(21, JACKPOT))
    state, events = act(state, 1, ACCEPT, [draw_roll(state, "skip"), 1, 2])
    assert types(events) == ["declaration_accepted", "card_drawn", "dice_rolled"]
    assert events[0].data["bamboozled"] is True
    assert secrets(events[0]) == {0: {"card_kept": "jackpot"}}
    assert state.seats[0].hand == ("jackpot", "skip")


def test_calling_a_card_backed_score_reveals_and_discards_the_card_without_strikes():
    state, _ = start(["jackpot", "revive"], (5, 3))
    state, _ = act(state, 0, declare(21, JACKPOT))
    state, events = act(state, 1, CALL, [6, 6])
    assert public(events) == [
        ("bluff_called", {"seat": 1, "declarer": 0, "score": 21, "my_bad": False,
                          "dice": [5, 3], "card": JACKPOT, "card_dice": [2, 1],
                          "verdict": "card"}),
        ("dice_rolled", {"seat": 1, "against": 21}),
    ]
    assert state.discards == ("jackpot",) and state.standing == 21
    assert [s.strikes for s in state.seats] == [0, 0]


def test_double_card_makes_one_die_match_the_other():
    state, _ = start(["double", "revive"], (4, 2))
    assert rejected(state, 0, declare(44, {"name": "double", "die": 0})) \
        == "card_does_not_back_score"
    _, events = act(state, 0, declare(44, {"name": "double", "die": 1}))
    assert secrets(events[0])[0]["verdict"] == "card"
    _, events = act(state, 0, declare(22, {"name": "double", "die": 0}))
    assert secrets(events[0])[0]["card"] == {"name": "double", "die": 0}


def test_double_card_on_doubles_changes_nothing():
    state, _ = start(["double", "revive"], (3, 3))
    assert rejected(state, 0, declare(33, {"name": "double", "die": 0})) == "card_changes_nothing"


def test_up_down_card_moves_one_die_by_one():
    state, _ = start(["up_down", "revive"], (5, 4))
    card = {"name": "up_down", "die": 1, "direction": "up"}
    _, events = act(state, 0, declare(55, card))
    assert secrets(events[0])[0]["verdict"] == "card"
    down = {"name": "up_down", "die": 0, "direction": "down"}
    backed = [a["score"] for a in RULES.legal_actions(state, 0) if a.get("card") == down]
    assert backed == [44]


def test_up_down_does_not_wrap_6_to_1_nor_go_to_7_faq():
    state, _ = start(["up_down", "revive"], (6, 1))
    assert rejected(state, 0, declare(11, {"name": "up_down", "die": 0, "direction": "up"})) \
        == "up_down_out_of_range"
    assert rejected(state, 0, declare(66, {"name": "up_down", "die": 1, "direction": "down"})) \
        == "up_down_out_of_range"
    _, events = act(state, 0, declare(62, {"name": "up_down", "die": 1, "direction": "up"}))
    assert secrets(events[0])[0]["verdict"] == "card"


def test_up_down_can_make_a_jackpot():
    state, _ = start(["up_down", "revive"], (1, 3))
    _, events = act(state, 0, declare(21, {"name": "up_down", "die": 1, "direction": "down"}))
    assert secrets(events[0])[0]["verdict"] == "card"


def test_an_after_roll_card_must_be_in_hand_and_played_with_a_declaration():
    state, _ = start(["skip", "jackpot"], (5, 3))
    assert rejected(state, 0, declare(21, JACKPOT)) == "card_not_in_hand"
    assert rejected(state, 0, declare(21, {"name": "skip"})) == "not_an_after_roll_card"
    state, _ = act(state, 0, declare(53))
    assert rejected(state, 1, play("jackpot")) == "not_a_before_roll_card"
    assert rejected(state, 1, play("revive")) == "not_a_before_roll_card"
    assert rejected(state, 1, play("skip")) == "card_not_in_hand"


def test_fresh_start_resets_the_score_and_the_card_player_rolls():
    state, _ = start(["revive", "fresh_start"], (4, 3))
    state, _ = act(state, 0, declare(55))
    state, events = act(state, 1, play("fresh_start"), [3, 2])
    assert public(events) == [
        ("score_reset_card_played", {"seat": 1, "card": "fresh_start"}),
        ("round_started", {"round": 2, "roller": 1, "reason": "fresh_start"}),
        ("dice_rolled", {"seat": 1, "against": 0}),
    ]
    assert (state.standing, RULES.awaiting(state)) == (0, {1: "declare"})


def test_fresh_start_gives_no_card_to_the_bluffer_faq():
    state, _ = start(["jackpot", "fresh_start"], (4, 3))
    state, _ = act(state, 0, declare(21, JACKPOT))
    state, events = act(state, 1, play("fresh_start"), [3, 2])
    assert "card_drawn" not in types(events) and "bluff_called" not in types(events)
    assert state.seats[0].hand == ("jackpot",) and state.discards == ("fresh_start",)


def test_my_bad_catches_a_bluff_and_the_card_player_starts_at_zero():
    state, _ = start(["revive", "my_bad"], (4, 3))
    state, _ = act(state, 0, declare(55))
    state, events = act(state, 1, play("my_bad"), [6, 1])
    assert public(events) == [
        ("score_reset_card_played", {"seat": 1, "card": "my_bad"}),
        ("bluff_called", {"seat": 1, "declarer": 0, "score": 55, "my_bad": True,
                          "dice": [4, 3], "card": None, "card_dice": None, "verdict": "bluff"}),
        ("strike_taken", {"seat": 0, "reason": "bluff_caught", "strikes": 1}),
        ("round_started", {"round": 2, "roller": 1, "reason": "my_bad"}),
        ("dice_rolled", {"seat": 1, "against": 0}),
    ]


def test_my_bad_on_a_true_score_costs_the_caller_no_strike():
    state, _ = start(["revive", "my_bad"], (4, 3))
    state, _ = act(state, 0, declare(43))
    state, events = act(state, 1, play("my_bad"), [6, 1])
    assert types(events) == ["score_reset_card_played", "bluff_called", "round_started",
                             "dice_rolled"]
    assert [s.strikes for s in state.seats] == [0, 0] and state.roller == 1


def test_my_bad_on_a_card_backed_score_discards_the_card_and_restarts_at_zero():
    state, _ = start(["double", "my_bad"], (4, 2))
    state, _ = act(state, 0, declare(44, {"name": "double", "die": 1}))
    state, events = act(state, 1, play("my_bad"), [6, 1])
    assert types(events) == ["score_reset_card_played", "bluff_called", "round_started",
                             "dice_rolled"]
    assert events[1].data["verdict"] == "card" and events[1].data["card_dice"] == [4, 4]
    assert state.discards == ("my_bad", "double") and state.standing == 0


def test_skip_passes_the_answer_to_the_next_player():
    state, _ = start(["revive", "skip", "revive"], (4, 3))
    state, _ = act(state, 0, declare(43))
    state, events = act(state, 1, play("skip"))
    assert public(events) == [("skip_played", {"seat": 1, "card": "skip", "responder": 2})]
    assert RULES.awaiting(state) == {2: "respond"}
    state, _ = act(state, 2, ACCEPT, [5, 5])
    _, events = act(state, 2, declare(55))
    assert events[0].data["responder"] == 0


def test_the_skipper_does_not_decide_on_the_bluff_faq():
    state, _ = start(["revive", "skip", "revive"], (4, 3))
    state, _ = act(state, 0, declare(43))
    state, _ = act(state, 1, play("skip"))
    assert rejected(state, 1, CALL) == "not_your_turn"
    assert rejected(state, 1, ACCEPT) == "not_your_turn"


def test_skip_back_to_the_declarer_makes_them_roll_again():
    state, _ = start(["revive", "skip", "skip"], (4, 3))
    state, _ = act(state, 0, declare(43))
    state, _ = act(state, 1, play("skip"))
    state, events = act(state, 2, play("skip"), [1, 1])
    assert public(events) == [
        ("skip_played_to_declarer", {"seat": 2, "card": "skip", "roll_again": 0}),
        ("dice_rolled", {"seat": 0, "against": 43}),
    ]


def test_skip_with_two_players_makes_the_declarer_roll_on_their_own_score_faq():
    state, _ = start(["revive", "skip"], (4, 3))
    state, _ = act(state, 0, declare(55))
    state, events = act(state, 1, play("skip"), [2, 2])
    assert public(events) == [
        ("skip_played_to_declarer", {"seat": 1, "card": "skip", "roll_again": 0}),
        ("dice_rolled", {"seat": 0, "against": 55}),
    ]
    assert (state.standing, state.standing_by, state.held(0)) == (55, 0, 1)
    assert RULES.awaiting(state) == {0: "declare"}
    assert rejected(state, 0, declare(54)) == "score_too_low"


def test_reverse_with_two_players_is_played_as_a_skip_faq():
    state, _ = start(["jackpot", "reverse"], (4, 3))
    state, _ = act(state, 0, declare(21, JACKPOT))
    state, events = act(state, 1, play("reverse"), [2, 2])
    assert public(events) == [
        ("reverse_played", {"seat": 1, "card": "reverse", "direction": "clockwise",
                            "roll_again": 0}),
        ("dice_rolled", {"seat": 0, "against": 21}),
    ]
    assert state.seats[0].hand == ("jackpot",) and state.standing == 21


def test_reverse_flips_the_direction_and_the_declarer_rolls_again():
    state, _ = start(["revive", "reverse", "revive"], (4, 3))
    state, _ = act(state, 0, declare(43))
    state, events = act(state, 1, play("reverse"), [5, 5])
    assert public(events) == [
        ("reverse_played", {"seat": 1, "card": "reverse", "direction": "counterclockwise",
                            "roll_again": 0}),
        ("dice_rolled", {"seat": 0, "against": 43}),
    ]
    _, events = act(state, 0, declare(55))
    assert events[0].data["responder"] == 2


def test_revive_returns_a_strike_on_your_own_turn():
    state, _ = start(["revive", "revive"], (4, 3))
    assert rejected(state, 0, REVIVE) == "no_strike_to_return"
    state = with_strikes(state, 0, 2)
    state, events = act(state, 0, REVIVE)
    assert public(events) == [
        ("revive_played", {"seat": 0, "card": "revive", "strikes": 1, "final_strike": False}),
    ]
    assert RULES.awaiting(state) == {0: "declare"} and state.discards == ("revive",)
    assert rejected(state, 0, REVIVE) == "card_not_in_hand"


def test_revive_may_be_played_by_the_responder_before_answering():
    state, _ = start(["skip", "revive"], (4, 3))
    state = with_strikes(state, 1, 1)
    state, _ = act(state, 0, declare(43))
    assert {"type": "revive"} in RULES.legal_actions(state, 1)
    state, _ = act(state, 1, REVIVE)
    assert RULES.awaiting(state) == {1: "respond"} and state.seats[1].strikes == 0


def test_revive_on_the_final_strike_keeps_the_player_in_faq():
    state, _ = start(["revive", "skip"], (4, 3))
    state = with_strikes(state, 0, 2)
    state, _ = act(state, 0, declare(66))
    state, events = act(state, 1, CALL, [1, 2])
    assert public(events)[1:] == [
        ("strike_taken", {"seat": 0, "reason": "bluff_caught", "strikes": 3}),
        ("revive_played", {"seat": 0, "card": "revive", "strikes": 2, "final_strike": True}),
        ("round_started", {"round": 2, "roller": 0, "reason": "strike"}),
        ("dice_rolled", {"seat": 0, "against": 0}),
    ]
    assert not state.seats[0].out


def test_facing_a_jackpot_cards_help_or_you_roll_to_tie_faq():
    state, _ = start(["skip", "my_bad"], (2, 1))
    state, _ = act(state, 0, declare(21))
    assert RULES.legal_actions(state, 1) == [
        {"type": "accept"}, {"type": "call"}, {"type": "play_card", "card": "my_bad"},
        {"type": "resign"},
    ]
    state, _ = act(state, 1, ACCEPT, [1, 2])
    state, events = act(state, 1, declare(21))
    assert secrets(events[0])[1]["verdict"] == "true" and events[0].data["responder"] == 0


def test_over_the_hand_limit_after_a_bamboozle_the_player_discards():
    state, _ = start(["skip", "revive"], (4, 3))
    state = with_hand(state, 0, "skip", "reverse")
    state, _ = act(state, 0, declare(55))
    state, events = act(state, 1, ACCEPT, [draw_roll(state, "double"), 6, 6])
    assert events[1].data == {"seat": 0, "reason": "bamboozle", "hand_size": 3, "deck_size": 22}
    assert RULES.awaiting(state) == {0: "discard"}
    assert rejected(state, 1, declare(55)) == "not_your_turn"
    assert RULES.legal_actions(state, 0) == [
        {"type": "discard", "card": "double"}, {"type": "discard", "card": "skip"},
        {"type": "discard", "card": "reverse"}, {"type": "resign"},
    ]
    assert rejected(state, 0, {"type": "discard", "card": "jackpot"}) == "card_not_in_hand"
    state, events = act(state, 0, {"type": "discard", "card": "skip"})
    assert public(events) == [("card_discarded", {"seat": 0, "card": "skip",
                                                  "reason": "hand_limit", "hand_size": 2})]
    assert RULES.awaiting(state) == {1: "declare"} and state.discards == ("skip",)


def test_the_face_down_card_counts_towards_the_hand_limit():
    state, _ = start(["double", "revive"], (4, 2))
    state = with_hand(state, 0, "double", "skip")
    state, _ = act(state, 0, declare(44, {"name": "double", "die": 1}))
    state, _ = act(state, 1, ACCEPT, [draw_roll(state, "reverse"), 6, 6])
    assert state.seats[0].hand == ("skip", "double", "reverse")
    assert RULES.awaiting(state) == {0: "discard"}


def test_hand_limit_option_one_card():
    state, _ = start(["skip", "revive"], (4, 3), hand_limit=1)
    state, _ = act(state, 0, declare(55))
    state, _ = act(state, 1, ACCEPT, [1, 6, 6])
    assert RULES.awaiting(state) == {0: "discard"}


def test_no_limits_variant_never_discards():
    state, _ = start(["skip", "revive"], (4, 3), hand_limit=None)
    state = with_hand(state, 0, "skip", "reverse", "double")
    state, _ = act(state, 0, declare(55))
    state, _ = act(state, 1, ACCEPT, [1, 6, 6])
    assert state.held(0) == 4 and RULES.awaiting(state) == {1: "declare"}


def test_running_out_of_cards_refills_the_deck_from_the_discards_faq():
    state, _ = start(["skip", "revive"], (4, 3))
    state = replace(state, deck=(), discards=state.deck)
    state, _ = act(state, 0, declare(55))
    state, events = act(state, 1, ACCEPT, [24, 6, 6])
    assert public(events)[1:3] == [
        ("deck_refilled", {"cards": 24}),
        ("card_drawn", {"seat": 0, "reason": "bamboozle", "hand_size": 2, "deck_size": 23}),
    ]
    assert secrets(events[2]) == {0: {"card": "revive"}}
    assert state.discards == () and len(state.deck) == 23


def test_no_card_is_drawn_when_deck_and_discards_are_empty():
    state, _ = start(["skip", "revive"], (4, 3), hand_limit=None)
    state = replace(state.with_seat(1, hand=("revive",) + state.deck), deck=())
    state, _ = act(state, 0, declare(55))
    state, events = act(state, 1, ACCEPT, [6, 6])
    assert public(events)[1] == ("draw_pile_empty", {"seat": 0, "reason": "bamboozle"})
    assert state.held(0) == 1 and state.card_count() == 26
