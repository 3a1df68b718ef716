"""The scoring table, for every count and shade mix of a combination."""

from __future__ import annotations

import pytest

from games.dark_knights.combinations import combination_score, combination_score_for
from games.dark_knights.state import Combination, Die

# (dark dice, light dice, value) -> score
TABLE = [
    # dark only: 0, whatever the count or value (dark aces alone included)
    (2, 0, 1, 0), (3, 0, 1, 0), (2, 0, 6, 0), (3, 0, 4, 0),
    # clean: 2 light -> 10 x value, 3 light -> 20 x value
    (0, 2, 2, 20), (0, 2, 3, 30), (0, 2, 6, 60), (0, 3, 3, 60), (0, 3, 5, 100),
    (0, 2, 10, 100), (0, 3, 10, 200),
    # mixed: number of dice x value
    (1, 1, 3, 6), (1, 2, 3, 9), (2, 1, 6, 18), (1, 1, 10, 20), (2, 2, 4, 16),
    (3, 1, 5, 20), (1, 3, 2, 8), (3, 2, 6, 30), (2, 3, 5, 25), (3, 3, 6, 36), (3, 3, 10, 60),
]


@pytest.mark.parametrize("dark, light, value, score", TABLE)
def test_combination_score_table(dark: int, light: int, value: int, score: int) -> None:
    assert combination_score_for(value, dark, light) == score


def test_table_covers_every_count_and_shade_mix() -> None:
    mixes = {(d, light) for d, light, _, _ in TABLE}
    assert mixes == {(d, light) for d in range(4) for light in range(4) if d + light >= 2}


def dice(*spec: tuple[str, int]) -> tuple[Die, ...]:
    dark, light = iter([0, 1, 2]), iter([3, 4, 5])
    return tuple(Die(next(dark if shade == "dark" else light), face) for shade, face in spec)


@pytest.mark.parametrize("spec, value, score", [
    ((("dark", 1), ("dark", 1)), 1, 0),                      # dark aces alone: ones, 0
    ((("dark", 1), ("dark", 1), ("dark", 1)), 1, 0),
    ((("dark", 1), ("dark", 6)), 6, 0),                      # rulebook: filthy 0
    ((("dark", 1), ("dark", 6), ("light", 6)), 6, 18),       # rulebook: 6+6+6
    ((("dark", 3), ("light", 3), ("light", 3)), 3, 9),       # rulebook: 3+3+3
    ((("light", 3), ("light", 3)), 3, 30),                   # rulebook: 3 x 10
    ((("light", 3), ("light", 3), ("light", 3)), 3, 60),     # rulebook: 3 x 20
    ((("light", 1), ("light", 1)), 10, 100),                 # light aces are 10s
    ((("dark", 1), ("light", 1)), 10, 20),
    ((("dark", 1), ("dark", 1), ("light", 1), ("light", 1), ("light", 1)), 10, 50),
])
def test_combination_value_and_score_from_dice(
    spec: tuple[tuple[str, int], ...], value: int, score: int
) -> None:
    combination = Combination.of(dice(*spec))
    assert (combination.value, combination_score(combination)) == (value, score)
