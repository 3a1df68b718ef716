"""The exact odds of a Dark Knights roll, for the bots (bot.py, strong.py).

The best set scores a roll allows (`best_after_roll`, the rules' scoring worked out on
shapes), every outcome of rolling some dark and light dice (`roll_outcomes`), and those
that do not bust merged by what they score (`roll_table`), cached by the shape of the
position: the values and shades in each combination and how many dice are rolled. From
them, `roll_value`: the expected points of rolling once more and then holding.
"""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import combinations_with_replacement
from math import factorial

from .combinations import combination_score_for
from .data import ALL_DICE, DARK, LIGHT, shade_of
from .state import die_showing, matching_value

DARK_DICE: tuple[int, ...] = tuple(d for d in ALL_DICE if shade_of(d) == DARK)

# Rolling six fresh dice (after a roll-through): the chance it does not bust, and the
# expected best hold of the set-aside that follows (when it does not bust). Worked out
# once by `fresh_six()` over all 6^6 rolls (a test checks them).
FRESH_SURVIVAL = 46296 / 46656
FRESH_GAIN = 31.2859

# A combination's shape: (value, dark dice, light dice, only dark aces).
Shape = tuple[int, int, int, bool]


def die_value(die: int, face: int) -> int | None:
    """The value a die matches on (None: a dark ace, wild): the rules' own."""
    return die_showing(die, face).value


# --- the best set-aside after a roll, scored as if held at once -------------------------

def _wild_gain(combos: list[list[int]], singles: list[tuple[int, int, int]],
               index: int) -> int:
    """What one more dark ace adds to target `index` (combinations, then singles)."""
    if index < len(combos):
        value, dark, light = combos[index]
        return (combination_score_for(value, dark + 1, light)
                - combination_score_for(value, dark, light))
    value, dark, light = singles[index - len(combos)]
    return combination_score_for(value, dark + 1, light)


def _place_wilds(combos: list[list[int]], singles: list[tuple[int, int, int]],
                 wild: int, must: int) -> tuple[int, int]:
    """Greedily give dark aces to the targets they add most to.

    Returns (points added, aces placed): every ace that adds something is placed, and at
    least `must` are (the least harmful places) when there is a place."""
    combos = [list(c) for c in combos]
    singles = list(singles)
    gained = placed = 0
    for _ in range(wild):
        targets = len(combos) + len(singles)
        if not targets:
            break
        best = max(range(targets), key=lambda i: _wild_gain(combos, singles, i))
        gain = _wild_gain(combos, singles, best)
        if gain <= 0 and placed >= must:
            break
        gained += gain
        placed += 1
        if best < len(combos):
            combos[best][1] += 1
        else:
            value, dark, light = singles.pop(best - len(combos))
            combos.append([value, dark + 1, light])
    return gained, placed


@lru_cache(maxsize=200_000)
def best_after_roll(shapes: tuple[Shape, ...], wild: int,
                    groups: tuple[tuple[int, int, int], ...]) -> tuple[int, int | None] | None:
    """The best set scores a roll allows, or None for a bust.

    `groups` are the rolled dice that are not dark aces, as (value, dark, light); `wild`
    the dark aces rolled. Returns (best set score if held right after the set-aside,
    best set score of a set-aside that places every die (a roll-through), or None when
    none does). A hold forces table dice into combinations of their value, so a value
    is either wholly in a combination or wholly left on the table.
    """
    fixed = {v: [v, d, li] for v, d, li, aces in shapes if not aces}
    aces = [d for v, d, li, a in shapes if a]
    forced = False
    free = []
    for value, dark, light in groups:
        if value in fixed:
            fixed[value][1] += dark
            fixed[value][2] += light
            forced = True
        else:
            free.append((value, dark, light))
    best_hold: int | None = None
    best_through: int | None = None
    options: list[int | None] = [None] + (list(range(len(free))) if aces else [])
    alone_options = [0] if aces else [0] + list(range(2, wild + 1))
    for joined, alone in ((j, a) for j in options for a in alone_options):
        combos = [list(c) for c in fixed.values()]
        placed = forced or alone > 0
        wild_left = wild - alone
        if alone:
            combos.append([1, alone, 0])   # dark aces alone, a new combination of ones
        if aces:
            if joined is None:
                combos.append([1, aces[0], 0])
            else:
                value, dark, light = free[joined]
                combos.append([value, aces[0] + dark, light])
                placed = True
        singles = []
        for i, (value, dark, light) in enumerate(free):
            if i == joined:
                continue
            if dark + light >= 2:
                combos.append([value, dark, light])
                placed = True
            else:
                singles.append((value, dark, light))
        base = sum(combination_score_for(v, d, li) for v, d, li in combos)
        # held at once: aces where they add, at least one die set aside
        gained, n = _place_wilds(combos, singles, wild_left, 0 if placed else 1)
        legal = placed or n > 0
        if legal:
            hold = base + gained
            if best_hold is None or hold > best_hold:
                best_hold = hold
        # a roll-through: every single needs an ace, every ace a place
        if len(singles) <= wild_left:
            through = base
            paired = [list(s) for s in singles]
            for s in paired:
                s[1] += 1
                through += combination_score_for(*s)
            rest = wild_left - len(singles)
            combos2 = combos + paired
            ok = bool(combos2)
            if rest and combos2:
                gained2, n2 = _place_wilds(combos2, [], rest, rest)
                through += gained2
                ok = n2 == rest
            if ok and (best_through is None or through > best_through):
                best_through = through
    if best_hold is None:
        return None
    if best_through is not None and best_through > best_hold:
        best_hold = max(best_hold, best_through)
    return best_hold, best_through


