"""The Bare Bones bot (issue #17): legal, deterministic, and what it does on purpose.
Blind to other seats' secrets and better than a random player: tests/games/test_bots.py.

A bot's Seen is built as a seat gets it: the rules' view and legal actions for that seat,
and the events as served to it (public data and its own private parts).
"""

from __future__ import annotations

import random

import pytest

from games.bare_bones import RULES
from games.bare_bones.basic import allowed, basic
from games.bare_bones.bot import BOTS
from games.bare_bones.data import COLOURS, cost
from games.bare_bones.strong import StrongTable, final_point_values, showings, strong
from games.core.bots import Rng, Seen, random_policy
from games.core.legal import expand_all
from tests.support.harness import RandomDice, config

SETS = ["bare_bones_basics", "interplay", "money_money", "many_paths", "random",
        ["full_house", "mimic", "rainbow", "run", "triplets", "loan_shark", "cant_touch_this"],
        ["hot_potato", "yard_sale", "swap_meet", "point_pro", "keep_the_change", "joyride",
         "double_up"]]


def seen_for(state, events, seat: int, served=None) -> Seen:
    """The Seen of `seat`; `served`: the events as served to it, if already built."""
    if served is None:
        served = [e.visible_to(seat) for e in events]
    return Seen(seat=seat, view=RULES.view(state, seat), legal=RULES.legal_actions(state, seat),
                events=served)


def play(players, seed: int, action_set="bare_bones_basics", rounds: int = 12,
         players_count: int = 2, visit=None):
    """One game, seat i played by players[i % len(players)]; `visit(state, events, seat)`
    is called before each decision. Returns the outcome."""
    rng = random.Random(seed)
    dice = RandomDice(rng)
    cfg = config(RULES, players_count, first_player=None, rounds=rounds, action_set=action_set)
    events = list(RULES.setup(cfg, dice))
    served = [[e.visible_to(s) for e in events] for s in range(players_count)]
    state = None
    for event in events:
        state = RULES.evolve(state, event)
    step = 0
    while (result := RULES.outcome(state)) is None:
        seat = min(RULES.awaiting(state))
        if visit is not None:
            visit(state, events, seat)
        seen = seen_for(state, events, seat, list(served[seat]))
        action = players[seat % len(players)](seen, Rng(f"{seed}:{step}"))
        new = RULES.decide(state, seat, action, dice)   # refuses an illegal action
        for event in new:
            state = RULES.evolve(state, event)
        events.extend(new)
        for s, mine in enumerate(served):
            mine.extend(e.visible_to(s) for e in new)
        step += 1
        assert step < 20_000
    return result


def test_the_levels():
    assert BOTS["basic"] is basic
    assert BOTS["strong"] is strong


@pytest.mark.parametrize("index", range(len(SETS)))
def test_every_action_is_listed_by_the_legal_items_and_accepted(index):
    """Over whole games (the bot at every seat, and against random players, 2 to 4
    seats), each action the bot returns is one of the concrete actions its legal items
    allow; `decide` accepts it (it raises otherwise)."""
    checked = []

    def checking(seen: Seen, rng: Rng):
        action = basic(seen, rng)
        assert allowed(action, seen.legal)
        assert action in expand_all(list(seen.legal)), (action, seen.legal)
        checked.append(action["type"])
        return action

    play([checking, random_policy], seed=index, action_set=SETS[index], rounds=6)
    play([checking], seed=100 + index, action_set=SETS[index], rounds=4,
         players_count=2 + index % 3)
    assert {"draft", "play_card", "roll", "stop_playing"} <= set(checked)


def test_it_uses_the_cards_on_purpose():
    """Across a few games it buys, re-rolls, bonus matches and plays Action Cards; it
    takes Red's draw and a bonus match whenever they are offered, never buys a Hot Potato
    and always passes its Hot Potatoes on."""
    kinds = set()

    def watching(seen: Seen, rng: Rng):
        action = basic(seen, rng)
        kinds.add(action["type"])
        offered = {item["type"] for item in seen.legal}
        for must in ("draw_red", "bonus_match"):
            if must in offered:
                assert action["type"] == must
        if action["type"] == "place_hot_potato":
            assert action["onto"] is not None
        if action["type"] == "play_card" and action["card"] not in (
                "blue", "yellow", "red", "purple", "green", "black", "white"):
            kinds.add("action_card")
        if action["type"] == "buy":
            assert action["card"] != "hot_potato"
        return action

    for seed, action_set in enumerate(SETS):
        play([watching], seed=200 + seed, action_set=action_set, rounds=6)
    assert {"buy", "bonus_match", "action_card", "keep_dice"} <= kinds
    assert kinds & {"reroll_die", "reroll_green", "reroll_full_house"}
    assert kinds & {"choose_parity", "choose_doubled"}


