"""Every distinct legal way to set dice aside after a roll (legal_actions lists them).

Dice of the same shade and face are interchangeable, so a choice names the lowest
numbered dice of each kind (shade, face). The dice of one value that is not wild go to
one place at most: the combination of their value when the set has one; else a new
combination of their value or the dark aces alone combination, never both (a set holds
one combination per value), and the dark aces alone combination takes one value at
most. The dark aces then go to any combination, to a new combination of a value whose
dice start one (making 2 or more dice), or alone (2 or more; not while the dark aces
alone combination keeps its ones); the dark aces of a choice are the lowest numbered,
in the order of those places.
"""

from __future__ import annotations

from functools import cache, lru_cache
from operator import itemgetter

from .actions import Group, SetDiceAside
from .combinations import SetAside
from .data import DARK, DARK_ACES_ALONE_VALUE, SMALLEST_COMBINATION
from .state import Combination, Die

# Where dice go, as one number that sorts as the listing orders the groups of a choice
# (additions by combination index, then new combinations by value): a combination's
# index (0-2), or NEW + the value of a new combination.
Destination = int
NEW = 100
Move = tuple[Destination, tuple[int, ...]]   # the die numbers of one value sent to a place
CombinationsKey = tuple[tuple[int, bool], ...]  # (value, only dark aces) per combination
# A move with what choosing it costs: whether it goes to the dark aces alone combination,
# whether it is a single die starting a new combination (it takes a dark ace), and its
# number of dice.
CostedMove = tuple[Move, bool, bool, int]
# Dark aces sent to a place: (the place's index, the first and the end of their part).
Sent = tuple[int, int, int]
# A choice's place in the listing, which lists the lowest first: its number of dice, then
# each group's (combination index, or NEW for a new combination, and die numbers).
Order = tuple[int, tuple[tuple[int, tuple[int, ...]], ...]]


