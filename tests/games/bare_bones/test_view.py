"""The view: hands are private (the viewer's own hand only), draw piles are sizes; the rest
is public. No event shows another seat's cards before a rule reveals them."""

from __future__ import annotations

import json

from games.bare_bones import RULES
from games.bare_bones.state import InPlay
from tests.support.harness import config, play_random

from .build import act, table
from .test_random_play import SETS


def test_view_fields_for_a_client():
    state = table(hands={0: ["red", "greed"], 1: ["black", "white"]},
                  draws={0: ["white"] * 4}, discards={1: ["blue"]},
                  play={1: [InPlay("red", "red", None, True)]}, scores={1: 7})
    state, _ = act(state, 0, {"type": "play_card", "card": "red"})
    view = RULES.view(state, 0)
    assert view["phase"] == "play" and view["awaiting"] == {"0": "play"}
    assert view["you"] == 0 and view["hand"] == ["greed"] and view["active"] == 0
    assert view["round"] == 1 and view["rounds"] == 12
    assert view["seats"][1] == {
        "seat": 1, "score": 7, "hand_size": 2, "draw_pile": 0, "draw_pile_top": [],
        "discard_pile": ["blue"],
        "play_area": [{"card": "red", "colour": "red", "lent_by": None, "bonus_matched": True}],
        "cant_touch_this": [], "loan_owed": 0, "coins_carried": 0, "extra_draws": 0,
        "cards_owned": 4, "final_point_value": 3 + 6 + 2, "hot_potatoes_owned": 0}
    turn = view["turn"]
    assert (turn["seat"], turn["step"], turn["action_units_left"], turn["coins"]) == (
        0, "play", 5, 0)
    assert view["supply"][0] == {"card": "blue", "stack": "blue", "count": 7, "cost": 4}
    assert view["dice_available"]["red"] == 4 and view["outcome"] is None
    assert view["ruleset"]["dice"]["yellow"] == [2, 4, 4, 4, 4, 6]
    spectator = RULES.view(state, None)
    assert spectator["hand"] is None and spectator["you"] is None


def test_no_seat_sees_another_seats_hand_before_a_rule_reveals_it():
    for i in range(40):
        players = 2 + i % 3
        cfg = config(RULES, players, first_player=None if i % 2 else 0, rounds=3,
                     action_set=SETS[i % 6])
        game = play_random(RULES, cfg, seed=900 + i, keep_states=True, check_timeouts=False,
                           out_of_turn=0.1)
        for event in game.events:
            if event.private:
                assert event.type == "cards_drawn" and set(event.private) == {event.data["seat"]}
                assert "cards" not in event.data
            for viewer in [None, *range(players)]:
                seen = event.visible_to(viewer)
                assert ("private" in seen) == (viewer in event.private)
        for state in game.states[::4]:
            spectator = RULES.view(state, None)
            json.dumps(spectator)
            assert spectator["hand"] is None
            assert all("hand" not in s and "draw_rest" not in s for s in spectator["seats"])
            for viewer in range(players):
                own = list(state.seats[viewer].hand)
                assert RULES.view(state, viewer) == {**spectator, "you": viewer, "hand": own}


def test_joyride_shows_the_targets_hand_to_every_seat_and_spectators():
    state = table(players=3, hands={0: ["joyride"], 1: ["black", "greed"]},
                  draws={0: ["white"] * 5})
    assert RULES.view(state, 2)["turn"]["revealed_hands"] == []
    state, events = act(state, 0, {"type": "play_card", "card": "joyride", "target": 1})
    assert events[0].visible_to(2)["data"]["revealed"] == ["black", "greed"]
    assert RULES.view(state, None)["turn"]["revealed_hands"] == [
        {"seat": 1, "hand": ["black", "greed"]}]
