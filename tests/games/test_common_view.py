"""Every game's view has the common shape front ends rely on.

`players` is the number of seats, `phase` a string, and `seats` one object per seat in
seat order with that seat's number under `seat`, for every state and every viewer.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.core import GameRules
from games.registry import GAMES
from tests.support.harness import config, play_random

ROUNDS = 2  # games per table size


def table_sizes(rules: GameRules) -> list[int]:
    """The smallest, a middle and the largest table the game allows."""
    low, high = rules.min_players, rules.max_players
    return [low, (low + high) // 2, high]


def check_common_shape(view: dict[str, Any], players: int) -> None:
    text = json.dumps(view, allow_nan=False)
    assert json.loads(text) == view, "the view is not plain JSON"
    assert type(view["players"]) is int and view["players"] == players
    assert isinstance(view["phase"], str) and view["phase"]
    seats = view["seats"]
    assert isinstance(seats, list) and len(seats) == players
    for i, entry in enumerate(seats):
        assert isinstance(entry, dict) and entry["seat"] == i


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_view_has_players_phase_and_seats(slug: str) -> None:
    rules = GAMES[slug]
    for i, players in enumerate(table_sizes(rules) * ROUNDS):
        cfg = config(rules, players, first_player=None if i % 2 else 0)
        # a few moves out of turn, for games where seats may act out of turn
        game = play_random(rules, cfg, seed=7_000 + i, keep_states=True, check_timeouts=False,
                           out_of_turn=0.1)
        for state in game.states:
            for viewer in [None, *range(players)]:
                check_common_shape(rules.view(state, viewer), players)
