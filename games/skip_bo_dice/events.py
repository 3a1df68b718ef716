"""The events of Skip-Bo Dice, one typed class each (docs/games/skip-bo-dice.md).

Everything in this game is public: no event has a private part. Faces and marks (a
number or "SB") are annotated `Any`, with their JSON Schema given by FACE_SCHEMA.
"""

from __future__ import annotations

from dataclasses import field
from typing import Any, ClassVar, Literal

from games.core.frozen import frozen_record
from games.core.messages import GameEvent, Messages, Record, doc
from games.core.outcome import Outcome

from .data import FACE_SCHEMA, Pile


@frozen_record
class Options(Record):
    """The options; `{}` in the games stored before `claim_window` existed (issue #16),
    which play by the "open" claim window."""

    claim_window: Literal["awaited", "open"] | None = field(default=None, metadata=doc(
        "awaited: every other player who can still claim a Bonus Die value is awaited "
        "after 'done' until they claim or pass; open (or absent): claims are not waited "
        "for", omit_none=True))


@frozen_record
class GameStarted(GameEvent):
    TYPE: ClassVar[str] = "game_started"
    players: int
    options: Options
    first_player: int = field(metadata=doc("the seat that rolls first"))
    first_player_drawn: bool = field(metadata=doc(
        "true when no seat was named: drawn with one roll of a die with `players` sides"))


@frozen_record
class TurnStarted(GameEvent):
    TYPE: ClassVar[str] = "turn_started"
    turn: int
    seat: int
    dice: tuple[Any, ...] = field(metadata=doc("the roll of the six dice, by die",
                                               items=FACE_SCHEMA))


@frozen_record
class Source(Record):
    """What a fill took: `{"kind": "die", "die"}`, `{"kind": "stockpile", "stockpile",
    "box"}`, `{"kind": "free_skip_bo"}`, `{"kind": "reward_skip_bo"}` or
    `{"kind": "claim", "turn", "value_index"}`; fields of other kinds are absent."""

    kind: Literal["die", "stockpile", "free_skip_bo", "reward_skip_bo", "claim"]
    die: int | None = field(default=None, metadata=doc("kind die", omit_none=True))
    stockpile: int | None = field(default=None, metadata=doc("kind stockpile",
                                                             omit_none=True))
    box: int | None = field(default=None, metadata=doc(
        "kind stockpile: the box whose number was used", omit_none=True))
    turn: int | None = field(default=None, metadata=doc("kind claim", omit_none=True))
    value_index: int | None = field(default=None, metadata=doc(
        "kind claim: the index of the Bonus Die value claimed", omit_none=True))


@frozen_record
class BubbleFilled(GameEvent):
    TYPE: ClassVar[str] = "bubble_filled"
    seat: int
    pile: Pile
    bubble: int = field(metadata=doc("1..10"))
    mark: Any = field(metadata=doc("the number written, or SB for a Skip-Bo", **FACE_SCHEMA))
    star: Literal["collected", "crossed"] | None = field(metadata=doc(
        "the star over the bubble: collected by a number, crossed by a Skip-Bo; null "
        "when the bubble has none"))
    source: Source


@frozen_record
class PileCompleted(GameEvent):
    TYPE: ClassVar[str] = "pile_completed"
    seat: int
    pile: Pile
    place: int = field(metadata=doc("the place of the completion's moment, 1..."))
    reward: int = field(metadata=doc("the stars circled: 3, 2, 1, then 0"))
    moment: str = field(metadata=doc("bonus:<turn>:<value_index> or fill:<n>"))
    shared: bool = field(metadata=doc("an earlier completion of the pile had this moment"))


@frozen_record
class LastRoundStarted(GameEvent):
    TYPE: ClassVar[str] = "last_round_started"
    seat: int = field(metadata=doc("who completed a third pile first"))
    final_turns: tuple[int, ...] = field(metadata=doc("the seats still to take a final turn"))


@frozen_record
class BonusDieRolled(GameEvent):
    TYPE: ClassVar[str] = "bonus_die_rolled"
    seat: int
    value: int
    value_index: int = field(metadata=doc("the value's index among the turn's shown values"))


@frozen_record
class DiceRerolled(GameEvent):
    TYPE: ClassVar[str] = "dice_rerolled"
    seat: int
    dice: tuple[int, ...]
    faces: tuple[Any, ...] = field(metadata=doc("the new faces, in the order of `dice`",
                                                items=FACE_SCHEMA))
    rerolls_left: int


@frozen_record
class TurnDone(GameEvent):
    TYPE: ClassVar[str] = "turn_done"
    seat: int
    choosers: tuple[int, ...] = field(metadata=doc(
        "the seats to choose in the stockpile step, the active one first"))


@frozen_record
class StockpileWritten(GameEvent):
    TYPE: ClassVar[str] = "stockpile_written"
    seat: int
    die: int
    value: Any = field(metadata=doc("the die's face", **FACE_SCHEMA))
    stockpile: int
    box: int


@frozen_record
class SkipBoRewardEarned(GameEvent):
    TYPE: ClassVar[str] = "skip_bo_reward_earned"
    seat: int
    stockpile: int


@frozen_record
class TurnEnded(GameEvent):
    TYPE: ClassVar[str] = "turn_ended"
    seat: int
    turn: int


@frozen_record
class ClaimPassed(GameEvent):
    """A seat will not claim more of this turn's Bonus Die values: it is no longer
    awaited (claim_window "awaited" only)."""

    TYPE: ClassVar[str] = "claim_passed"
    seat: int
    turn: int


@frozen_record
class PlayerResigned(GameEvent):
    """A seat resigned (RULINGS, Resigning): it is no longer awaited or in the turn order
    (nor owed a final turn); its board stays, and its score, for the record."""

    TYPE: ClassVar[str] = "player_resigned"
    seat: int


@frozen_record
class GameOver(Outcome, GameEvent):
    TYPE: ClassVar[str] = "game_over"


EVENTS = Messages(GameStarted, TurnStarted, BubbleFilled, PileCompleted, LastRoundStarted,
                  BonusDieRolled, DiceRerolled, TurnDone, StockpileWritten, SkipBoRewardEarned,
                  TurnEnded, ClaimPassed, PlayerResigned, GameOver)
