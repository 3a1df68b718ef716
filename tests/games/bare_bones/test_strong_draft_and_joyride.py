"""The strong Bare Bones bot's two choices that read the other seats (issue #34): its
draft planned ahead (games/bare_bones/draft_plan.py) and whose hand its Joyride reveals
(games/bare_bones/other_hands.py). Both read only public information; the secrecy of
every level is checked in tests/games/test_bots.py."""

from __future__ import annotations

import random

import pytest

from games.bare_bones import RULES
from games.bare_bones.basic import basic
from games.bare_bones.data import COLOURS, DRAFT_MAX_COST, cost
from games.bare_bones.draft_plan import picks_to_come, plan
from games.bare_bones.other_hands import expected_best_die, unseen_cards
from games.bare_bones.strong import StrongTable, draft_value, strong
from games.core.bots import Rng, Seen
from tests.support.harness import RandomDice, config

from .test_bot import seen_for


def drafted(*seats: int) -> list[dict]:
    return [{"type": "card_drafted", "data": {"seat": s, "card": "green"}} for s in seats]


def test_the_picks_to_come_go_round_the_play_order_three_times():
    view = {"order": [2, 3, 0, 1], "resigned": []}
    assert picks_to_come(view, drafted(2, 3, 0, 1, 2)) == [3, 0, 1, 2, 3, 0, 1]
    assert picks_to_come(view, []) == [2, 3, 0, 1] * 3


def test_a_seat_that_resigned_has_no_picks_to_come():
    view = {"order": [2, 3, 0, 1], "resigned": [0]}
    assert picks_to_come(view, drafted(2, 3)) == [1, 2, 3, 1, 2, 3, 1]


def draft_until(players: int, place: int, seed: int = 5):
    """A draft of `players` seats, `basic` picking for every seat, up to the first pick
    of the seat `place`-th in play order: (state, events, that seat)."""
    dice = RandomDice(random.Random(seed))
    events = list(RULES.setup(config(RULES, players, first_player=None), dice))
    state = None
    for event in events:
        state = RULES.evolve(state, event)
    seat = state.order[place]
    while (awaited := min(RULES.awaiting(state))) != seat:
        action = basic(seen_for(state, events, awaited), Rng(len(events)))
        for event in RULES.decide(state, awaited, action, dice):
            state = RULES.evolve(state, event)
            events.append(event)
    return state, events, seat


def test_last_in_order_at_four_seats_it_takes_first_the_card_that_will_run_out():
    """Every seat wants a Joyride and two Greens (basic drafts in that order). The three
    seats before the last take the first three Joyrides; a stack of seven Greens then
    gives the last seat only one Green if it waits. Basic takes the Joyride; the plan
    takes a Green now, and the second before the stack is gone."""
    state, events, seat = draft_until(4, 3)
    seen = seen_for(state, events, seat)
    assert basic(seen, Rng(0)) == {"type": "draft", "card": "joyride"}
    assert plan(StrongTable(seen), draft_value) == ("green", "green", "joyride")
    assert strong(seen, Rng(0)) == {"type": "draft", "card": "green"}


def by_value(table: StrongTable, picks: int) -> list[str]:
    """`picks` cards taken one by one, each the card of most value to the deck so far."""
    deck = tuple(sorted(table.my_cards()))
    cards = [s["card"] for s in table.view["supply"] if s["cost"] <= DRAFT_MAX_COST]
    out = []
    for _ in range(picks):
        card = max(cards, key=lambda c: draft_value(table, deck, c))
        out.append(card)
        deck = tuple(sorted((*deck, card)))
    return out


@pytest.mark.parametrize("place", [0, 1])
def test_at_two_seats_nothing_runs_out_and_the_plan_holds_the_cards_of_most_value(place):
    """Six picks from stacks of seven: the plan is the cards taken one by one by value,
    and its first pick the card of most value now (the strong level's draft before the
    plan)."""
    state, events, seat = draft_until(2, place)
    seen = seen_for(state, events, seat)
    table = StrongTable(seen)
    picks, one_by_one = plan(table, draft_value), by_value(table, 3)
    assert sorted(picks) == sorted(one_by_one)
    assert strong(seen, Rng(0)) == {"type": "draft", "card": one_by_one[0]}


