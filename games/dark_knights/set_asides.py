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

from .actions import Group, SetDiceAside
from .combinations import SetAside
from .data import DARK, DARK_ACES_ALONE_VALUE, SMALLEST_COMBINATION
from .state import Combination, Die

Destination = tuple[str, int]   # ("add", combination index) or ("new", value)
Move = tuple[Destination, tuple[int, ...]]   # the die numbers of one value sent to a place
CombinationsKey = tuple[tuple[int, bool], ...]  # (value, only dark aces) per combination


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


@lru_cache(maxsize=4096)   # small keys: a few places, each with its allowed numbers
def bounded_splits(allowed: tuple[tuple[int, ...], ...], count: int
                   ) -> tuple[tuple[int, ...], ...]:
    """The splits of up to `count` dice sending to each place a number it allows."""
    return tuple(split for split in splits(count, len(allowed))
                 if all(n in ok for n, ok in zip(split, allowed)))


def value_moves(table: tuple[Die, ...], combinations_key: CombinationsKey,
                wild: int) -> list[list[Move]]:
    """For each value on the table (not wild), in order, where its dice may go (else
    they stay). A new combination needs 2 or more dice with the dark aces."""
    by_value: dict[int, tuple[list[int], list[int]]] = {}
    for d in table:
        if not d.wild:
            by_value.setdefault(d.value, ([], []))[d.shade != DARK].append(d.die)  # type: ignore[index]
    taken = {value: i for i, (value, aces) in enumerate(combinations_key) if not aces}
    aces_at = next((i for i, (_, aces) in enumerate(combinations_key) if aces), None)
    least_new = SMALLEST_COMBINATION - wild
    options: list[list[Move]] = []
    for value in sorted(by_value):
        dark, light = by_value[value]
        choices = lowest_dice((tuple(dark), tuple(light)))
        if value in taken:
            place: Destination = ("add", taken[value])
            moves = [(place, c) for c in choices]
        else:
            place = ("new", value)
            moves = [(place, c) for c in choices if len(c) >= least_new]
            if aces_at is not None:
                to_aces = ("add", aces_at)
                moves += [(to_aces, c) for c in choices]
        options.append(moves)
    return options


def aces_places(combinations_key: CombinationsKey, free: list[int], wild: int
                ) -> tuple[Destination, ...]:
    """Where dark aces may go, in order: every combination, a new combination of each
    value on the table that has none, and alone (2 or more)."""
    adds = tuple(("add", i) for i in range(len(combinations_key)))
    alone = (("new", DARK_ACES_ALONE_VALUE),) if wild >= SMALLEST_COMBINATION else ()
    return adds + tuple(("new", v) for v in free) + alone


def aces_allowed(places: tuple[Destination, ...], wild: int, aces_keep_ones: bool
                 ) -> list[tuple[int, ...]]:
    """How many dark aces may go to each place before the other dice are known: any
    number to a combination; alone, 0 or 2 and more, unless the dark aces alone
    combination keeps its ones; to a new combination, none until its value's dice
    start it (legal_groups)."""
    alone = (0,) if aces_keep_ones else (0, *range(SMALLEST_COMBINATION, wild + 1))
    return [tuple(range(wild + 1)) if where == "add"
            else alone if key == DARK_ACES_ALONE_VALUE else (0,) for where, key in places]


def legal_groups(table: tuple[Die, ...], combinations_key: CombinationsKey
                 ) -> list[tuple[Group, ...]]:
    """Every distinct legal set-aside, as the groups it names (in no particular order)."""
    aces = tuple(sorted(d.die for d in table if d.wild))
    wild = len(aces)
    options = value_moves(table, combinations_key, wild)
    aces_at = next((i for i, (_, only) in enumerate(combinations_key) if only), None)
    chosen = chosen_moves(options, ("add", aces_at), wild)
    if not wild:
        return [plain_groups(moves) for moves, _ in chosen if moves]
    taken = {value for value, only in combinations_key if not only}
    free = sorted({d.value for d in table if not d.wild and d.value not in taken})  # type: ignore[type-var]
    places = aces_places(combinations_key, free, wild)
    at = {place: i for i, place in enumerate(places)}
    keeping = aces_allowed(places, wild, aces_at is not None)
    taking = aces_allowed(places, wild, False)   # the dark aces alone take a value
    # Dark aces joining dice that start a new combination: any number to 2 or more dice,
    # 1 or more to a single die.
    any_number = tuple(range(wild + 1))
    legal = []
    for moves, took in chosen:
        allowed = (taking if took else keeping).copy()
        for place, dice in moves:
            if place[0] == "new":
                allowed[at[place]] = any_number[len(dice) < SMALLEST_COMBINATION:]
        sent = dict(moves)
        for counts in bounded_splits(tuple(allowed), wild):
            if moves or any(counts):
                legal.append(groups_of(sent, places, counts, aces))
    return legal


def chosen_moves(options: list[list[Move]], to_aces: Destination, wild: int
                 ) -> list[tuple[list[Move], bool]]:
    """Every choice of one move (or none) per value that the dark aces can complete: the
    dark aces alone combination takes one value at most, and each single die starting a
    combination takes a dark ace. With each, whether the dark aces alone took a value."""
    chosen: list[tuple[list[Move], bool, int]] = [([], False, 0)]   # with the aces needed
    for moves in options:
        # Each move once: whether it goes to the dark aces alone, and the aces it needs.
        sized = [(move, move[0] == to_aces,
                  move[0][0] == "new" and len(move[1]) < SMALLEST_COMBINATION)
                 for move in moves]
        grown = []
        for before, took, needed in chosen:
            grown.append((before, took, needed))   # this value's dice stay
            for move, taking, single in sized:
                if not (taking and took) and needed + single <= wild:
                    grown.append((before + [move], took or taking, needed + single))
        chosen = grown
    return [(moves, took) for moves, took, _ in chosen]


def plain_groups(moves: list[Move]) -> tuple[Group, ...]:
    """A choice without dark aces as groups: additions by combination index, then new
    combinations by value (the moves' order), die numbers sorted (lowest_dice)."""
    additions = sorted((key, dice) for (where, key), dice in moves if where == "add")
    return (tuple(group(i, dice) for i, dice in additions)
            + tuple(group(None, dice) for (where, _), dice in moves if where == "new"))


def groups_of(moved: dict[Destination, tuple[int, ...]], places: tuple[Destination, ...],
              counts: tuple[int, ...], aces: tuple[int, ...]) -> tuple[Group, ...]:
    """The choice as groups: additions by combination index, then new combinations by
    value ("add" sorts before "new"), die numbers sorted (the dark aces sent, lowest
    first, in the places' order, joining the dice `moved` to each place)."""
    sent = moved.copy()
    start = 0
    for place, n in zip(places, counts):
        if n:
            dice = aces[start:start + n]   # sorted, as `aces` is
            held = sent.get(place)
            sent[place] = tuple(sorted(held + dice)) if held else dice
            start += n
    return tuple([group(None if where == "new" else key, dice)
                  for (where, key), dice in sorted(sent.items())])


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
    listed = sorted(legal_groups(table, combinations_key), key=listing_order)
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
    count = 0
    order: list[tuple[int, tuple[int, ...]]] = []
    for g in groups:   # one pass: every listing sorts its choices by this
        count += len(g.dice)
        order.append((99 if g.combination is None else g.combination, g.dice))
    return (count, order)


@lru_cache(maxsize=None)   # bounded: 4 places (3 combinations or a new one) x 63 sets of dice
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
