"""Which dice may be rolled: one per Dice Card played, at most six, only dice the supply
holds; Purple may roll a Blue and a Red instead; Double Up and Rainbow change the pool.

A roll is a multiset of colours, written as a list in colour order. Every die is
optional (Rulebook: "optionally roll a die"), so any part of an allowed pool may be rolled.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations

from .data import COLOURS, MAX_DICE, mean_face
from .state import Game, Seat, coloured, dice_available, in_play

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


@dataclass(frozen=True)
class Pool:
    """What limits the roll this turn."""

    colours: tuple[str, ...]            # the colours of the Dice Cards in play
    available: tuple[tuple[str, int], ...]
    rainbow: bool
    double_up: tuple[Counter[str], ...] | None   # Double Up's pools, when in play

    def fits(self, counts: Counter[str]) -> bool:
        if sum(counts.values()) > MAX_DICE:
            return False
        available = dict(self.available)
        if any(n > available.get(c, 0) for c, n in counts.items()):
            return False
        if self.rainbow and any(n > 1 for n in counts.values()):
            return False
        if self.double_up is not None:
            return any(all(n <= pool[c] for c, n in counts.items()) for pool in self.double_up)
        return plain_allowed(counts, list(self.colours))


def pool_of(game: Game, seat: int) -> Pool:
    player = game.seats[seat]
    colours = played_colours(player)
    pools = tuple(double_up_pools(colours)) if in_play(player, "double_up") else None
    return Pool(colours=tuple(colours), available=tuple(dice_available(game).items()),
                rainbow=bool(in_play(player, "rainbow")), double_up=pools)


def roll_allowed(game: Game, seat: int, roll: Roll) -> bool:
    return pool_of(game, seat).fits(Counter(roll))


def colour_caps(game: Game, seat: int) -> dict[str, int]:
    player = game.seats[seat]
    cards = Counter(played_colours(player))
    if in_play(player, "double_up"):
        caps = {c: max((p[c] for p in double_up_pools(list(cards.elements()))), default=0)
                for c in COLOURS}
    else:
        extra = cards["purple"]
        caps = {c: cards[c] + (extra if c in ("blue", "red") else 0) for c in COLOURS}
    available = dice_available(game)
    limit = 1 if in_play(player, "rainbow") else MAX_DICE
    return {c: min(caps[c], available[c], limit) for c in COLOURS}


def candidate_rolls(caps: dict[str, int]) -> list[Roll]:
    out: list[Roll] = [()]
    for colour in COLOURS:
        out = [r + (colour,) * k for r in out for k in range(caps[colour] + 1)
               if len(r) + k <= MAX_DICE]
    return out


def roll_options(game: Game, seat: int) -> list[Roll]:
    """Every allowed roll, the biggest first, then in colour order."""
    pool = pool_of(game, seat)
    rolls = [r for r in candidate_rolls(colour_caps(game, seat)) if pool.fits(Counter(r))]
    return sorted(rolls, key=lambda r: (-len(r), [COLOURS.index(c) for c in r]))


def best_roll(game: Game, seat: int) -> Roll:
    """The timeout's roll: as many dice as allowed, then the highest average total."""
    return max(roll_options(game, seat), key=lambda r: (len(r), sum(mean_face(c) for c in r)))
