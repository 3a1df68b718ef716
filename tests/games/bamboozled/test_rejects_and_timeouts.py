"""Bad input is rejected with a stable code; timeouts follow the rulings."""

from __future__ import annotations

import pytest

from games.bamboozled import RULES

from .helpers import ACCEPT, act, declare, malformed, rejected, start, with_hand, with_strikes

JUNK = [
    (None, "malformed_action"),
    ([], "malformed_action"),
    ("declare", "malformed_action"),
    ({}, "malformed_action"),
    ({"type": 3}, "malformed_action"),
    ({"type": "raise"}, "unknown_action_type"),
    ({"type": "declare"}, "malformed_action"),
    ({"type": "declare", "score": "43"}, "malformed_action"),
    ({"type": "declare", "score": True}, "malformed_action"),
    ({"type": "declare", "score": 43.0}, "malformed_action"),
    ({"type": "declare", "score": 77}, "invalid_score"),
    ({"type": "declare", "score": 0}, "invalid_score"),
    ({"type": "declare", "score": 43, "bet": 1}, "malformed_action"),
    ({"type": "declare", "score": 43, "card": "jackpot"}, "malformed_action"),
    ({"type": "declare", "score": 43, "card": {"name": "joker"}}, "malformed_action"),
    ({"type": "declare", "score": 43, "card": {}}, "malformed_action"),
    ({"type": "declare", "score": 44, "card": {"name": "double"}}, "malformed_action"),
    ({"type": "declare", "score": 44, "card": {"name": "double", "die": 2}}, "invalid_die"),
    ({"type": "declare", "score": 44, "card": {"name": "double", "die": 0, "x": 1}},
     "malformed_action"),
    ({"type": "declare", "score": 44,
      "card": {"name": "up_down", "die": 0, "direction": "left"}}, "malformed_action"),
    ({"type": "declare", "score": 21, "card": {"name": "jackpot", "die": 0}},
     "malformed_action"),
    ({"type": "play_card"}, "malformed_action"),
    ({"type": "play_card", "card": "joker"}, "malformed_action"),
    ({"type": "play_card", "card": ["skip"]}, "malformed_action"),
    ({"type": "accept", "now": True}, "malformed_action"),
    ({"type": "discard", "card": None}, "malformed_action"),
]


@pytest.mark.parametrize("action,code", JUNK)
def test_malformed_actions_are_rejected(action, code):
    state, _ = start(["skip", "revive"], (4, 3))
    assert malformed(state, 0, action) == code


def test_wrong_phase_actions_are_rejected():
    state, _ = start(["skip", "revive"], (4, 3))
    assert rejected(state, 0, {"type": "call"}) == "wrong_phase"
    assert rejected(state, 0, {"type": "play_card", "card": "skip"}) == "wrong_phase"
    assert rejected(state, 0, {"type": "roll"}) == "wrong_phase"  # a responder's move, any variant
    assert rejected(state, 0, {"type": "concede"}) == "kids_rules_only"
    state, _ = act(state, 0, declare(43))
    assert rejected(state, 1, declare(43)) == "wrong_phase"
    assert rejected(state, 1, {"type": "discard", "card": "revive"}) == "wrong_phase"


def test_every_legal_action_is_accepted_in_a_fresh_game():
    state, _ = start(["jackpot", "my_bad"], (4, 2))
    state = with_hand(state, 0, "jackpot", "up_down")
    for action in RULES.legal_actions(state, 0):
        act(state, 0, action)
    # 36 plain scores, the jackpot, two readings for each of the 4 Up/Down moves, resign
    assert len(RULES.legal_actions(state, 0)) == 36 + 1 + 4 * 2 + 1


def test_the_longest_legal_list_stays_well_under_100_items():
    """The worst case: any score (standing 0), every after-roll card in hand on dice that
    each card changes into two readings, a strike to Revive, and resign:
    36 + 1 + 2 + 8 + 1 + 1."""
    state, _ = start(["jackpot", "revive"], (2, 4), hand_limit=None)
    state = with_strikes(with_hand(state, 0, "jackpot", "double", "up_down", "revive"), 0, 1)
    actions = RULES.legal_actions(state, 0)
    assert len(actions) == 49 <= 100
    assert all("choose" not in a for a in actions)
    for action in actions:
        act(state, 0, action)


def test_timeout_responder_accepts():
    state, _ = start(["skip", "revive"], (4, 3))
    state, _ = act(state, 0, declare(43))
    assert RULES.timeout_action(state, 1) == {"type": "accept"}


def test_timeout_roller_declares_the_best_true_reading():
    state, _ = start(["skip", "revive"], (3, 4))
    assert RULES.timeout_action(state, 0) == declare(43)


def test_timeout_roller_with_nothing_true_declares_the_lowest_legal_bluff():
    state, _ = start(["skip", "revive"], (6, 6))
    state, _ = act(state, 0, declare(66))
    state, _ = act(state, 1, ACCEPT, [3, 1])
    assert RULES.timeout_action(state, 1) == declare(66)


def test_timeout_discard_drops_the_newest_card():
    state, _ = start(["skip", "revive"], (4, 3))
    state = with_hand(state, 0, "skip", "reverse")
    state, _ = act(state, 0, declare(55))
    state, _ = act(state, 1, ACCEPT, [1, 6, 6])
    assert RULES.timeout_action(state, 0) == {"type": "discard", "card": "jackpot"}


def test_timeout_kids_roll_and_concede():
    state, _ = start(["skip", "up_down"], (4, 3), kids=True)
    assert RULES.timeout_action(state, 0) == declare(43)
    state, _ = act(state, 0, declare(43))
    assert RULES.timeout_action(state, 1) == {"type": "roll"}
    state, _ = act(state, 1, {"type": "roll"}, [3, 4])
    assert RULES.timeout_action(state, 1) == {"type": "concede"}
