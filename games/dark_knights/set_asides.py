"""Every distinct legal way to set dice aside after a roll (legal_actions lists them).

Dice of the same shade and face are interchangeable, so choices are built per kind of
die (shade, face): each kind's count is split between staying on the table, existing
combinations and new combinations. Each split is one choice; its dice are the lowest
numbered dice of each kind, in the order of the destinations.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import groupby, product
from typing import Iterator

from .actions import Group, SetDiceAside
from .combinations import SetAside, set_aside_problem
from .data import (
    ACE, ALL_DICE, DARK, DARK_ACES_ALONE_VALUE, LIGHT, LIGHT_ACE_VALUE, SMALLEST_COMBINATION,
    shade_of,
)
from .state import Combination, Die

Destination = tuple[str, int]   # ("add", combination index) or ("new", value)
Places = tuple[tuple[Destination, ...], ...]   # the destinations of each kind


def kinds_on_table(table: tuple[Die, ...]) -> list[tuple[Die, ...]]:
    """The dice on the table grouped by shade and face, lowest die numbers first."""
    ordered = sorted(table, key=lambda d: (d.shade, d.face, d.die))
    return [tuple(group) for _, group in groupby(ordered, key=lambda d: (d.shade, d.face))]


def fixed_values(combinations: tuple[Combination, ...]) -> dict[int, int]:
    return {c.value: i for i, c in enumerate(combinations) if not c.only_dark_aces}


def destinations(
    kind: tuple[Die, ...], table: tuple[Die, ...], combinations: tuple[Combination, ...]
) -> list[Destination]:
    """Where dice of this kind may go (a die of a taken value may only join that value).

    A new combination is offered only where the table holds 2 or more dice for it.
    """
    taken = fixed_values(combinations)
    open_aces = [("add", i) for i, c in enumerate(combinations) if c.only_dark_aces]
    wild = sum(1 for d in table if d.wild)

    def can_start(value: int) -> bool:
        return sum(1 for d in table if d.value == value) + wild >= SMALLEST_COMBINATION

    sample = kind[0]
    if not sample.wild:
        assert sample.value is not None
        if sample.value in taken:
            return [("add", taken[sample.value])]
        return open_aces + ([("new", sample.value)] if can_start(sample.value) else [])
    values = sorted({d.value for d in table if d.value is not None and d.value not in taken})
    adds = [("add", i) for i in range(len(combinations))]
    alone = [("new", DARK_ACES_ALONE_VALUE)] if wild >= SMALLEST_COMBINATION else []
    return adds + [("new", v) for v in values] + alone


def splits(count: int, parts: int) -> Iterator[tuple[int, ...]]:
    """Every way to send up to `count` dice to `parts` places (the rest stay)."""
    if parts == 0:
        yield ()
        return
    for first in range(count + 1):
        for rest in splits(count - first, parts - 1):
            yield (first,) + rest


def plan_from(
    kinds: list[tuple[Die, ...]],
    places: Places,
    split: tuple[tuple[int, ...], ...],
) -> SetAside | None:
    additions: dict[int, tuple[Die, ...]] = {}
    new: dict[int, tuple[Die, ...]] = {}
    for kind, dests, counts in zip(kinds, places, split):
        start = 0
        for (where, key), n in zip(dests, counts):
            dice = kind[start:start + n]
            start += n
            if not dice:
                continue
            bucket = additions if where == "add" else new
            bucket[key] = bucket.get(key, ()) + dice
    for value, group in new.items():
        if value != DARK_ACES_ALONE_VALUE and all(d.wild for d in group):
            return None   # dark aces without a die of that value: same as aces alone
    return SetAside(
        additions=tuple(sorted(additions.items())),
        new=tuple(new[v] for v in sorted(new)),
    )


TableKey = tuple[tuple[str, int, int], ...]     # (shade, face, count) per kind
CombinationsKey = tuple[tuple[int, bool], ...]  # (value, only dark aces) per combination


def stand_in_dice(key: TableKey) -> tuple[Die, ...]:
    """Dice with the key's shades and faces (numbers of the right shade, in order)."""
    free = {shade: [n for n in ALL_DICE if shade_of(n) == shade] for shade in (DARK, LIGHT)}
    return tuple(Die(die=free[shade].pop(0), face=face)
                 for shade, face, count in key for _ in range(count))


