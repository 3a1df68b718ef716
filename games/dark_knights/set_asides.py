"""Every distinct legal way to set dice aside after a roll (legal_actions lists them).

Dice of the same shade and face are interchangeable, so choices are built per kind of
die (shade, face): each kind's count is split between staying on the table, existing
combinations and new combinations. Each split is one choice; its dice are the lowest
numbered dice of each kind, in the order of the destinations.

The splits depend only on the kinds on the table and the combinations' values, so they
are worked out once per such key (`splits_by_kind`): the splits of the dice that are not
wild first, then only the dark aces' splits that leave every new combination standing
(2 or more dice, one of them not a dark ace) and the set with one combination per value.
The choices of a table (`set_aside_choices`) and their actions are memoised on the
immutable dice: the roll that asks whether the turn busts lists them for legal_actions.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cache, lru_cache
from itertools import groupby, product

from .actions import Group, SetDiceAside
from .combinations import SetAside
from .data import DARK_ACES_ALONE_VALUE, SMALLEST_COMBINATION
from .state import Combination, Die, matching_value

Destination = tuple[str, int]   # ("add", combination index) or ("new", value)
Places = tuple[tuple[Destination, ...], ...]   # the destinations of each kind
Split = tuple[tuple[int, ...], ...]            # per kind, the dice sent to each destination
TableKey = tuple[tuple[str, int, int], ...]     # (shade, face, count) per kind
CombinationsKey = tuple[tuple[int, bool], ...]  # (value, only dark aces) per combination


def kinds_on_table(table: tuple[Die, ...]) -> list[tuple[Die, ...]]:
    """The dice on the table grouped by shade and face, lowest die numbers first."""
    ordered = sorted(table, key=lambda d: (d.shade, d.face, d.die))
    return [tuple(group) for _, group in groupby(ordered, key=lambda d: (d.shade, d.face))]


def places_of(table_key: TableKey, combinations_key: CombinationsKey) -> Places:
    """Where the dice of each kind may go (a die of a taken value may only join that
    value; dark aces join any combination or start one with dice of a free value, or
    alone). A new combination is offered only where the table holds 2 or more dice for
    it."""
    taken = {value: i for i, (value, aces) in enumerate(combinations_key) if not aces}
    open_aces = tuple(("add", i) for i, (_, aces) in enumerate(combinations_key) if aces)
    values = [(matching_value(shade, face), n) for shade, face, n in table_key]
    wild = sum(n for value, n in values if value is None)
    on_table = Counter[int]()
    for value, n in values:
        if value is not None:
            on_table[value] += n
    free = tuple(("new", v) for v in sorted(on_table) if v not in taken)
    alone = (("new", DARK_ACES_ALONE_VALUE),) if wild >= SMALLEST_COMBINATION else ()
    adds = tuple(("add", i) for i in range(len(combinations_key)))

    def one(value: int | None) -> tuple[Destination, ...]:
        if value is None:
            return adds + free + alone
        if value in taken:
            return (("add", taken[value]),)
        starts = on_table[value] + wild >= SMALLEST_COMBINATION
        return open_aces + ((("new", value),) if starts else ())
    return tuple(one(value) for value, _ in values)


@cache
def splits(count: int, parts: int) -> tuple[tuple[int, ...], ...]:
    """Every way to send up to `count` dice to `parts` places (the rest stay)."""
    if parts == 0:
        return ((),)
    return tuple((first,) + rest for first in range(count + 1)
                 for rest in splits(count - first, parts - 1))


@cache
def bounded_splits(allowed: tuple[tuple[int, ...], ...], count: int
                   ) -> tuple[tuple[int, ...], ...]:
    """The splits of up to `count` dice sending to each place a number it allows."""
    return tuple(split for split in splits(count, len(allowed))
                 if all(n in ok for n, ok in zip(split, allowed)))


@dataclass(frozen=True)
class KindMove:
    """One split of a kind that is not wild: how many dice go to each destination, how
    many move, the dice it gives each new combination (by value), and the value it gives
    the dark aces alone combination (None: it adds nothing to it)."""

    counts: tuple[int, ...]
    moved: int
    new: tuple[tuple[int, int], ...]
    aces_value: int | None


@lru_cache(maxsize=16384)   # small keys: a kind, its destinations, the aces' index
def kind_moves(kind: tuple[str, int, int], dests: tuple[Destination, ...],
               aces: int | None) -> tuple[KindMove, ...]:
    """Every split of a kind that is not wild (worked out once per kind and places)."""
    shade, face, count = kind
    value = matching_value(shade, face)
    moves = []
    for counts in splits(count, len(dests)):
        new = tuple((key, n) for (where, key), n in zip(dests, counts) if n and where == "new")
        to_aces = any(n for (where, key), n in zip(dests, counts) if n and key == aces
                      and where == "add")
        moves.append(KindMove(counts, sum(counts), new, value if to_aces else None))
    return tuple(moves)


@dataclass
class Tally:
    """What the dice that are not wild do in a split: the dice of each new combination
    (by value), the value they give the dark aces alone combination, how many move."""

    plain: dict[int, int] = field(default_factory=dict)
    aces_value: int | None = None
    moved: int = 0


def tally_plain(moves: tuple[KindMove, ...]) -> Tally | None:
    """The tally of the dice that are not wild; None when they break a rule whatever the
    dark aces do: dice of two values added to the dark aces alone combination, or dice
    of its new value also starting a combination of that value."""
    tally = Tally()
    for move in moves:
        tally.moved += move.moved
        for value, n in move.new:
            tally.plain[value] = tally.plain.get(value, 0) + n
        if move.aces_value is not None:
            if tally.aces_value not in (None, move.aces_value):
                return None
            tally.aces_value = move.aces_value
    if tally.aces_value in tally.plain:
        return None
    return tally


def aces_allowed(dest: Destination, wild: int, tally: Tally, aces: int | None
                 ) -> tuple[int, ...]:
    """How many dark aces may go to a destination, given what the other dice do: any
    number to a combination; to a new one, enough to make 2 dice with one not a dark
    ace; alone, 0 or 2 and more, unless the dark aces alone combination keeps its ones."""
    where, key = dest
    if where == "add":
        return tuple(range(wild + 1))
    if key == DARK_ACES_ALONE_VALUE:
        if aces is not None and tally.aces_value is None:
            return (0,)
        return (0,) + tuple(range(SMALLEST_COMBINATION, wild + 1))
    plain = tally.plain.get(key, 0)
    if not plain:
        return (0,)
    return tuple(range(max(0, SMALLEST_COMBINATION - plain), wild + 1))


def legal_splits(table_key: TableKey, places: Places, aces: int | None) -> list[Split]:
    """Every legal split: each split of the kinds that are not wild, with the dark aces'
    splits that leave every new combination standing (something set aside)."""
    wild_at = [i for i, (shade, face, _) in enumerate(table_key)
               if matching_value(shade, face) is None]
    plain_at = [i for i in range(len(table_key)) if i not in wild_at]
    legal = []
    for moves in product(*(kind_moves(table_key[i], places[i], aces) for i in plain_at)):
        tally = tally_plain(moves)
        if tally is None:
            continue
        chosen = {i: move.counts for i, move in zip(plain_at, moves)}
        if not wild_at:
            if tally.moved and all(n >= SMALLEST_COMBINATION for n in tally.plain.values()):
                legal.append(tuple(chosen[i] for i in range(len(table_key))))
            continue
        w, wild = wild_at[0], table_key[wild_at[0]][2]
        allowed = tuple(aces_allowed(dest, wild, tally, aces) for dest in places[w])
        for counts in bounded_splits(allowed, wild):
            if tally.moved or any(counts):
                chosen[w] = counts
                legal.append(tuple(chosen[i] for i in range(len(table_key))))
    return legal


@lru_cache(maxsize=65536)
def splits_by_kind(table_key: TableKey, combinations_key: CombinationsKey
                   ) -> tuple[Places, tuple[Split, ...]]:
    """The legal splits for dice of these kinds and combinations of these values."""
    places = places_of(table_key, combinations_key)
    aces = next((i for i, (_, only_aces) in enumerate(combinations_key) if only_aces), None)
    return places, tuple(legal_splits(table_key, places, aces))


def split_groups(kinds: list[tuple[int, ...]], places: Places, split: Split
                 ) -> tuple[Group, ...]:
    """The split as groups: the lowest numbered dice of each kind (`kinds`: their die
    numbers), in destination order; additions by combination index, then new
    combinations by value, die numbers sorted."""
    additions: dict[int, list[int]] = {}
    new: dict[int, list[int]] = {}
    for numbers, dests, counts in zip(kinds, places, split):
        start = 0
        for (where, key), n in zip(dests, counts):
            if n:
                bucket = additions if where == "add" else new
                bucket.setdefault(key, []).extend(numbers[start:start + n])
                start += n
    return (tuple(group(i, tuple(sorted(additions[i]))) for i in sorted(additions))
            + tuple(group(None, tuple(sorted(new[v]))) for v in sorted(new)))


@lru_cache(maxsize=4096)   # a few kB each
def set_aside_actions(
    table: tuple[Die, ...], combinations: tuple[Combination, ...]
) -> tuple[SetDiceAside, ...]:
    """Every distinct legal set-aside as the action legal_actions lists, in listing
    order (memoised on the immutable dice: the roll asking whether the turn busts
    lists them for legal_actions, and the actions are shared)."""
    kinds = kinds_on_table(table)
    table_key = tuple((k[0].shade, k[0].face, len(k)) for k in kinds)
    combinations_key = tuple((c.value, c.only_dark_aces) for c in combinations)
    places, legal = splits_by_kind(table_key, combinations_key)
    numbers = [tuple(d.die for d in kind) for kind in kinds]
    listed = sorted((split_groups(numbers, places, split) for split in legal),
                    key=listing_order)
    return tuple(SetDiceAside(groups=groups) for groups in listed)


def set_aside_choices(
    table: tuple[Die, ...], combinations: tuple[Combination, ...]
) -> tuple[SetAside, ...]:
    """Every distinct legal set-aside, dice of the same shade and face taken as equal,
    as the dice it moves (in the order legal_actions lists them)."""
    on_table = {d.die: d for d in table}

    def dice(g: Group) -> tuple[Die, ...]:
        return tuple(on_table[n] for n in g.dice)
    return tuple(
        SetAside(additions=tuple((g.combination, dice(g)) for g in action.groups
                                 if g.combination is not None),
                 new=tuple(dice(g) for g in action.groups if g.combination is None))
        for action in set_aside_actions(table, combinations))


def listing_order(groups: tuple[Group, ...]) -> tuple[int, list[tuple[int, tuple[int, ...]]]]:
    """Fewest dice first; then by combination (existing ones first) and die numbers."""
    return (sum(len(g.dice) for g in groups),
            [(99 if g.combination is None else g.combination, g.dice) for g in groups])


@lru_cache(maxsize=None)
def group(combination: int | None, dice: tuple[int, ...]) -> Group:
    """The (immutable, shared) group naming these dice for this combination."""
    return Group(combination=combination, dice=dice)


def plan_groups(plan: SetAside) -> tuple[Group, ...]:
    """The plan as groups: additions by combination index, then new combinations, each
    with its die numbers sorted."""
    added = tuple(group(index, tuple(sorted(d.die for d in dice)))
                  for index, dice in plan.additions)
    return added + tuple(group(None, tuple(sorted(d.die for d in new))) for new in plan.new)


def plan_to_action(plan: SetAside) -> SetDiceAside:
    return SetDiceAside(groups=plan_groups(plan))
