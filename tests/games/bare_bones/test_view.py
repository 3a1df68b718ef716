"""The view: hands are private (the viewer's own hand only), draw piles are sizes; the rest
is public. No event shows another seat's cards before a rule reveals them."""

from __future__ import annotations

import json
import random
from collections import Counter

from games.bare_bones import RULES
from games.bare_bones.state import InPlay, State, owned_cards
from games.core import replay
from tests.support.harness import RandomDice, config, play_random, secrets

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
        "cards_owned": 4, "final_point_value": 3 + 6 + 2, "hot_potatoes_owned": 0,
        "resigned": False}
    assert view["resigned"] == []
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
            if secrets(event):
                assert event.type == "cards_drawn" and set(secrets(event)) == {event.data["seat"]}
                assert "cards" not in event.data
            for viewer in [None, *range(players)]:
                seen = event.visible_to(viewer)
                assert ("private" in seen) == (viewer in secrets(event))
        for state in game.states[::4]:
            spectator = RULES.view(state, None)
            json.dumps(spectator)
            assert spectator["hand"] is None
            assert all("hand" not in s and "draw_rest" not in s for s in spectator["seats"])
            for viewer in range(players):
                own = list(state.seats[viewer].hand)
                mine = RULES.view(state, viewer)
                assert mine == {**spectator, "you": viewer, "hand": own,
                                "my_deck": mine["my_deck"]}
                assert mine["my_deck"] == deck_of(state, viewer)


def test_joyride_shows_the_targets_hand_to_every_seat_and_spectators():
    state = table(players=3, hands={0: ["joyride"], 1: ["black", "greed"]},
                  draws={0: ["white"] * 5})
    assert RULES.view(state, 2)["turn"]["revealed_hands"] == []
    state, events = act(state, 0, {"type": "play_card", "card": "joyride", "target": 1})
    assert events[0].visible_to(2)["data"]["revealed"] == ["black", "greed"]
    assert RULES.view(state, None)["turn"]["revealed_hands"] == [
        {"seat": 1, "hand": ["black", "greed"], "by": "joyride"}]


def deck_of(state: State, seat: int) -> dict[str, dict[str, int]]:
    player = state.seats[seat]
    return {"owned": dict(Counter(owned_cards(state, seat))),
            "draw_pile": dict(Counter(player.draw_top + player.draw_rest))}


def test_full_house_shows_the_hand_to_every_seat_until_the_turn_ends():
    """The hand Full House reveals was only in the event: the view shows it to the table
    (issue #16) for the rest of the turn; cleanup discards that hand face up."""
    state = table(players=3, hands={0: ["full_house", "red", "blue", "greed"],
                                    1: ["black"], 2: ["yellow"]},
                  draws={0: ["white"] * 8, 1: ["white"] * 5, 2: ["white"] * 5},
                  seats={0: {"draw_top": ("greed",)}})
    assert RULES.view(state, 1)["turn"]["revealed_hands"] == []
    state, _ = act(state, 0, {"type": "play_card", "card": "full_house"})
    shown = [{"seat": 0, "hand": ["blue", "red", "greed"], "by": "full_house"}]
    for viewer in (None, 0, 1, 2):
        assert RULES.view(state, viewer)["turn"]["revealed_hands"] == shown
    assert RULES.view(state, 1)["hand"] == ["black"]  # nobody else's hand is shown
    for _ in range(30):  # play the turn out: the next turn shows nothing revealed
        if state.turn.seat != 0:
            break
        seat = next(iter(RULES.awaiting(state)))
        if seat == 0:
            assert RULES.view(state, 2)["turn"]["revealed_hands"] == shown
        events = RULES.decide(state, seat, RULES.timeout_action(state, seat),
                              RandomDice(random.Random(seat)))
        state = replay(RULES, events, state)
    assert state.turn.seat == 1
    assert RULES.view(state, 2)["turn"]["revealed_hands"] == []


def test_my_deck_is_what_i_own_and_what_my_draw_pile_holds_in_no_order():
    state = table(hands={0: ["red", "greed"], 1: ["black", "white"]},
                  draws={0: ["white", "blue", "white"], 1: ["purple", "green"]},
                  discards={0: ["yellow"], 1: ["blue"]},
                  seats={0: {"draw_top": ("hot_potato",)}})
    mine = RULES.view(state, 0)["my_deck"]
    assert mine == {
        "owned": {"blue": 1, "yellow": 1, "red": 1, "white": 2, "greed": 1, "hot_potato": 1},
        "draw_pile": {"blue": 1, "white": 2, "hot_potato": 1}}
    assert list(mine["owned"]) == ["blue", "yellow", "red", "white", "greed", "hot_potato"]
    assert RULES.view(state, 1)["my_deck"] == {
        "owned": {"blue": 1, "purple": 1, "green": 1, "black": 1, "white": 1},
        "draw_pile": {"purple": 1, "green": 1}}
    assert "my_deck" not in RULES.view(state, None)


def test_no_view_shows_another_seats_deck_composition():
    """Two tables that differ only in seat 1's hidden cards (hand and draw pile dealt
    differently, or other cards in its draw pile altogether) look the same to seat 0 and
    to spectators; seat 1's own view tells them apart."""
    a = table(hands={0: ["red"], 1: ["black", "white"]},
              draws={0: ["white"] * 4, 1: ["purple", "green", "blue"]})
    b = table(hands={0: ["red"], 1: ["purple", "blue"]},
              draws={0: ["white"] * 4, 1: ["black", "green", "white"]})
    c = table(hands={0: ["red"], 1: ["black", "white"]},
              draws={0: ["white"] * 4, 1: ["yellow", "yellow", "red"]})
    for other in (b, c):
        for viewer in (None, 0):
            assert RULES.view(a, viewer) == RULES.view(other, viewer)
        assert RULES.view(a, 1)["my_deck"] != RULES.view(other, 1)["my_deck"]