def stand_in_combinations(key: CombinationsKey) -> tuple[Combination, ...]:
    """Combinations with the key's values (a rule check needs nothing else)."""
    def one(value: int, aces: bool) -> Combination:
        if aces:
            return Combination(dice=(Die(0, ACE),), value=value)
        return Combination(dice=(Die(3, ACE if value == LIGHT_ACE_VALUE else value),), value=value)
    return tuple(one(v, a) for v, a in key)


def new_groups_can_stand(
    places: Places, wild: list[bool], split: tuple[tuple[int, ...], ...]
) -> bool:
    """A quick count check: something is set aside and each new group has 2+ dice,
    one of them not a dark ace unless it is the dark-aces-alone combination."""
    size: dict[int, int] = {}
    plain: dict[int, int] = {}
    moved = 0
    for dests, is_wild, counts in zip(places, wild, split):
        for (where, key), n in zip(dests, counts):
            moved += n
            if where == "new" and n:
                size[key] = size.get(key, 0) + n
                if not is_wild:
                    plain[key] = plain.get(key, 0) + n
    return moved > 0 and all(
        n >= SMALLEST_COMBINATION and (v == DARK_ACES_ALONE_VALUE or plain.get(v))
        for v, n in size.items()
    )


@lru_cache(maxsize=65536)
def splits_by_kind(
    table_key: TableKey, combinations_key: CombinationsKey
) -> tuple[Places, tuple[tuple[tuple[int, ...], ...], ...]]:
    """The legal splits for dice of these kinds and combinations of these values."""
    table = stand_in_dice(table_key)
    combinations = stand_in_combinations(combinations_key)
    kinds = kinds_on_table(table)
    places = tuple(tuple(destinations(k, table, combinations)) for k in kinds)
    per_kind = [list(splits(len(k), len(p))) for k, p in zip(kinds, places)]
    wild = [k[0].wild for k in kinds]
    legal = []
    for split in product(*per_kind):
        if not new_groups_can_stand(places, wild, split):
            continue
        plan = plan_from(kinds, places, split)
        if plan is not None and set_aside_problem(combinations, plan) is None:
            legal.append(split)
    return places, tuple(legal)


@lru_cache(maxsize=4096)
def set_aside_choices(
    table: tuple[Die, ...], combinations: tuple[Combination, ...]
) -> tuple[SetAside, ...]:
    """Every distinct legal set-aside, dice of the same shade and face taken as equal."""
    kinds = kinds_on_table(table)
    table_key = tuple((k[0].shade, k[0].face, len(k)) for k in kinds)
    combinations_key = tuple((c.value, c.only_dark_aces) for c in combinations)
    places, legal = splits_by_kind(table_key, combinations_key)
    plans = [p for p in (plan_from(kinds, places, split) for split in legal) if p is not None]
    return tuple(sorted(plans, key=listing_order))


def listing_order(plan: SetAside) -> tuple[int, list[tuple[int, list[int]]]]:
    """Fewest dice first; then by combination (existing ones first) and die numbers."""
    groups = [(index, sorted(d.die for d in dice)) for index, dice in plan.additions]
    groups += [(99, sorted(d.die for d in group)) for group in plan.new]
    return (len(plan.dice), groups)


def plan_groups(plan: SetAside) -> tuple[Group, ...]:
    """The plan as groups: additions by combination index, then new combinations, each
    with its die numbers sorted."""
    added = tuple(Group(combination=index, dice=tuple(sorted(d.die for d in dice)))
                  for index, dice in plan.additions)
    return added + tuple(Group(combination=None, dice=tuple(sorted(d.die for d in group)))
                         for group in plan.new)


def plan_to_action(plan: SetAside) -> SetDiceAside:
    return SetDiceAside(groups=plan_groups(plan))
