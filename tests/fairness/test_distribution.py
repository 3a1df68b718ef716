"""The service's dice are uniform: chi-squared tests at the 1% level.

No scipy: the statistic is computed here and compared with the 1% critical values of
the chi-squared distribution for the degrees of freedom used (sides - 1, or
permutations - 1). Seeds are fixed, so the tests are deterministic.
"""

from __future__ import annotations

import hashlib
import itertools
from collections import Counter
from typing import Iterable, Sequence

import pytest

from games.core import shuffle
from games.core.fairness import HmacDice

# Upper 1% points of the chi-squared distribution, by degrees of freedom.
CRITICAL_1_PERCENT = {1: 6.635, 3: 11.345, 5: 15.086, 9: 21.666, 11: 24.725, 19: 36.191,
                      23: 41.638}
ROLLS = 100_000
GAME = "00000000-0000-4000-8000-00000000c0de"


def seed_for(name: str) -> str:
    return hashlib.sha256(name.encode()).hexdigest()


def chi_squared(observed: Counter, categories: Sequence[object], total: int) -> float:
    expected = total / len(categories)
    return sum((observed[c] - expected) ** 2 / expected for c in categories)


def passes(values: Iterable[object], categories: Sequence[object]) -> tuple[bool, float]:
    counts = Counter(values)
    assert set(counts) <= set(categories), f"values off the die: {set(counts) - set(categories)}"
    statistic = chi_squared(counts, categories, sum(counts.values()))
    return statistic < CRITICAL_1_PERCENT[len(categories) - 1], statistic


@pytest.mark.parametrize("sides", [2, 4, 6, 10, 12, 20])
def test_100000_dice_of_each_type_are_uniform(sides: int) -> None:
    dice = HmacDice(seed_for(f"d{sides}"), GAME, ["alice", "bob"])
    ok, statistic = passes((dice.roll(sides) for _ in range(ROLLS)), range(1, sides + 1))
    assert ok, f"d{sides}: chi-squared {statistic:.2f} >= {CRITICAL_1_PERCENT[sides - 1]}"
    assert [d.nonce for d in dice.draws] == list(range(ROLLS))


@pytest.mark.parametrize("items", [3, 4])
def test_shuffles_give_every_permutation_equally_often(items: int) -> None:
    dice = HmacDice(seed_for(f"shuffle{items}"), GAME, ["carol"])
    permutations = list(itertools.permutations(range(items)))
    runs = 2_000 * len(permutations)
    ok, statistic = passes((shuffle(dice, range(items)) for _ in range(runs)), permutations)
    assert ok, f"{items} items: chi-squared {statistic:.2f}"


def test_the_test_rejects_a_biased_die() -> None:
    """The statistic has teeth: a d6 that shows 6 a little too rarely fails."""
    dice = HmacDice(seed_for("biased"), GAME, ["dave"])
    rolls = [dice.roll(6) for _ in range(ROLLS)]
    biased = [r if r != 6 or i % 20 else 1 for i, r in enumerate(rolls)]
    assert passes(rolls, range(1, 7))[0]
    assert not passes(biased, range(1, 7))[0]


def test_modulo_without_rejection_would_be_biased_on_a_large_die() -> None:
    """Why rejection sampling: x mod sides alone favours low faces when 2**32 is not a
    multiple of sides (here a die of 3 * 2**30 sides: faces below 2**30 twice as often)."""
    dice = HmacDice(seed_for("large"), GAME, ["erin"])
    sides = 3 * 2**30
    low = sum(dice.roll(sides) <= 2**30 for _ in range(30_000))
    assert abs(low / 30_000 - 1 / 3) < 0.02