# --- every outcome of a roll ------------------------------------------------------------

def multisets(count: int) -> list[tuple[tuple[int, ...], int]]:
    """Every multiset of `count` faces with the number of ordered rolls giving it."""
    out = []
    for faces in combinations_with_replacement(range(1, 7), count):
        ways = factorial(count)
        for f in set(faces):
            ways //= factorial(faces.count(f))
        out.append((faces, ways))
    return out


@cache
def roll_outcomes(dark: int, light: int) -> tuple[tuple[float, int, tuple], ...]:
    """Every outcome of rolling `dark` dark and `light` light dice, as (probability,
    dark aces, groups of (value, dark, light))."""
    total = 6 ** (dark + light)
    out = []
    for dark_faces, dark_ways in multisets(dark):
        for light_faces, light_ways in multisets(light):
            wild = 0
            counts: dict[int, list[int]] = {}
            for f in dark_faces:
                value = matching_value(DARK, f)
                if value is None:  # wild (state.is_wild)
                    wild += 1
                else:
                    counts.setdefault(value, [0, 0])[0] += 1
            for f in light_faces:
                counts.setdefault(matching_value(LIGHT, f), [0, 0])[1] += 1  # type: ignore[arg-type]
            groups = tuple((v, d, li) for v, (d, li) in sorted(counts.items()))
            out.append((dark_ways * light_ways / total, wild, groups))
    return tuple(out)


@lru_cache(maxsize=50_000)
def roll_table(shapes: tuple[Shape, ...], dark: int, light: int
               ) -> tuple[tuple[float, int, int | None], ...]:
    """The outcomes of rolling these dice from this set that do not bust, merged by what
    they score: (probability, best hold set score, best roll-through set score)."""
    merged: dict[tuple[int, int | None], float] = {}
    for p, wild, groups in roll_outcomes(dark, light):
        best = best_after_roll(shapes, wild, groups)
        if best is not None:
            merged[best] = merged.get(best, 0.0) + p
    return tuple((p, hold, through) for (hold, through), p in merged.items())


def through_value(total: int) -> float:
    """A roll-through with `total` points this turn: hold, or roll six fresh dice."""
    return max(float(total), FRESH_SURVIVAL * total + FRESH_GAIN)


def roll_value(shapes: tuple[Shape, ...], dark: int, light: int, turn_total: int) -> float:
    """Expected points banked if the dice are rolled once more and the best set-aside is
    then held (a bust banks nothing)."""
    if dark + light == 0 or (not shapes and dark + light == 6):
        return FRESH_SURVIVAL * turn_total + FRESH_GAIN
    value = 0.0
    for p, hold, through in roll_table(shapes, dark, light):
        best = turn_total + hold
        if through is not None:
            best = max(best, through_value(turn_total + through))
        value += p * best
    return value


def fresh_six() -> tuple[float, float]:
    """(survival, expected best hold when surviving) of six fresh dice (for the
    constants above; slow: every roll of six dice)."""
    survive = gain = 0.0
    for p, wild, groups in roll_outcomes(3, 3):
        best = best_after_roll((), wild, groups)
        if best is not None:
            survive += p
            gain += p * best[0]
    return survive, gain / survive