@cache   # one entry per pair of dice subsets (dark 0-2, light 3-5): 64 at most
def lowest_dice(kinds: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """Every non-empty choice among dice of one value: the lowest k of each kind, in die
    order (its dark dice, 0-2, before its light ones, 3-5)."""
    chosen: list[tuple[int, ...]] = [()]
    for kind in kinds:
        chosen = [c + kind[:k] for c in chosen for k in range(len(kind) + 1)]
    return tuple(chosen[1:])   # the first sends none of them


@cache
def splits(count: int, parts: int) -> tuple[tuple[int, ...], ...]:
    """Every way to send up to `count` dice to `parts` places (the rest stay)."""
    if parts == 0:
        return ((),)
    return tuple((first,) + rest for first in range(count + 1)
                 for rest in splits(count - first, parts - 1))


def bounded_splits(allowed: tuple[tuple[int, ...], ...], count: int
                   ) -> tuple[tuple[int, ...], ...]:
    """The splits of up to `count` dice sending to each place a number it allows."""
    return tuple(split for split in splits(count, len(allowed))
                 if all(n in ok for n, ok in zip(split, allowed)))


def value_moves(table: tuple[Die, ...], combinations_key: CombinationsKey, wild: int,
                to_aces: Destination | None) -> list[tuple[CostedMove, ...]]:
    """For each value on the table (not wild), in order, where its dice may go (else
    they stay; `to_aces`: the dark aces alone combination, if the set has it). A new
    combination needs 2 or more dice with the dark aces."""
    by_value: dict[int, tuple[list[int], list[int]]] = {}
    for d in table:
        if not d.wild:
            by_value.setdefault(d.value, ([], []))[d.shade != DARK].append(d.die)  # type: ignore[index]
    taken = {value: i for i, (value, aces) in enumerate(combinations_key) if not aces}
    least_new = SMALLEST_COMBINATION - wild
    options: list[tuple[CostedMove, ...]] = []
    for value in sorted(by_value):
        dark, light = by_value[value]
        kinds = (tuple(dark), tuple(light))
        if value in taken:
            options.append(moves_to(taken[value], kinds, 1, None))
        else:
            options.append(moves_to(NEW + value, kinds, least_new, to_aces))
    return options


# 855 keys over the 43,309 listings of docs/benchmarks.md's "Dark Knights' listing by
# numbered places" (0.7 MB), 99% hits: a listing takes 23 us with it, 25 without.
@lru_cache(maxsize=4096)
def moves_to(place: Destination, kinds: tuple[tuple[int, ...], ...], least: int,
             to_aces: Destination | None) -> tuple[CostedMove, ...]:
    """The moves of a value's dice (`kinds`: its dark dice, its light dice) to `place`,
    `least` dice or more, then (`to_aces`) any of them to the dark aces alone."""
    choices = lowest_dice(kinds)
    single = place >= NEW
    moves = [((place, c), False, single and len(c) < SMALLEST_COMBINATION, len(c))
             for c in choices if len(c) >= least]
    if to_aces is not None:
        moves += [((to_aces, c), True, False, len(c)) for c in choices]
    return tuple(moves)


def aces_places(combinations: int, free: list[int], wild: int) -> tuple[Destination, ...]:
    """Where dark aces may go, in order: every combination, a new combination of each
    value on the table that has none, and alone (2 or more)."""
    alone = (NEW + DARK_ACES_ALONE_VALUE,) if wild >= SMALLEST_COMBINATION else ()
    return tuple(range(combinations)) + tuple(NEW + v for v in free) + alone


def aces_allowed(places: tuple[Destination, ...], wild: int, aces_keep_ones: bool
                 ) -> list[tuple[int, ...]]:
    """How many dark aces may go to each place before the other dice are known: any
    number to a combination; alone, 0 or 2 and more, unless the dark aces alone
    combination keeps its ones; to a new combination, none until its value's dice
    start it (listed_choices)."""
    alone = (0,) if aces_keep_ones else (0, *range(SMALLEST_COMBINATION, wild + 1))
    return [tuple(range(wild + 1)) if place < NEW
            else alone if place == NEW + DARK_ACES_ALONE_VALUE else (0,) for place in places]


def listed_choices(table: tuple[Die, ...], combinations_key: CombinationsKey
                   ) -> list[tuple[Order, SetDiceAside]]:
    """Every distinct legal set-aside, as its place in the listing and its action (in no
    particular order)."""
    aces = tuple(sorted([d.die for d in table if d.wild]))
    wild = len(aces)
    aces_at = next((i for i, (_, only) in enumerate(combinations_key) if only), None)
    chosen = chosen_moves(value_moves(table, combinations_key, wild, aces_at), wild)
    if not wild:
        return [choice(moves, (), (), (), count) for moves, _, count in chosen if moves]
    taken = {value for value, only in combinations_key if not only}
    free = sorted({d.value for d in table if not d.wild and d.value not in taken})  # type: ignore[type-var]
    places = aces_places(len(combinations_key), free, wild)
    at = {place: i for i, place in enumerate(places)}
    keeping = aces_allowed(places, wild, aces_at is not None)
    taking = aces_allowed(places, wild, False)   # the dark aces alone take a value
    # Dark aces joining dice that start a new combination: any number to 2 or more dice,
    # 1 or more to a single die.
    any_number = tuple(range(wild + 1))
    choices = []
    for moves, took, count in chosen:
        allowed = (taking if took else keeping).copy()
        for place, dice in moves:
            if place >= NEW:
                allowed[at[place]] = any_number[len(dice) < SMALLEST_COMBINATION:]
        for sends, sent in aces_sent(tuple(allowed), wild):
            if moves or sends:
                choices.append(choice(moves, sends, places, aces, count + sent))
    return choices


def chosen_moves(options: list[tuple[CostedMove, ...]], wild: int
                 ) -> list[tuple[tuple[Move, ...], bool, int]]:
    """Every choice of one move (or none) per value that the dark aces can complete: the
    dark aces alone combination takes one value at most, and each single die starting a
    combination takes a dark ace. With each, whether the dark aces alone took a value, and
    the number of dice it moves."""
    # each with the aces it needs
    chosen: list[tuple[tuple[Move, ...], bool, int, int]] = [((), False, 0, 0)]
    for moves in options:
        grown = []
        for before, took, needed, count in chosen:
            grown.append((before, took, needed, count))   # this value's dice stay
            for move, taking, single, size in moves:
                if not (taking and took) and needed + single <= wild:
                    grown.append((before + (move,), took or taking, needed + single,
                                  count + size))
        chosen = grown
    return [(moves, took, count) for moves, took, _, count in chosen]


@lru_cache(maxsize=4096)   # small keys: a few places, each with its allowed numbers
def aces_sent(allowed: tuple[tuple[int, ...], ...], wild: int
              ) -> tuple[tuple[tuple[Sent, ...], int], ...]:
    """Every way to send up to `wild` dark aces to the places, each a number it allows
    (the rest stay): as the places sent to (by their index), each with the part of the
    aces it gets (lowest first, in the places' order); with the number of aces sent."""
    every = []
    for counts in bounded_splits(allowed, wild):
        start, sends = 0, []
        for at, n in enumerate(counts):
            if n:
                sends.append((at, start, start + n))
                start += n
        every.append((tuple(sends), start))
    return tuple(every)


def choice(moves: tuple[Move, ...], sends: tuple[Sent, ...], places: tuple[Destination, ...],
           aces: tuple[int, ...], count: int) -> tuple[Order, SetDiceAside]:
    """The choice sending the values' dice `moves` and the dark aces `aces` (sorted) as
    `sends` says (aces_sent) to the `places`, `count` dice in all, as its place in the
    listing and its action: additions by combination index, then new combinations by
    value, die numbers sorted."""
    if sends:
        sent = dict(moves)
        for at, start, end in sends:   # the aces joining the dice sent to their place
            place, joining = places[at], aces[start:end]
            held = sent.get(place)
            sent[place] = tuple(sorted(held + joining)) if held else joining
        placed = sorted(sent.items())
    else:
        placed = sorted(moves)
    groups, order = zip(*[piece(place, dice) for place, dice in placed])
    return (count, order), SetDiceAside(groups)


@lru_cache(maxsize=None)   # bounded: 9 places (3 combinations, 6 values) x 63 sets of dice
def piece(place: Destination, dice: tuple[int, ...]
          ) -> tuple[Group, tuple[int, tuple[int, ...]]]:
    """The group sending these dice to the place, and its part of the listing order."""
    if place < NEW:
        return group(place, dice), (place, dice)
    return group(None, dice), (NEW, dice)


# Small on purpose: a roll's table rarely comes back (3% hits in random play, over 4,000
# tables), so a large cache only holds cold listings whose eviction costs more than the
# listing (a 4,096-entry cache made a listing 10-70% slower; docs/benchmarks.md,
# "Fourth pass"). A few entries serve what it is for: one state asked again.
@lru_cache(maxsize=64)
def set_aside_actions(
    table: tuple[Die, ...], combinations: tuple[Combination, ...]
) -> tuple[SetDiceAside, ...]:
    """Every distinct legal set-aside as the action legal_actions lists, in listing
    order (memoised on the immutable dice: the legal actions, the timeout and the view
    of one state ask again, and the actions are shared)."""
    combinations_key = tuple((c.value, c.only_dark_aces) for c in combinations)
    in_order = sorted(listed_choices(table, combinations_key), key=itemgetter(0))
    return tuple([action for _, action in in_order])


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


@lru_cache(maxsize=None)   # bounded: 4 places (3 combinations or a new one) x 63 sets of dice
def group(combination: int | None, dice: tuple[int, ...]) -> Group:
    """The (immutable, shared) group naming these dice for this combination."""
    return Group(combination=combination, dice=dice)


def plan_groups(plan: SetAside) -> tuple[Group, ...]:
    """The plan as groups: additions by combination index, then new combinations, each
    with its die numbers sorted."""
    added = tuple([group(index, tuple(sorted([d.die for d in dice])))
                   for index, dice in plan.additions])
    return added + tuple([group(None, tuple(sorted([d.die for d in new]))) for new in plan.new])


def plan_to_action(plan: SetAside) -> SetDiceAside:
    return SetDiceAside(groups=plan_groups(plan))
