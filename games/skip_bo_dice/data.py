"""The rulebook's data: the dice set and the board (RULINGS, skip-bo-dice).

Everything here is data of the ruleset; the rules read it and never repeat it.
"""

from __future__ import annotations

from typing import Union

SKIP_BO = "SB"
"""A Skip-Bo: the wild face of a Number Die, and the mark written for any Skip-Bo."""

Face = Union[int, str]
"""A die face or a written mark: a number 1..10 or SKIP_BO."""

ODD_NUMBER_DIE: tuple[Face, ...] = (1, 3, 5, 7, 9, SKIP_BO)
EVEN_NUMBER_DIE: tuple[Face, ...] = (2, 4, 6, 8, 10, SKIP_BO)
BONUS_DIE: tuple[Face, ...] = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)

DICE: tuple[tuple[Face, ...], ...] = (
    ODD_NUMBER_DIE, ODD_NUMBER_DIE, ODD_NUMBER_DIE, EVEN_NUMBER_DIE, EVEN_NUMBER_DIE, BONUS_DIE,
)
"""All six dice by index: 0-4 are the Number Dice, 5 is the Bonus Die."""

BONUS: int = 5
"""The index of the Bonus Die in DICE."""

PILES: tuple[str, ...] = ("A", "B", "C", "D")
BUBBLES: int = 10
"""Each Build Pile has bubbles 1..BUBBLES, filled strictly in order."""

STAR_BUBBLES: tuple[int, ...] = (5, 7, 10)
"""A Point Star (worth 1 point) stands over each of these bubbles of every pile."""

COMPLETION_REWARDS: tuple[int, ...] = (3, 2, 1)
"""Point Stars for the first, second and third moment a pile is completed; later: 0."""

STOCKPILES: int = 4
STOCKPILE_BOXES: int = 4
FREE_SKIP_BOS: int = 1
REROLLS: int = 3
PILES_TO_END: int = 3
"""Completing this many piles starts the last round."""


def is_number(face: Face) -> bool:
    return not isinstance(face, str)


def ruleset() -> dict[str, object]:
    """The ruleset data as plain JSON, for clients."""
    return {
        "dice": [list(faces) for faces in DICE],
        "bonus_die": BONUS,
        "piles": list(PILES),
        "bubbles": BUBBLES,
        "star_bubbles": list(STAR_BUBBLES),
        "completion_rewards": list(COMPLETION_REWARDS),
        "stockpiles": STOCKPILES,
        "stockpile_boxes": STOCKPILE_BOXES,
        "free_skip_bos": FREE_SKIP_BOS,
        "rerolls": REROLLS,
        "piles_to_end": PILES_TO_END,
    }
