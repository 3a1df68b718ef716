"""The typed legal items (`legal_moves`, drawn from with `games.core.legal.sample_move`)
are the served ones (`legal_actions`, `sample`) before their JSON (issue #34, item 1).

Over random play of every game, at every step, for the seat to act: every typed item is an
action or a `Choice` (never JSON), and the served items are their JSON; a draw from a
typed item gives the action that the same draw from its served item reads back to (equal
as typed actions: a tuple where a tuple belongs); and deciding that typed action tells the
same events as deciding the served one.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.core import GameConfig
from games.core.legal import Choice, legal_json, sample, sample_move
from games.core.messages import GameAction
from games.core.options import resolve_options
from games.registry import GAMES
from tests.support.harness import RandomDice

GAMES_PER_TABLE = 4
MAX_STEPS = 300
# Table sizes and options whose legal items take every shape: choices of ranges (Snake
# Bones' stakes and bids, Bare Bones' amounts), of subsets (Skip-Bo Dice's and Bare Bones'
# re-rolls, Bare Bones' supply dice), Bamboozled's shared declarations, plain and
# card-backed, Dark Knights' groups.
TABLES: dict[str, list[dict[str, Any]]] = {
    "snake-bones": [dict(players=2), dict(players=4, ones_wild=True)],
    "bamboozled": [dict(players=2), dict(players=3, kids=True)],
    "dark-knights": [dict(players=2), dict(players=3)],
    "skip-bo-dice": [dict(players=1), dict(players=3)],
    "bare-bones": [dict(players=2), dict(players=3, action_set="random")],
}


def start(rules: Any, table: dict[str, Any], dice: RandomDice) -> Any:
    options = {k: v for k, v in table.items() if k != "players"}
    config = GameConfig(table["players"], resolve_options(rules.options, options), 0)
    state = None
    for event in rules.setup(config, dice):
        state = rules.evolve(state, event)
    return state


def draws(seed: int) -> Any:
    return random.Random(seed).randrange


@pytest.mark.parametrize("slug", sorted(TABLES))
def test_typed_legal_items_are_the_served_ones(slug: str) -> None:
    rules = GAMES[slug]
    steps = choices = 0
    for table in TABLES[slug]:
        for game in range(GAMES_PER_TABLE):
            rng = random.Random(f"{slug}:{table}:{game}")
            dice = RandomDice(rng)
            state = start(rules, table, dice)
            for _ in range(MAX_STEPS):
                if rules.outcome(state) is not None:
                    break
                seat = min(rules.awaiting(state))
                typed = rules.legal_moves(state, seat)
                assert all(isinstance(item, (GameAction, Choice)) for item in typed), slug
                served = rules.legal_actions(state, seat)
                assert legal_json(typed) == served, (slug, table, steps)
                pick = rng.choice([i for i, item in enumerate(served)
                                   if item["type"] != "resign"])
                seed = rng.randrange(10**9)
                move = sample_move(typed[pick], draws(seed))
                posted = sample(served[pick], draws(seed))
                assert rules.actions.parse_action(move) == rules.actions.parse_action(posted)
                choices += "choose" in served[pick]
                state_dice = rng.getstate()
                told = rules.decide(state, seat, move, dice)
                rng.setstate(state_dice)   # the same rolls for the served action
                told_served = rules.decide(state, seat, posted, dice)
                assert [e.to_json() for e in told] == [e.to_json() for e in told_served]
                for event in told:
                    state = rules.evolve(state, event)
                steps += 1
    assert steps > 200
    if any(kind.CHOOSE for kind in rules.actions):   # a game that lists choices
        assert choices > 20
