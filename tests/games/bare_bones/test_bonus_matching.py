"""Bonus matching: exactly two copies of a colour in the active player's play area let the
next player lay a third from their hand; it counts as played on their turn and earns an
extra card at its start."""

from __future__ import annotations

import pytest

from games.bare_bones import RULES
from games.bare_bones.state import InPlay
from games.core import IllegalAction

from .build import act, dice_played, moves, of_type, plain, rolls, table, types, with_turn

WHITES = ["white"] * 10


def at_end_of_buying(state):
    state = with_turn(state, step="buy", scored=True, coins=0)
    return act(state, 0, {"type": "end_buying"})


def test_next_player_may_match_each_colour_with_exactly_two_copies():
    state = table(play={0: dice_played("red", "red", "blue", "blue", "white", "white", "white")},
                  hands={1: ["red", "blue", "white", "green", "yellow"]},
                  draws={0: WHITES, 1: WHITES})
    state, events = at_end_of_buying(state)
    assert types(events) == ["buying_ended"]
    assert RULES.awaiting(state) == {1: "bonus_match"}
    assert moves(state, 1) == [
        {"type": "bonus_match", "card": "red"}, {"type": "bonus_match", "card": "blue"},
        {"type": "end_matching"}]
    state, events = act(state, 1, {"type": "bonus_match", "card": "red"})
    assert plain(events) == [("bonus_matched", {"seat": 1, "card": "red", "active": 0})]
    assert moves(state, 1) == [
        {"type": "bonus_match", "card": "blue"}, {"type": "end_matching"}]
    with pytest.raises(IllegalAction) as err:
        act(state, 1, {"type": "bonus_match", "card": "white"})
    assert err.value.code == "no_bonus_match"
    state, events = act(state, 1, {"type": "bonus_match", "card": "blue"})
    assert types(events) == ["bonus_matched", "turn_ended", "cards_drawn", "turn_started",
                             "cards_drawn"]
    assert events[3].data == {"turn": 1, "round": 1, "seat": 1, "coins": 0, "extra_draws": 2}
    assert events[4].data["reason"] == "bonus_match" and events[4].data["count"] == 2
    assert state.seats[1].play == (InPlay("red", "red", None, True),
                                   InPlay("blue", "blue", None, True))
    assert state.seats[1].hand == ("yellow", "green", "white", "white", "white")


def test_matched_cards_count_as_played_on_the_matchers_turn():
    state = table(active=1, number=1, play={1: [InPlay("red", "red", None, True)]},
                  draws={1: WHITES})
    state, _ = act(state, 1, {"type": "stop_playing"})
    assert rolls(state, 1)[0] == ["red"]


def test_a_mimic_counts_as_a_copy_for_bonus_matching():
    state = table(play={0: [InPlay("red", "red"), InPlay("mimic", "red")]},
                  hands={1: ["red"]}, draws={0: WHITES, 1: WHITES})
    state, _ = at_end_of_buying(state)
    assert RULES.awaiting(state) == {1: "bonus_match"}


def test_three_copies_cannot_be_matched():
    state = table(play={0: dice_played("red", "red", "red")}, hands={1: ["red"]},
                  draws={0: WHITES, 1: WHITES})
    _, events = at_end_of_buying(state)
    assert "turn_ended" in types(events)


def test_matching_nothing_ends_the_turn():
    state = table(play={0: dice_played("red", "red")}, hands={1: ["red"]},
                  draws={0: WHITES, 1: WHITES})
    state, _ = at_end_of_buying(state)
    assert RULES.timeout_action(state, 1) == {"type": "end_matching"}
    state, events = act(state, 1, {"type": "end_matching"})
    assert types(events)[:2] == ["matching_ended", "turn_ended"]
    assert of_type(events, "turn_started")[0]["extra_draws"] == 0


def test_no_bonus_matching_after_the_last_turn_of_the_game():
    state = table(rounds=1, active=1, number=1, play={1: dice_played("red", "red")},
                  hands={0: ["red"]}, draws={0: WHITES, 1: WHITES})
    state = with_turn(state, step="buy", scored=True, coins=0)
    _, events = act(state, 1, {"type": "end_buying"})
    assert types(events)[-1] == "game_over"


# --- the pause tells nobody what is in the hand (issue #10) ----------------------------------

def public(events):
    return [(e.type, dict(e.data)) for e in events]


def test_next_player_is_asked_whether_or_not_they_hold_the_colour():
    """(Our choice) The pause depends on public information only: two copies of a colour in
    play and a non-empty hand. A player without the colour may only decline; declining
    looks the same to the table whether or not they held one."""
    holding = table(play={0: dice_played("red", "red")}, hands={1: ["red", "white"]},
                    draws={0: WHITES, 1: WHITES})
    lacking = table(play={0: dice_played("red", "red")}, hands={1: ["white", "white"]},
                    draws={0: WHITES, 1: ["red"] + WHITES[1:]})  # the same cards, elsewhere
    holding, before_h = at_end_of_buying(holding)
    lacking, before_l = at_end_of_buying(lacking)
    assert public(before_h) == public(before_l) == [
        ("buying_ended", {"seat": 0, "coins_left": 0, "carried": 0, "owed": 0})]
    assert RULES.awaiting(holding) == RULES.awaiting(lacking) == {1: "bonus_match"}
    assert moves(holding, 1) == [
        {"type": "bonus_match", "card": "red"}, {"type": "end_matching"}]
    assert moves(lacking, 1) == [{"type": "end_matching"}]
    assert RULES.timeout_action(lacking, 1) == {"type": "end_matching"}
    with pytest.raises(IllegalAction) as err:
        act(lacking, 1, {"type": "bonus_match", "card": "red"})
    assert err.value.code == "no_bonus_match"
    for viewer in (None, 0):
        assert RULES.view(holding, viewer) == RULES.view(lacking, viewer)
    _, declined_h = act(holding, 1, {"type": "end_matching"})
    _, declined_l = act(lacking, 1, {"type": "end_matching"})
    assert public(declined_h) == public(declined_l)
    assert types(declined_l)[:2] == ["matching_ended", "turn_ended"]


def test_after_a_match_the_next_player_is_asked_again_while_a_colour_is_open():
    state = table(play={0: dice_played("red", "red", "blue", "blue")},
                  hands={1: ["red", "white"]}, draws={0: WHITES, 1: WHITES})
    state, _ = at_end_of_buying(state)
    state, events = act(state, 1, {"type": "bonus_match", "card": "red"})
    assert types(events) == ["bonus_matched"]
    assert RULES.awaiting(state) == {1: "bonus_match"}
    assert moves(state, 1) == [{"type": "end_matching"}]


def test_a_next_player_with_an_empty_hand_is_not_asked():
    """Hand sizes are public, so skipping an empty hand tells nobody anything."""
    state = table(play={0: dice_played("red", "red")}, draws={0: WHITES, 1: WHITES})
    _, events = at_end_of_buying(state)
    assert types(events)[:2] == ["buying_ended", "turn_ended"]
    state = table(play={0: dice_played("red", "red", "blue", "blue")}, hands={1: ["red"]},
                  draws={0: WHITES, 1: WHITES})
    state, _ = at_end_of_buying(state)
    _, events = act(state, 1, {"type": "bonus_match", "card": "red"})
    assert types(events)[:2] == ["bonus_matched", "turn_ended"]
