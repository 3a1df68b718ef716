"""The rulebook's data: table size, the dice set, the board, phases and awaiting kinds
(RULINGS, skip-bo-dice).

Everything here is data of the ruleset; the rules read it and never repeat it.
"""

from __future__ import annotations

from typing import Any, Literal, Union

from games.core import Option

SLUG = "skip-bo-dice"
NAME = "Skip-Bo Dice Game"
MIN_PLAYERS = 1
MAX_PLAYERS = 4
# How other players' Bonus Die claims are waited for (issue #16). "awaited": once the
# active player is done, every other seat that can still claim a value of the turn is
# awaited (kind "claim", with its clock) until it claims or passes, so nobody loses a
# claim for not being online at the right moment. "open": the window closes when the
# stockpile step is over and nobody is waited for (the rules of the games created
# before the option existed: their `game_started` has no options, which means "open").
CLAIM_WINDOW = "claim_window"
CLAIMS_AWAITED = "awaited"
CLAIMS_OPEN = "open"
OPTIONS: tuple[Option, ...] = (
    Option(CLAIM_WINDOW, CLAIMS_AWAITED,
           {"type": "string", "enum": [CLAIMS_AWAITED, CLAIMS_OPEN]},
           "awaited: after 'done', every other player who can still claim a Bonus Die "
           "value of the turn is awaited (with a clock) until they claim or pass; open: "
           "claims are never waited for and the window closes with the stockpile step."),
)

SKIP_BO = "SB"
"""A Skip-Bo: the wild face of a Number Die, and the mark written for any Skip-Bo."""

Face = Union[int, str]
"""A die face or a written mark: a number 1..10 or SKIP_BO."""

FACE_SCHEMA: dict[str, Any] = {"oneOf": [{"type": "integer", "minimum": 1, "maximum": 10},
                                         {"type": "string", "enum": [SKIP_BO]}]}
"""The JSON Schema of a face or mark (typed messages annotate faces as Any with it)."""

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
Pile = Literal["A", "B", "C", "D"]
"""A Build Pile's letter, as actions, events and views name it."""
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

# Phases of the state.
FILL = "fill"
STOCKPILE = "stockpile"
OVER = "over"

# Awaiting kinds.
AWAIT_FILL = "fill"
AWAIT_STOCKPILE = "stockpile"
AWAIT_CLAIM = "claim"

# Star marks: a number collects the star over its bubble, a Skip-Bo crosses it out.
COLLECTED = "collected"
CROSSED = "crossed"


def is_number(face: Face) -> bool:
    return not isinstance(face, str)
