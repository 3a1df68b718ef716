"""Combinations and their shown records are shared (state.combination,
events.shown_combination: bounded caches): the same dice give the same combination, in
whatever order they come, and folding its event record gives it back."""

from __future__ import annotations

from itertools import combinations, product

from games.dark_knights.events import shown_combinations, shown_dice
from games.dark_knights.state import Combination, combination, die_showing


def test_the_same_dice_in_any_order_give_the_one_combination() -> None:
    fours = (die_showing(4, 4), die_showing(0, 1), die_showing(3, 4))
    c = Combination.of(fours)
    assert c is Combination.of(tuple(reversed(fours)))
    assert c == Combination(dice=tuple(sorted(fours, key=lambda d: d.die)), value=4)
    assert (c.dark, c.light, c.only_dark_aces) == (1, 2, False)


def test_a_shown_combination_folds_back_to_the_same_combination() -> None:
    aces = Combination.of((die_showing(1, 1), die_showing(2, 1)))
    sixes = Combination.of((die_showing(0, 6), die_showing(5, 6)))
    shown = shown_combinations((aces, sixes))
    assert [s.index for s in shown] == [0, 1] and shown[0].only_dark_aces
    assert shown[1].dice == shown_dice(sixes.dice) and shown[1].score == 12
    assert tuple(s.to_combination() for s in shown) == (aces, sixes)
    assert shown[1].to_combination() is sixes


def test_every_combination_fits_the_cache() -> None:
    # 2 or more of the six dice whose faces match (dark aces are wild): 1,067 in all
    found = 0
    for size in range(2, 7):
        for numbers in combinations(range(6), size):
            for faces in product(range(1, 7), repeat=size):
                dice = tuple(die_showing(n, f) for n, f in zip(numbers, faces))
                found += len({d.value for d in dice if not d.wild}) <= 1
    assert found == 1067 <= (combination.cache_info().maxsize or 0)
