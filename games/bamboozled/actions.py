"""The actions a Bamboozled seat may post, one typed class each (docs/games/bamboozled.md)."""

from __future__ import annotations

from dataclasses import field
from typing import ClassVar

from games.core import MalformedAction
from games.core.frozen import frozen_record
from games.core.messages import GameAction, Messages, doc

from .data import SCORES
from .state import CardName, CardUse

SCORE_SET = frozenset(SCORES)  # every declaration's score is checked against it


@frozen_record
class Declare(GameAction):
    """The roller declares a score (tie or beat the standing one; kids: beat it), with an
    after-roll card played face down (kids: open), or none."""

    TYPE: ClassVar[str] = "declare"
    score: int = field(metadata=doc("a score two dice can show: 11..66, digits 1..6",
                                    enum=list(SCORES)))
    card: CardUse | None = field(default=None, metadata=doc(
        "an after-roll card played with the declaration, or null"))

    def __post_init__(self) -> None:
        if self.score not in SCORE_SET:
            raise MalformedAction("invalid_score",
                                  f"{self.score} is not a score two dice can show")


@frozen_record
class Accept(GameAction):
    """The responder believes the declaration and rolls against it."""

    TYPE: ClassVar[str] = "accept"


@frozen_record
class CallBluff(GameAction):
    """The responder calls the declaration a bluff: the dice are revealed."""

    TYPE: ClassVar[str] = "call"


@frozen_record
class PlayCard(GameAction):
    """The responder (kids: the next roller) plays a before-roll card: fresh_start,
    my_bad, skip or reverse."""

    TYPE: ClassVar[str] = "play_card"
    card: CardName


@frozen_record
class Revive(GameAction):
    """Play Revive on your own turn: return one strike."""

    TYPE: ClassVar[str] = "revive"


@frozen_record
class Discard(GameAction):
    """Discard a card of your choice when over the hand limit."""

    TYPE: ClassVar[str] = "discard"
    card: CardName


@frozen_record
class Roll(GameAction):
    """Kids rules: the next roller rolls against the open score."""

    TYPE: ClassVar[str] = "roll"


@frozen_record
class Concede(GameAction):
    """Kids rules: a roller whose dice do not beat the score takes the strike."""

    TYPE: ClassVar[str] = "concede"


@frozen_record
class Resign(GameAction):
    """Leave the game for good, in or out of turn (RULINGS, "Resigning")."""

    TYPE: ClassVar[str] = "resign"


ACTIONS = Messages(Declare, Accept, CallBluff, PlayCard, Revive, Discard, Roll, Concede,
                   Resign)