def test_the_same_seen_and_seed_give_the_same_action():
    seens: list[Seen] = []

    def collecting(seen: Seen, rng: Rng):
        seens.append(seen)
        return basic(seen, rng)

    play([collecting, random_policy], seed=7, action_set="random", rounds=5)
    play([collecting], seed=8, action_set=SETS[5], rounds=3)
    assert len(seens) > 50
    for i, seen in enumerate(seens):
        assert basic(seen, Rng(i)) == basic(seen, Rng(i))


# --- the strong level ---------------------------------------------------------------------

def last_turn_seen(choices, coins: int = 0) -> Seen:
    """Seat 0 choosing how to score on its last turn (round 12 of 12), the supply full."""
    supply = [{"card": c, "stack": c, "count": 7, "cost": cost(c)} for c in COLOURS]
    view = {"phase": "choose", "rounds": 12, "round": 12, "active": 0, "players": 2,
            "hand": [], "supply": supply,
            "seats": [{"play_area": [], "score": 0, "final_point_value": 0}] * 2,
            "turn": {"coins": coins, "scoring_choices": choices, "blocked_faces": [],
                     "action_units_left": 2},
            "my_deck": {"owned": {"blue": 3, "white": 4, "odds_or_evens": 1},
                        "draw_pile": {}}}
    legal = [dict(c["action"]) for c in choices]
    return Seen(seat=0, view=view, legal=legal, events=())


def test_on_its_last_turn_strong_counts_coins_by_the_final_point_values_they_buy():
    """After its last turn a coin is worth only the Final Point Value it buys now: 3 coins
    buy nothing (Blue costs 4), 14 buy Yellow and Green (8). Basic counts a last-turn coin
    at 0.6 points, so it trades 1 point for 3 coins; strong keeps the point."""
    table = StrongTable(last_turn_seen([]))
    assert [final_point_values(table, c) for c in (3, 4, 9, 11, 14)] == [0, 2, 5, 7, 8]
    odd = {"type": "choose_parity", "keep": "odd"}
    even = {"type": "choose_parity", "keep": "even"}
    seen = last_turn_seen([{"action": odd, "points": 10, "coins": 0},
                           {"action": even, "points": 9, "coins": 3}])
    assert basic(seen, Rng(1)) == even
    assert strong(seen, Rng(1)) == odd


def test_a_card_bought_shows_up_only_once_the_draw_pile_is_spent():
    """Ten cards, ten in the draw pile: the two turns left draw them all, so a card bought
    now is never drawn and is worth its Final Point Value alone; with the draw pile empty
    it is in 10 of the 11 cards' worth of draws."""
    owned = {"blue": 3, "white": 4, "green": 3}
    assert showings(owned, draw_pile=10, turns_after=2) == 0
    assert showings(owned, draw_pile=0, turns_after=2) == pytest.approx(10 / 11)
    assert showings({"greed": 1, **owned}, draw_pile=0, turns_after=1) == pytest.approx(
        5 * (1 + 2 / 11) / 12)


def test_the_strong_level_plays_whole_games_and_repeats_itself():
    """Strong's every action is one its legal items allow (decide refuses others), and
    the same Seen and seed give the same action."""
    seens: list[Seen] = []

    def collecting(seen: Seen, rng: Rng):
        seens.append(seen)
        action = strong(seen, rng)
        assert action in expand_all(list(seen.legal)), (action, seen.legal)
        return action

    play([collecting, basic], seed=9, rounds=4)
    play([collecting], seed=10, action_set="random", rounds=3, players_count=3)
    assert len(seens) > 50
    for i, seen in enumerate(seens):
        assert strong(seen, Rng(i)) == strong(seen, Rng(i))
