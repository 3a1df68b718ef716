"""The roll pool's kept answers (pool.py: `allows` and `choices`, bounded caches keyed on
the pool): a pool does not depend on the order the cards were played, and what the
caches give is what the pool works out afresh."""

from __future__ import annotations

from collections import Counter

import pytest

from games.bare_bones.pool import allows, candidate_rolls, choices, colour_caps, pool_of
from games.bare_bones.state import Aside

from .build import cards_played, dice_played, table

PLAY_AREAS = [
    dice_played("red", "blue", "purple"),
    dice_played("purple", "purple", "green", "white") + cards_played("rainbow"),
    dice_played("yellow", "black", "red") + cards_played("double_up"),
    dice_played("blue", "blue", "red", "red", "purple", "white", "green"),
    [],
]


@pytest.mark.parametrize("played", PLAY_AREAS)
def test_a_pool_is_the_same_whatever_the_order_of_play(played) -> None:
    forward = pool_of(table(play={0: played}), 0)
    backward = pool_of(table(play={0: list(reversed(played))}), 0)
    assert forward == backward and hash(forward) == hash(backward)


@pytest.mark.parametrize("played", PLAY_AREAS)
def test_kept_answers_are_the_pools_own(played) -> None:
    game = table(play={0: played}, aside={1: [Aside("cant_touch_this_red", 3)]})
    pool = pool_of(game, 0)
    for roll in candidate_rolls({c: 3 for c in colour_caps(pool)}):
        assert allows(pool, roll) == pool.fits(Counter(roll))
        assert allows(pool, roll) == allows.__wrapped__(pool, roll)
    assert choices(pool) == choices.__wrapped__(pool)
    assert choices(pool) is choices(pool)  # built once, then given again