# --- Joyride -----------------------------------------------------------------------------

def test_the_expected_best_die_of_a_hand_drawn_at_random():
    # two of (6, 3, 0): {6, 3} and {6, 0} give 6, {3, 0} gives 3
    assert expected_best_die([6.0, 3.0, 0.0], 2) == pytest.approx(5.0)
    assert expected_best_die([6.0, 3.0, 0.0], 5) == 6.0
    assert expected_best_die([], 5) == 0.0


SUPPLY = [{"card": c, "stack": c, "count": 7, "cost": cost(c)} for c in COLOURS]


def seat_view(discard=(), play=(), aside=(), top=(), hand_size=5) -> dict:
    return {"play_area": list(play), "discard_pile": list(discard), "score": 0,
            "cant_touch_this": list(aside), "draw_pile_top": list(top),
            "hand_size": hand_size, "final_point_value": 0}


def bought(seat: int, *cards: str) -> list[dict]:
    return [{"type": "card_bought", "data": {"seat": seat, "card": c}} for c in cards]


def joyride_seen(seats: list[dict], events: list[dict], revealed=()) -> Seen:
    """Seat 0 in its card play at four seats, a Joyride its last card in hand."""
    view = {"phase": "play", "rounds": 12, "round": 6, "active": 0, "players": 4,
            "hand": ["joyride"], "supply": SUPPLY,
            "seats": seats,
            "turn": {"coins": 0, "blocked_faces": [], "action_units_left": 5,
                     "revealed_hands": list(revealed)},
            "my_deck": {"owned": {"blue": 3, "white": 4, "joyride": 1}, "draw_pile": {}}}
    legal = [{"type": "play_card", "card": "joyride", "target": t} for t in (1, 2, 3)]
    legal.append({"type": "stop_playing"})
    return Seen(seat=0, view=view, legal=legal, events=events)


def test_the_cards_a_hand_is_drawn_from_are_the_seats_cards_the_table_cannot_see():
    seats = [seat_view(), seat_view(discard=["white", "black"],
                                    play=[{"card": "blue", "lent_by": None}],
                                    aside=[{"card": "cant_touch_this_red"}],
                                    top=["white"]),
             seat_view(), seat_view()]
    seats[0]["play_area"] = [{"card": "black", "lent_by": 1}]
    seen = joyride_seen(seats, bought(1, "black", "black", "cant_touch_this_red"))
    assert unseen_cards(seen.view, seen.events, 1) == ["blue", "blue", "white", "white"]


def test_its_joyride_reveals_the_hand_most_likely_to_hold_the_best_die():
    """Seat 2 owns four Blacks (none seen), seat 3 bought two but both lie in its discard
    pile: basic takes the first seat listed, strong takes seat 2."""
    seats = [seat_view(), seat_view(), seat_view(), seat_view(discard=["black", "black"])]
    events = bought(2, *["black"] * 4) + bought(3, "black", "black")
    seen = joyride_seen(seats, events)
    assert basic(seen, Rng(0)) == {"type": "play_card", "card": "joyride", "target": 1}
    assert strong(seen, Rng(0)) == {"type": "play_card", "card": "joyride", "target": 2}


def test_a_hand_this_turns_joyride_showed_is_known():
    """Seat 3's hand was shown holding a Black (a second Joyride this turn): it beats
    seat 2's likely Purple."""
    seats = [seat_view(), seat_view(), seat_view(), seat_view()]
    events = bought(2, *["purple"] * 4) + bought(3, "black")
    shown = [{"seat": 3, "hand": ["black", "blue", "white", "white", "white"],
              "by": "joyride"}]
    assert strong(joyride_seen(seats, events), Rng(0))["target"] == 2
    assert strong(joyride_seen(seats, events, shown), Rng(0))["target"] == 3
