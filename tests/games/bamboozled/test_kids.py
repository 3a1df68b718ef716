"""The simplified rules for kids: open rolls, must strictly beat, no bluffing, no My Bad."""

from __future__ import annotations

from games.bamboozled import RULES
from tests.support.harness import secrets

from .helpers import ACCEPT, CALL, ROLL, act, declare, draw_roll, play, public, rejected, start

UP = {"name": "up_down", "die": 0, "direction": "up"}


def kids(hands=("skip", "revive"), first_roll=(4, 3), **options):
    state, events = start(list(hands), first_roll, kids=True, **options)
    return state, events


def test_kids_rolls_are_open():
    _, events = kids()
    assert public(events)[-1] == ("dice_rolled", {"seat": 0, "against": 0, "dice": [4, 3]})
    assert secrets(events[-1]) == {}


def test_kids_declare_what_the_dice_show_and_the_next_player_rolls():
    state, _ = kids()
    state, events = act(state, 0, declare(43))
    assert public(events) == [("score_declared", {"seat": 0, "score": 43, "card": None,
                                                  "card_dice": None, "next": 1})]
    assert RULES.awaiting(state) == {1: "roll"}
    assert RULES.legal_actions(state, 1) == [{"type": "roll"}, {"type": "resign"}]


def test_kids_cannot_bluff():
    state, _ = kids()
    assert rejected(state, 0, declare(55)) == "no_bluffing_in_kids_rules"
    state, _ = act(state, 0, declare(43))
    assert rejected(state, 1, ACCEPT) == "no_bluffing_in_kids_rules"
    assert rejected(state, 1, CALL) == "no_bluffing_in_kids_rules"


def test_kids_must_strictly_beat_the_score():
    state, _ = kids(("skip", "up_down"))
    state, _ = act(state, 0, declare(43))
    lower, _ = act(state, 1, ROLL, [5, 3])
    assert rejected(lower, 1, declare(35)) == "must_beat_score"
    assert [a["score"] for a in RULES.legal_actions(lower, 1)
            if a["type"] == "declare" and a["card"] is None] == [53]
    # A tie does not beat: the dice show the standing 43, only Up/Down could beat, so
    # the roller is asked to declare; the tie is refused and not offered.
    tied, _ = act(state, 1, ROLL, [3, 4])
    assert RULES.awaiting(tied) == {1: "declare"}
    assert rejected(tied, 1, declare(43)) == "must_beat_score"
    assert rejected(tied, 1, declare(34)) == "must_beat_score"
    offered = RULES.legal_actions(tied, 1)
    assert not any(a.get("score") == 43 for a in offered)
    assert offered[-2:] == [{"type": "concede"}, {"type": "resign"}]


def test_kids_not_beating_the_score_is_a_strike_and_its_setter_draws_a_card():
    state, _ = kids()
    state, _ = act(state, 0, declare(43))
    state, events = act(state, 1, ROLL, [3, 4, draw_roll(state, "double"), 2, 5])
    assert public(events) == [
        ("dice_rolled", {"seat": 1, "against": 43, "dice": [3, 4]}),
        ("score_not_beaten", {"seat": 1, "score": 43, "set_by": 0, "dice": [3, 4]}),
        ("strike_taken", {"seat": 1, "reason": "not_beaten", "strikes": 1}),
        ("card_drawn", {"seat": 0, "reason": "not_beaten", "hand_size": 2, "deck_size": 19}),
        ("round_started", {"round": 2, "roller": 1, "reason": "strike"}),
        ("dice_rolled", {"seat": 1, "against": 0, "dice": [2, 5]}),
    ]
    assert secrets(events[3]) == {0: {"card": "double"}}


def test_kids_after_roll_cards_are_played_openly_and_discarded():
    state, _ = kids(("up_down", "revive"), (5, 4))
    card = {"name": "up_down", "die": 1, "direction": "up"}
    state, events = act(state, 0, declare(55, card))
    assert public(events) == [("score_declared", {"seat": 0, "score": 55, "card": card,
                                                  "card_dice": [5, 5], "next": 1})]
    assert state.discards == ("up_down",) and state.seats[0].hand == ()


def test_kids_concede_instead_of_using_a_card_that_could_beat():
    state, _ = kids(("skip", "up_down"))
    state, _ = act(state, 0, declare(43))
    state, _ = act(state, 1, ROLL, [3, 4])
    actions = RULES.legal_actions(state, 1)
    assert {"type": "declare", "score": 44, "card": UP} in actions
    assert actions[-2:] == [{"type": "concede"}, {"type": "resign"}]
    state, events = act(state, 1, {"type": "concede"}, [1, 5, 5])
    assert [e.type for e in events] == [
        "score_not_beaten", "strike_taken", "card_drawn", "round_started", "dice_rolled",
    ]


def test_kids_concede_only_when_the_dice_do_not_beat():
    state, _ = kids(("skip", "up_down"))
    assert rejected(state, 0, {"type": "concede"}) == "dice_beat_score"


def test_kids_my_bad_is_removed():
    state, _ = kids()
    state, _ = act(state, 0, declare(43))
    assert rejected(state, 1, play("my_bad")) == "my_bad_removed_in_kids_rules"


def test_kids_fresh_start_before_rolling():
    state, _ = kids(("skip", "fresh_start"))
    state, _ = act(state, 0, declare(43))
    assert RULES.legal_actions(state, 1) == [{"type": "roll"},
                                             {"type": "play_card", "card": "fresh_start"},
                                             {"type": "resign"}]
    state, events = act(state, 1, play("fresh_start"), [1, 2])
    assert public(events)[1:] == [
        ("round_started", {"round": 2, "roller": 1, "reason": "fresh_start"}),
        ("dice_rolled", {"seat": 1, "against": 0, "dice": [1, 2]}),
    ]


def test_kids_skip_with_two_players_the_setter_must_beat_their_own_score_and_draws_nothing():
    state, _ = kids(("revive", "skip"))
    state, _ = act(state, 0, declare(43))
    state, events = act(state, 1, play("skip"), [1, 3, 6, 6])
    assert public(events) == [
        ("skip_played_to_declarer", {"seat": 1, "card": "skip", "roll_again": 0}),
        ("dice_rolled", {"seat": 0, "against": 43, "dice": [1, 3]}),
        ("score_not_beaten", {"seat": 0, "score": 43, "set_by": 0, "dice": [1, 3]}),
        ("strike_taken", {"seat": 0, "reason": "not_beaten", "strikes": 1}),
        ("round_started", {"round": 2, "roller": 0, "reason": "strike"}),
        ("dice_rolled", {"seat": 0, "against": 0, "dice": [6, 6]}),
    ]


def test_kids_reverse_flips_direction_and_the_setter_rolls_again():
    state, _ = kids(("revive", "reverse", "skip"))
    state, _ = act(state, 0, declare(43))
    state, events = act(state, 1, play("reverse"), [5, 5])
    assert events[0].data == {"seat": 1, "card": "reverse", "direction": "counterclockwise",
                              "roll_again": 0}
    _, events = act(state, 0, declare(55))
    assert events[0].data["next"] == 2


def test_kids_skip_with_three_players_the_next_player_must_beat():
    state, _ = kids(("revive", "skip", "revive"))
    state, _ = act(state, 0, declare(43))
    state, events = act(state, 1, play("skip"))
    assert public(events) == [("skip_played", {"seat": 1, "card": "skip", "responder": 2})]
    assert RULES.awaiting(state) == {2: "roll"}
