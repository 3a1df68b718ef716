"""The Action Cards that double dice after the roll, one named function per card.

Each returns the card's options on the final dice: which dice it doubles (and, for Odds
or Evens, which it removes). An empty list means the card doubles nothing this turn.
Every such card costs 3 or 4 Action Units and a turn has 5, so at most one of them is in
play in a turn; where it leaves a choice (which pairs, which run, odds or evens...), the
player chooses among its options.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from itertools import combinations, product

from games.core.frozen import frozen_record
from games.core.messages import GameAction

from .actions import ChooseDoubled, ChooseParity
from .data import ACTION_CARDS
from .state import Die


@frozen_record
class Doubling:
    """One way a card scores: the doubled dice and the removed ones (by index)."""

    card: str
    doubled: tuple[int, ...]
    removed: tuple[int, ...] = ()
    keep: str | None = None    # Odds or Evens: "odd" or "even"

    def action(self) -> GameAction:
        if self.keep is not None:
            return ChooseParity(keep=self.keep)  # type: ignore[arg-type]
        return ChooseDoubled(dice=self.doubled)


def by_face(dice: Sequence[Die]) -> dict[int, list[int]]:
    faces: dict[int, list[int]] = defaultdict(list)
    for i, die in enumerate(dice):
        faces[die.face].append(i)
    return dict(sorted(faces.items()))


def groups_of(dice: Sequence[Die], card: str, size: int) -> list[Doubling]:
    """Disjoint groups of `size` equal numbers, as many as the dice allow; the player
    chooses which dice when a number shows on more dice than the groups take."""
    choices = [list(combinations(idx, size * (len(idx) // size)))
               for idx in by_face(dice).values() if len(idx) >= size]
    if not choices:
        return []
    return [Doubling(card, tuple(sorted(i for part in pick for i in part)))
            for pick in product(*choices)]


def color_cubed(dice: Sequence[Die]) -> list[Doubling]:
    """Three or more dice of one colour: those dice are doubled."""
    need = ACTION_CARDS["color_cubed"].param("same_colour")
    colours: dict[str, list[int]] = defaultdict(list)
    for i, die in enumerate(dice):
        colours[die.colour].append(i)
    doubled = sorted(i for idx in colours.values() if len(idx) >= need for i in idx)
    return [Doubling("color_cubed", tuple(doubled))] if doubled else []


def rainbow(dice: Sequence[Die]) -> list[Doubling]:
    """Three or more dice rolled: every die is doubled."""
    if len(dice) < ACTION_CARDS["rainbow"].param("min_dice"):
        return []
    return [Doubling("rainbow", tuple(range(len(dice))))]


def pairs(dice: Sequence[Die]) -> list[Doubling]:
    """Pairs of equal numbers (any colours) are doubled; no die in two pairs."""
    return groups_of(dice, "pairs", ACTION_CARDS["pairs"].param("size"))


def triplets(dice: Sequence[Die]) -> list[Doubling]:
    """Triplets of equal numbers are doubled; no die in two triplets."""
    return groups_of(dice, "triplets", ACTION_CARDS["triplets"].param("size"))


def run(dice: Sequence[Die]) -> list[Doubling]:
    """A run of consecutive numbers on three or more dice is doubled: one die per number,
    over a longest stretch of consecutive numbers (the player chooses which die)."""
    faces = by_face(dice)
    stretches: list[list[int]] = []
    for face in faces:
        if stretches and stretches[-1][-1] == face - 1:
            stretches[-1].append(face)
        else:
            stretches.append([face])
    need = ACTION_CARDS["run"].param("min_dice")
    out = []
    for stretch in stretches:
        if len(stretch) >= need:
            for pick in product(*(faces[f] for f in stretch)):
                out.append(Doubling("run", tuple(sorted(pick))))
    return out


def full_house(dice: Sequence[Die]) -> list[Doubling]:
    """A pair and a triplet (two different numbers) among the dice: those five are doubled."""
    faces = by_face(dice)
    out = []
    for three, idx3 in faces.items():
        for two, idx2 in faces.items():
            if three == two or len(idx3) < 3 or len(idx2) < 2:
                continue
            for a, b in product(combinations(idx3, 3), combinations(idx2, 2)):
                out.append(Doubling("full_house", tuple(sorted(a + b))))
    return out


def odds_or_evens(dice: Sequence[Die]) -> list[Doubling]:
    """All odd or all even numbers are removed; the rest are doubled."""
    out = []
    for keep, rest in (("odd", 1), ("even", 0)):
        kept = tuple(i for i, d in enumerate(dice) if d.face % 2 == rest)
        gone = tuple(i for i, d in enumerate(dice) if d.face % 2 != rest)
        out.append(Doubling("odds_or_evens", kept, gone, keep))
    return out


DOUBLING: dict[str, Callable[[Sequence[Die]], list[Doubling]]] = {
    "color_cubed": color_cubed,
    "rainbow": rainbow,
    "pairs": pairs,
    "triplets": triplets,
    "run": run,
    "full_house": full_house,
    "odds_or_evens": odds_or_evens,
}
