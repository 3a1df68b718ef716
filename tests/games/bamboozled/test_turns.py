"""A turn: the hidden roll, declaring, accepting or calling, strikes, going out, winning."""

from __future__ import annotations

from games.bamboozled import RULES
from tests.support.harness import secrets

from .helpers import (
    ACCEPT, CALL, act, declare, draw_roll, public, rejected, start, types, with_strikes,
)


def two_players(first_roll=(4, 3), **options):
    state, _ = start(["skip", "revive"], first_roll, **options)
    return state


def test_declaration_is_public_and_the_truth_private():
    state, events = act(two_players(), 0, declare(43))
    assert public(events) == [("score_declared", {"seat": 0, "score": 43, "responder": 1})]
    assert secrets(events[0]) == {0: {"dice": [4, 3], "card": None, "verdict": "true"}}
    assert RULES.awaiting(state) == {1: "respond"}


def test_declared_score_must_tie_or_beat_the_standing_score():
    state, _ = act(two_players(), 0, declare(43))
    state, _ = act(state, 1, ACCEPT, [3, 4])
    assert rejected(state, 1, declare(42)) == "score_too_low"
    _, events = act(state, 1, declare(43))  # a tie is enough
    assert secrets(events[0])[1]["verdict"] == "true"


def test_roller_may_bluff_even_when_a_true_reading_beats():
    _, events = act(two_players(), 0, declare(42))
    assert secrets(events[0])[0]["verdict"] == "bluff"


def test_bluff_is_forced_when_nothing_true_ties_or_beats():
    state, _ = act(two_players((6, 6)), 0, declare(66))
    state, _ = act(state, 1, ACCEPT, [3, 1])
    options = [a["score"] for a in RULES.legal_actions(state, 1) if a["type"] == "declare"]
    assert options == [66, 21]
    _, events = act(state, 1, declare(66))
    assert secrets(events[0])[1]["verdict"] == "bluff"


def test_accepting_a_true_score_draws_nothing_and_the_responder_rolls_against_it():
    state, _ = act(two_players(), 0, declare(43))
    state, events = act(state, 1, ACCEPT, [6, 5])
    assert public(events) == [
        ("declaration_accepted", {"seat": 1, "declarer": 0, "score": 43, "bamboozled": False}),
        ("dice_rolled", {"seat": 1, "against": 43}),
    ]
    assert secrets(events[1]) == {1: {"dice": [6, 5]}}
    assert (state.standing, RULES.awaiting(state)) == (43, {1: "declare"})


def test_a_successful_bamboozle_draws_an_action_card():
    state, _ = act(two_players(), 0, declare(55))
    state, events = act(state, 1, ACCEPT, [draw_roll(state, "jackpot"), 2, 2])
    assert public(events) == [
        ("declaration_accepted", {"seat": 1, "declarer": 0, "score": 55, "bamboozled": True}),
        ("card_drawn", {"seat": 0, "reason": "bamboozle", "hand_size": 2, "deck_size": 23}),
        ("dice_rolled", {"seat": 1, "against": 55}),
    ]
    assert secrets(events[1]) == {0: {"card": "jackpot"}}
    assert state.seats[0].hand == ("skip", "jackpot")


def test_bluff_caught_gives_the_declarer_a_strike_and_the_round_restarts_with_them():
    state, _ = act(two_players(), 0, declare(55))
    state, events = act(state, 1, CALL, [2, 6])
    assert public(events) == [
        ("bluff_called", {"seat": 1, "declarer": 0, "score": 55, "my_bad": False,
                          "dice": [4, 3], "card": None, "card_dice": None, "verdict": "bluff"}),
        ("strike_taken", {"seat": 0, "reason": "bluff_caught", "strikes": 1}),
        ("round_started", {"round": 2, "roller": 0, "reason": "strike"}),
        ("dice_rolled", {"seat": 0, "against": 0}),
    ]
    assert (state.standing, RULES.awaiting(state)) == (0, {0: "declare"})


def test_calling_a_true_score_gives_the_caller_a_strike_and_they_start_the_round():
    state, _ = act(two_players(), 0, declare(34))
    state, events = act(state, 1, CALL, [1, 1])
    assert public(events)[1:] == [
        ("strike_taken", {"seat": 1, "reason": "wrong_call", "strikes": 1}),
        ("round_started", {"round": 2, "roller": 1, "reason": "strike"}),
        ("dice_rolled", {"seat": 1, "against": 0}),
    ]
    assert events[0].data["verdict"] == "true"
    assert state.seats[1].strikes == 1 and state.standing == 0


