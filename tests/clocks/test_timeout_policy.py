"""Every game type's timeout action is legal in every state of random play."""

from __future__ import annotations

import random

import pytest

from games.core import GameConfig
from games.bare_bones.data import COLOURS, DICE_PER_COLOUR
from games.core.legal import expand_all, sample
from games.core.options import resolve_options
from games.registry import GAMES
from tests.support.harness import RandomDice, roundtrip

STATES_PER_GAME = 3000


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_timeout_action_is_legal_in_every_state(slug: str) -> None:
    rules = GAMES[slug]
    rng = random.Random(slug)
    checked = games = 0
    while checked < STATES_PER_GAME:
        games += 1
        players = rng.randint(rules.min_players, min(rules.max_players, 5))
        options = resolve_options(rules.options, small_game_options(slug))
        dice = RandomDice(rng)
        state = None
        for event in rules.setup(GameConfig(players, options, first_player=None), dice):
            state = rules.evolve(state, roundtrip(event))
        while rules.outcome(state) is None:
            awaiting = rules.awaiting(state)
            for seat in awaiting:
                action = rules.timeout_action(state, seat)
                assert listed(action, rules.legal_actions(state, seat)), (slug, seat, action)
                rules.decide(state, seat, action, RandomDice(random.Random(checked)))
                checked += 1
            seat = rng.choice(sorted(awaiting))
            # Half the moves are the clock's, so states the timeout policy leads to are seen too.
            action = (rules.timeout_action(state, seat) if rng.random() < 0.5
                      else sample(rng.choice(rules.legal_actions(state, seat)), rng.randrange))
            for event in rules.decide(state, seat, action, dice):
                state = rules.evolve(state, roundtrip(event))
    assert games >= 2 and checked >= STATES_PER_GAME


def listed(action: dict, items: list[dict]) -> bool:
    """The action is one the legal items allow. A Bare Bones roll the clock names by
    colours (`dice`) is listed when a roll of the same colours by supply numbers is."""
    allowed = expand_all(items)
    if action in allowed:
        return True
    if action["type"] == "roll" and "dice" in action:
        colours = sorted(action["dice"])
        return any(sorted(COLOURS[n // DICE_PER_COLOUR] for n in a["supply_dice"]) == colours
                   for a in allowed if a["type"] == "roll" and "supply_dice" in a)
    return False


def small_game_options(slug: str) -> dict:
    return {"target": 150} if slug == "dark-knights" else {}
