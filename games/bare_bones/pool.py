"""Which dice may be rolled: one per Dice Card played, at most six, only dice the supply
holds; Purple may roll a Blue and a Red instead; Double Up and Rainbow change the pool.

A roll is a multiset of colours, written as a list in colour order. Every die is
optional (Rulebook: "optionally roll a die"), so any part of an allowed pool may be rolled.

`legal_actions` offers the rolls as choices of the supply's dice (`roll_choices`): the
allowed rolls are exactly the union of a few "boxes" (at most so many dice of each
colour) cut to six dice, and the sub-multisets of a box of at most six dice are the
subsets, of at most six, of that box's dice numbered in the supply.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable
from itertools import combinations
from typing import NamedTuple

from games.core.legal import Choice, Subset

from .actions import Roll as RollAction
from .data import COLOURS, MAX_DICE, die_numbers, mean_face
from .state import Seat, State, coloured, dice_available, in_play

Roll = tuple[str, ...]


def played_colours(seat: Seat) -> list[str]:
    return [p.colour for p in coloured(seat) if p.colour is not None]


def double_up_pools(colours: list[str]) -> list[Counter[str]]:
    """Double Up: two dice for each of two chosen Dice Cards (a Purple rolls two Purple
    dice under Double Up: Our choice); one card in play gives its two dice."""
    picks: Iterable[tuple[str, ...]] = combinations(colours, 2) if len(colours) >= 2 else [
        tuple(colours)]
    pools = {tuple(sorted(p)) for p in picks}
    return [Counter({c: 2 * n for c, n in Counter(p).items()}) for p in sorted(pools)]


def plain_allowed(counts: Counter[str], colours: list[str]) -> bool:
    """One die per card; each Purple card rolls a Purple, or a Blue and a Red together."""
    cards = Counter(colours)
    purples = cards["purple"]
    for colour, n in counts.items():
        if colour not in ("blue", "red", "purple") and n > cards[colour]:
            return False
    split = max(0, counts["blue"] - cards["blue"], counts["red"] - cards["red"])
    return split <= purples - counts["purple"]


class Pool(NamedTuple):
    """What limits the roll this turn: a small immutable value, so what a pool allows is
    worked out once (`allows`, `boxes`, `choices` keep their answers)."""

    colours: tuple[str, ...]            # the colours of the Dice Cards in play, sorted
    available: tuple[tuple[str, int], ...]
    rainbow: bool
    double_up: bool                     # Double Up is in play

    def fits(self, counts: Counter[str]) -> bool:
        if sum(counts.values()) > MAX_DICE:
            return False
        available = dict(self.available)
        if any(n > available.get(c, 0) for c, n in counts.items()):
            return False
        if self.rainbow and any(n > 1 for n in counts.values()):
            return False
        if self.double_up:
            return any(all(n <= pool[c] for c, n in counts.items())
                       for pool in double_up_pools(list(self.colours)))
        return plain_allowed(counts, list(self.colours))


def pool_of(game: State, seat: int) -> Pool:
    player = game.seats[seat]
    return Pool(colours=tuple(sorted(played_colours(player))),
                available=tuple(dice_available(game).items()),
                rainbow=bool(in_play(player, "rainbow")),
                double_up=bool(in_play(player, "double_up")))


# A roll is checked (decide) and the rolls are listed (legal_actions) at every turn, from
# few distinct pools: 1,000 seeded random playouts at 2 to 4 seats with the default cards
# meet 281 pools and 1,307 (pool, roll) pairs; 300 with random card sets, 650 and 1,335.
# So the answers below are kept per pool (and roll), in bounded caches.


@functools.lru_cache(maxsize=4096)
def allows(pool: Pool, roll: Roll) -> bool:
    """Whether `pool` allows rolling these colours."""
    return pool.fits(Counter(roll))


def roll_allowed(game: State, seat: int, roll: Roll) -> bool:
    return allows(pool_of(game, seat), roll)


def colour_caps(pool: Pool) -> dict[str, int]:
    cards = Counter(pool.colours)
    if pool.double_up:
        caps = {c: max((p[c] for p in double_up_pools(list(cards.elements()))), default=0)
                for c in COLOURS}
    else:
        extra = cards["purple"]
        caps = {c: cards[c] + (extra if c in ("blue", "red") else 0) for c in COLOURS}
    available = dict(pool.available)
    limit = 1 if pool.rainbow else MAX_DICE
    return {c: min(caps[c], available[c], limit) for c in COLOURS}


def candidate_rolls(caps: dict[str, int]) -> list[Roll]:
    out: list[Roll] = [()]
    for colour in COLOURS:
        out = [r + (colour,) * k for r in out for k in range(caps[colour] + 1)
               if len(r) + k <= MAX_DICE]
    return out


def roll_options(game: State, seat: int) -> list[Roll]:
    """Every allowed roll, the biggest first, then in colour order."""
    pool = pool_of(game, seat)
    rolls = [r for r in candidate_rolls(colour_caps(pool)) if pool.fits(Counter(r))]
    return sorted(rolls, key=lambda r: (-len(r), [COLOURS.index(c) for c in r]))


def best_roll(game: State, seat: int) -> Roll:
    """The timeout's roll: as many dice as allowed, then the highest average total."""
    return max(roll_options(game, seat), key=lambda r: (len(r), sum(mean_face(c) for c in r)))


# --- the rolls as choices -----------------------------------------------------------------

Box = tuple[int, ...]   # at most so many dice of each colour, in the order of COLOURS


def boxes(pool: Pool) -> list[Box]:
    """The allowed rolls as a union of boxes: any roll of at most six dice with at most
    box[c] dice of each colour c, for some box. Without Double Up a box says how many of
    the Purple cards roll a Blue and a Red instead (`plain_allowed`); with it, which two
    cards roll two dice each (`double_up_pools`). Each box is cut to the dice available
    (and to one die a colour under Rainbow); boxes inside another are left out."""
    colours = list(pool.colours)
    if pool.double_up:
        pools = [dict(counts) for counts in double_up_pools(colours)]
    else:
        cards = Counter(colours)
        purples = cards["purple"]
        pools = [{**cards, "purple": purples - split, "blue": cards["blue"] + split,
                  "red": cards["red"] + split} for split in range(purples + 1)]
    available = dict(pool.available)
    limit = 1 if pool.rainbow else MAX_DICE
    found = list(dict.fromkeys(tuple(min(counts.get(c, 0), available[c], limit)
                                     for c in COLOURS) for counts in pools))
    return [box for box in found
            if not any(other != box and all(a <= b for a, b in zip(box, other))
                       for other in found)]


@functools.lru_cache(maxsize=1024)
def choices(pool: Pool) -> tuple[Choice, ...]:
    """One choice a box: any of its dice (by number in the supply), at most six."""
    out = []
    for box in boxes(pool):
        dice = tuple(n for colour, count in zip(COLOURS, box) for n in die_numbers(colour, count))
        out.append(Choice(RollAction, {}, {
            "supply_dice": Subset(dice, 0, min(MAX_DICE, len(dice)))}))
    return tuple(out)


def roll_choices(game: State, seat: int) -> list[Choice]:
    """The rolls the seat may make, as choices of the supply's dice (`choices`)."""
    return list(choices(pool_of(game, seat)))
