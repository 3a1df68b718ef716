"""legal_actions never lists more than 100 items: every distinct set-aside after any roll
is listed as a concrete action, and the worst roll gives 33, listed with `resign` (34
items; docs/decider.md)."""

from __future__ import annotations

from itertools import combinations_with_replacement, product

from games.core.legal import expand_all
from tests.support.harness import when

from .helpers import R, RESIGN, ROLL, new, rolled, set_aside, set_asides_listed

MAX_LEGAL_ITEMS = 100


def first_rolls() -> list[list[int]]:
    """One roll of six dice per kind of table: dice of a shade and face are equal, so the
    faces of the dark dice (0-2) and of the light dice (3-5) matter only as multisets."""
    shade = list(combinations_with_replacement(range(1, 7), 3))
    return [list(dark + light) for dark, light in product(shade, shade)]


def test_the_worst_first_roll_lists_33_concrete_set_asides() -> None:
    # two dark aces (wild), a dark 2, two light aces (10s) and a light 2
    state = rolled([1, 1, 2, 1, 1, 2])
    items = R.legal_actions(state, 0)
    assert len(set_asides_listed(state)) == 33 and items == set_asides_listed(state) + [RESIGN]
    assert len(items) == 34 and all("choose" not in item for item in items)
    assert expand_all(items) == items
    assert set_aside(new(0, 1)) in items and set_aside(new(0, 1, 2, 5), new(3, 4)) in items


def test_no_first_roll_lists_more_than_33() -> None:
    counts = {tuple(faces): len(set_asides_listed(rolled(faces))) for faces in first_rolls()}
    assert len(counts) == 56 * 56
    assert max(counts.values()) + 1 == 34 <= MAX_LEGAL_ITEMS   # with resign
    assert counts[(1, 1, 2, 1, 1, 2)] == 33


def test_no_roll_after_dark_aces_alone_lists_more_than_100() -> None:
    # dark aces alone take any value: the richest set to add to
    aces, _ = when(R, rolled([1, 1, 2, 3, 4, 5]), 0, set_aside(new(0, 1)))
    worst = 0
    for faces in product(range(1, 7), repeat=4):   # dice 2 (dark), 3, 4, 5 (light)
        state, _ = when(R, aces, 0, ROLL, faces)
        worst = max(worst, len(R.legal_actions(state, 0)))
    assert 0 < worst <= MAX_LEGAL_ITEMS
