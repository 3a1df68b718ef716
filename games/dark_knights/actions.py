"""The actions a Dark Knights seat may post, one typed class each."""

from __future__ import annotations

from dataclasses import field
from typing import ClassVar

from games.core import MalformedAction
from games.core.frozen import frozen_record
from games.core.messages import GameAction, Messages, Record, doc

from .data import ALL_DICE


@frozen_record
class Group(Record):
    """Dice set aside together: added to an existing combination, or a new combination."""

    combination: int | None = field(metadata=doc(
        "the index of the combination of the current set the dice are added to; "
        "null: the dice make a new combination"))
    dice: tuple[int, ...] = field(metadata=doc(
        "die numbers (0-2 dark, 3-5 light), at least one", minItems=1,
        items={"type": "integer", "minimum": ALL_DICE[0], "maximum": ALL_DICE[-1]}))

    def __post_init__(self) -> None:
        # Part of the action's shape: refused while the action is parsed (HTTP 400).
        if not self.dice:
            raise MalformedAction("malformed_action", "a group names at least one die")
        if any(n not in ALL_DICE for n in self.dice):
            raise MalformedAction("die_out_of_range", "dice are numbered 0 to 5")


@frozen_record
class RollDice(GameAction):
    """Roll every die not in a combination (all six at the start of a turn or after a
    roll-through)."""

    TYPE: ClassVar[str] = "roll"


@frozen_record
class SetDiceAside(GameAction):
    """After a roll: make new combinations and add dice to existing ones, at once."""

    TYPE: ClassVar[str] = "set_aside"
    groups: tuple[Group, ...] = field(metadata=doc(
        "new combinations (combination null) and additions (combination k), each die "
        "named once and each combination at most once"))


@frozen_record
class HoldTurn(GameAction):
    """Stop: matching table dice join their combinations and the turn total is banked."""

    TYPE: ClassVar[str] = "hold"


@frozen_record
class Resign(GameAction):
    """Leave the game for good, in or out of turn (RULINGS, Resigning): a turn of one's
    own ends at once, nothing banked; the seat plays no more and ranks below every
    player who did not resign."""

    TYPE: ClassVar[str] = "resign"


ACTIONS = Messages(RollDice, SetDiceAside, HoldTurn, Resign)
