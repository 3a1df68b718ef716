"""The actions a Skip-Bo Dice seat may post, one typed class each
(docs/games/skip-bo-dice.md)."""

from __future__ import annotations

from dataclasses import field
from typing import ClassVar, Literal

from games.core import MalformedAction
from games.core.frozen import frozen_record
from games.core.legal import Subset
from games.core.messages import GameAction, Messages, Record, doc

from .data import Pile

SourceKind = Literal["die", "stockpile", "free_skip_bo", "reward_skip_bo"]

SOURCE_FIELDS: dict[str, tuple[str, ...]] = {
    "die": ("die",),
    "stockpile": ("stockpile",),
    "free_skip_bo": (),
    "reward_skip_bo": (),
}
"""The fields each kind of fill source takes (and no other)."""
SOURCE_SHAPES: dict[str, tuple[bool, bool]] = {
    kind: ("die" in fields, "stockpile" in fields) for kind, fields in SOURCE_FIELDS.items()}
"""Whether each kind takes a `die` and a `stockpile` (SOURCE_FIELDS, checked per fill)."""


@frozen_record
class FillSource(Record):
    """What a fill takes: `{"kind": "die", "die": 0..5}`, `{"kind": "stockpile",
    "stockpile": 0..3}` (its top unused box), `{"kind": "free_skip_bo"}` or
    `{"kind": "reward_skip_bo"}`."""

    kind: SourceKind
    die: int | None = field(default=None, metadata=doc(
        "kind die: the die, 0..4 a Number Die, 5 the Bonus Die", omit_none=True))
    stockpile: int | None = field(default=None, metadata=doc(
        "kind stockpile: the Stockpile, 0..3", omit_none=True))

    def __post_init__(self) -> None:
        if (self.die is not None, self.stockpile is not None) != SOURCE_SHAPES[self.kind]:
            raise MalformedAction("malformed_action", f"a {self.kind} source takes exactly "
                                  f"{list(SOURCE_FIELDS[self.kind])}")


@frozen_record
class Fill(GameAction):
    """Fill the next bubble of a Build Pile (the active player, in the fill step)."""

    TYPE: ClassVar[str] = "fill"
    pile: Pile = field(metadata=doc("the Build Pile"))
    source: FillSource


@frozen_record
class Reroll(GameAction):
    """Spend a re-roll on any or all unused dice (the active player, in the fill step)."""

    TYPE: ClassVar[str] = "reroll"
    CHOOSE: ClassVar = {"dice": Subset}
    dice: tuple[int, ...] = field(metadata=doc(
        "the dice to re-roll: unused dice, ascending, each once, at least one"))

    def __post_init__(self) -> None:
        if not self.dice or any(b <= a for a, b in zip(self.dice, self.dice[1:])):
            raise MalformedAction("malformed_action",
                                  "'dice' lists at least one die, ascending, once")


@frozen_record
class Done(GameAction):
    """End the fill step: the stockpile step follows (the active player)."""

    TYPE: ClassVar[str] = "done"


@frozen_record
class WriteStockpile(GameAction):
    """Write an unused die's face into a Stockpile that is not full (each chooser, in the
    stockpile step)."""

    TYPE: ClassVar[str] = "stockpile"
    die: int = field(metadata=doc("one of the active player's unused dice, 0..5"))
    stockpile: int = field(metadata=doc("a Stockpile that is not full, 0..3"))


@frozen_record
class ClaimBonus(GameAction):
    """Use a value the Bonus Die showed this turn to fill one bubble (any player but the
    active one, once per value, until the turn's stockpile step is over)."""

    TYPE: ClassVar[str] = "claim_bonus"
    turn: int = field(metadata=doc("the current turn's number"))
    value_index: int = field(metadata=doc("the value's index among the turn's shown values"))
    pile: Pile = field(metadata=doc("the Build Pile whose next bubble is that value"))


@frozen_record
class PassClaim(GameAction):
    """Claim no more of this turn's Bonus Die values: stop being awaited (claim_window
    "awaited", in the stockpile step, a seat that can still claim)."""

    TYPE: ClassVar[str] = "pass_claim"
    turn: int = field(metadata=doc("the current turn's number"))


@frozen_record
class Resign(GameAction):
    """Leave the game for good, in or out of turn (RULINGS, Resigning): the active
    player's turn ends at once; another seat's pending stockpile choice and claim wait
    are taken as their timeouts first. The seat ranks below every player still in."""

    TYPE: ClassVar[str] = "resign"


ACTIONS = Messages(Fill, Reroll, Done, WriteStockpile, ClaimBonus, PassClaim, Resign)
