"""The actions a Snake Bones seat may post, one typed class each."""

from __future__ import annotations

from dataclasses import field
from typing import ClassVar

from games.core.frozen import frozen_record
from games.core.legal import IntRange
from games.core.messages import GameAction, Messages, doc


@frozen_record
class PlaceStake(GameAction):
    """Stake coins on this round (every active seat, at the start of a round)."""

    TYPE: ClassVar[str] = "stake"
    CHOOSE: ClassVar = {"coins": IntRange}
    coins: int = field(metadata=doc("1 to the coins you hold", minimum=1))


@frozen_record
class PlaceBid(GameAction):
    """Open the bidding, or raise the standing bid."""

    TYPE: ClassVar[str] = "bid"
    CHOOSE: ClassVar = {"quantity": IntRange, "face": IntRange}
    quantity: int = field(metadata=doc("how many dice show the face, at most the dice in play",
                                       minimum=1))
    face: int = field(metadata=doc("the face, 1 to 6", minimum=1, maximum=6))


@frozen_record
class CallBluff(GameAction):
    """Say the standing bid is too high."""

    TYPE: ClassVar[str] = "call_bluff"


@frozen_record
class CallSpotOn(GameAction):
    """Say the standing bid is exactly right."""

    TYPE: ClassVar[str] = "call_spot_on"


@frozen_record
class Resign(GameAction):
    """Leave the game for good, in or out of turn (RULINGS, "Resigning"): the round is
    voided and a new one starts without you."""

    TYPE: ClassVar[str] = "resign"


ACTIONS = Messages(PlaceStake, PlaceBid, CallBluff, CallSpotOn, Resign)
