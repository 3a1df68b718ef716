"""The Bare Bones bot (issue #17): legal, deterministic, and what it does on purpose.
Blind to other seats' secrets and better than a random player: tests/games/test_bots.py.

A bot's Seen is built as a seat gets it: the rules' view and legal actions for that seat,
and the events as served to it (public data and its own private parts).
"""

from __future__ import annotations

import random

import pytest

from games.bare_bones import RULES
from games.bare_bones.bot import BOTS, allowed, basic
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
        if action["type"] == "play_card" and not action["card"] in (
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
