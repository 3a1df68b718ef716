"""The legal lists as built once and kept (games/bamboozled/legal.py): every caller gets
its own copies, and a kept card-backed list is the one the cards in hand back."""

from __future__ import annotations

import copy

from games.bamboozled import RULES
from games.bamboozled.data import RANKS, SCORES, rank_of

from .helpers import ACCEPT, act, declare, start, with_hand


def test_a_listed_action_changed_by_its_caller_is_listed_unchanged_again():
    state, _ = start(["double", "skip"], (4, 2))
    listed = RULES.legal_actions(state, 0)
    kept = copy.deepcopy(listed)
    assert {"type": "declare", "score": 42, "card": None} in listed
    assert {"type": "declare", "score": 44, "card": {"name": "double", "die": 1}} in listed
    for item in listed:
        if isinstance(item.get("card"), dict):
            item["card"]["name"] = "changed"
        item["type"] = "changed"
    assert RULES.legal_actions(state, 0) == kept
    state, _ = act(state, 0, declare(44, {"name": "double", "die": 1}))
    answers = RULES.legal_actions(state, 1)
    answers[0].clear()
    assert RULES.legal_actions(state, 1)[:2] == [ACCEPT, {"type": "call"}]


def test_the_card_backed_list_is_the_after_roll_cards_in_hand_whatever_else_is_held():
    state, _ = start(["up_down", "revive"], (4, 2))
    alone = with_hand(state, 0, "up_down")
    with_others = with_hand(state, 0, "skip", "up_down", "revive")
    backed = [a for a in RULES.legal_actions(alone, 0) if a.get("card") is not None]
    assert backed and backed == [a for a in RULES.legal_actions(with_others, 0)
                                 if a.get("card") is not None]
    both = with_hand(state, 0, "up_down", "jackpot")
    cards = [a["card"]["name"] for a in RULES.legal_actions(both, 0) if a.get("card")]
    assert cards == ["jackpot"] + ["up_down"] * len(backed)


def test_the_rank_table_holds_every_score_and_no_score():
    assert RANKS == {score: rank_of(score) for score in (0, *SCORES)}
    assert list(SCORES) == sorted(SCORES, key=RANKS.__getitem__)
