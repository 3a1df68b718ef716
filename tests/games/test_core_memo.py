"""The shared guards reuse the last answer about the very same state (games/core/memo.py),
and nothing the public API hands out is shared."""

from __future__ import annotations

import random
from dataclasses import dataclass

from games.core import GameConfig
from games.core.memo import remember_last
from games.core.options import resolve_options
from games.registry import GAMES
from tests.support.harness import RandomDice


@dataclass(frozen=True)
class Table:
    seats: int


def test_the_same_state_is_answered_once_an_equal_one_again() -> None:
    asked: list[Table] = []

    def players(state: Table) -> int:
        asked.append(state)
        return state.seats

    answer = remember_last(players)
    first = Table(3)
    assert answer(first) == 3 and answer(first) == 3
    assert len(asked) == 1
    assert answer(Table(3)) == 3  # equal, not the same: asked again
    assert answer(Table(4)) == 4
    assert len(asked) == 3


def test_the_awaited_seats_handed_out_are_copies() -> None:
    rules = GAMES["snake-bones"]
    config = GameConfig(3, resolve_options(rules.options, {}), 0)
    state = None
    for event in rules.setup(config, RandomDice(random.Random(1))):
        state = rules.evolve(state, event)
    awaited = rules.awaiting(state)
    assert awaited
    awaited.clear()
    assert rules.awaiting(state) == rules.awaiting(state) != {}
    assert rules.awaiting(state) is not rules.awaiting(state)
