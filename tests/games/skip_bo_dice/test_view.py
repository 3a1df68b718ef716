"""The view: everything in Skip-Bo Dice is public; every seat and spectator sees the same."""

from __future__ import annotations

import json

from games.skip_bo_dice import RULES
from tests.support.harness import config, play_random

from .build import SB, act, die, next_turn, start, state_of, up_to


def test_view_fields_for_a_client():
    state = state_of(start(2) + up_to(0, "A", 6) + next_turn(2, 0, (3, 7, SB, 4, 4, 9)))
    state, _ = act(state, 0, die("A", 1))
    view = RULES.view(state, 1)
    assert view["phase"] == "fill" and view["turn"] == 2 and view["active"] == 0
    assert view["you"] == 1 and view["awaiting"] == {"0": "fill"}
    assert view["dice"][1] == {"die": 1, "kind": "number", "face": 7, "used": True}
    assert view["dice"][5] == {"die": 5, "kind": "bonus", "face": 9, "used": False}
    assert view["bonus_values"] == [{"value_index": 0, "value": 9, "claimed_by": []}]
    pile_a = view["seats"][0]["piles"]["A"]
    assert pile_a == {"marks": [1, 2, 3, 4, 5, 6, 7], "next_bubble": 8,
                      "stars": {"5": "collected", "7": "collected", "10": None}, "completed": None}
    assert view["seats"][0]["score"] == 2 + 3 + 1
    assert view["ruleset"]["dice"][0] == [1, 3, 5, 7, 9, SB]
    assert view["last_round"] is None and view["outcome"] is None


def test_no_hidden_information_all_views_alike():
    for seed in range(20):
        game = play_random(RULES, config(RULES, 1 + seed % 4), seed, keep_states=True,
                           check_timeouts=False, out_of_turn=0.2)
        assert all(not e.private_json() for e in game.events)
        for state in game.states[::7]:
            spectator = RULES.view(state, None)
            json.dumps(spectator)
            for seat in range(game.config.players):
                assert RULES.view(state, seat) == {**spectator, "you": seat}