def test_strike_resets_the_score_to_zero():
    state, _ = act(two_players(), 0, declare(43))
    state, _ = act(state, 1, ACCEPT, [5, 5])
    state, _ = act(state, 1, declare(55))
    assert state.standing == 43
    state, _ = act(state, 0, CALL, [1, 3])
    assert state.standing == 0 and state.last_call.verdict == "true"


def test_out_at_the_strike_limit_and_the_next_player_starts_the_round():
    state, _ = start(["skip", "revive", "double"], (4, 3))
    state = with_strikes(state, 0, 2)
    state, _ = act(state, 0, declare(66))
    state, events = act(state, 1, CALL, [2, 2])
    assert public(events)[1:] == [
        ("strike_taken", {"seat": 0, "reason": "bluff_caught", "strikes": 3}),
        ("player_out", {"seat": 0, "place": 3, "discarded": ["skip"]}),
        ("round_started", {"round": 2, "roller": 1, "reason": "strike"}),
        ("dice_rolled", {"seat": 1, "against": 0}),
    ]
    assert state.discards == ("skip",) and state.active == (1, 2)


def test_players_out_are_passed_over():
    state, _ = start(["skip", "revive", "double"], (4, 3))
    state = with_strikes(state, 0, 2)
    state, _ = act(state, 0, declare(66))
    state, _ = act(state, 1, CALL, [2, 2])
    state, _ = act(state, 1, declare(22))
    state, _ = act(state, 2, ACCEPT, [3, 3])
    state, events = act(state, 2, declare(33))
    assert events[0].data["responder"] == 1
    assert rejected(state, 0, ACCEPT) == "not_in_play"   # out: it acts no more


def test_more_strikes_option_keeps_a_player_in_longer():
    state = with_strikes(two_players(strikes=4), 0, 2)
    state, _ = act(state, 0, declare(66))
    state, events = act(state, 1, CALL, [2, 2])
    assert "player_out" not in types(events) and state.seats[0].strikes == 3


def test_last_player_standing_wins():
    state = with_strikes(two_players(), 0, 2)
    state, _ = act(state, 0, declare(66))
    state, events = act(state, 1, CALL)
    assert public(events)[-2:] == [
        ("player_out", {"seat": 0, "place": 2, "discarded": ["skip"]}),
        ("game_over", {"winners": [1], "ranking": [[1], [0]], "scores": {"1": 1, "0": 0}}),
    ]
    assert RULES.outcome(state) == {"winners": [1], "ranking": [[1], [0]],
                                    "scores": {"1": 1, "0": 0}}
    assert RULES.awaiting(state) == {} and RULES.legal_actions(state, 1) == []
    assert rejected(state, 1, declare(43)) == "game_over"
    assert RULES.view(state, None)["phase"] == "over"


def test_ranking_follows_the_order_players_went_out():
    state, _ = start(["skip", "revive", "double"], (4, 3))
    state = with_strikes(with_strikes(state, 0, 2), 2, 2)
    state, _ = act(state, 0, declare(66))
    state, _ = act(state, 1, CALL, [2, 2])  # seat 0 out; seat 1 rolls 22
    state, _ = act(state, 1, declare(22))
    state, _ = act(state, 2, ACCEPT, [1, 4])
    state, _ = act(state, 2, declare(66))
    state, events = act(state, 1, CALL)
    assert events[-1].data == {"winners": [1], "ranking": [[1], [2], [0]],
                               "scores": {"1": 2, "0": 0, "2": 1}}


def test_only_the_awaited_seat_may_act():
    state = two_players()
    assert rejected(state, 1, declare(43)) == "not_your_turn"
    assert rejected(state, 7, declare(43)) == "no_such_seat"
    assert rejected(state, "0", declare(43)) == "no_such_seat"
    assert rejected(state, False, declare(43)) == "no_such_seat"
    assert rejected(state, 0, ACCEPT) == "wrong_phase"
    assert rejected(state, 0, {"type": "discard", "card": "skip"}) == "wrong_phase"
