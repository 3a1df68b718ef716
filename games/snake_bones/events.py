"""The events of Snake Bones, one typed class each (docs/games/snake-bones.md)."""

from __future__ import annotations

from dataclasses import field
from typing import ClassVar, Literal, Mapping

from games.core.frozen import frozen_record
from games.core.messages import GameEvent, Messages, Record, doc
from games.core.outcome import Outcome

from .data import STARTING_COINS, STARTING_DICE
from .state import Bid, Options, Payment


@frozen_record
class GameStarted(GameEvent):
    TYPE: ClassVar[str] = "game_started"
    players: int
    options: Options
    first_player: int | None = field(metadata=doc("the first bidder the creator named"))
    starting_dice: int = STARTING_DICE
    starting_coins: int = STARTING_COINS


@frozen_record
class FirstBidderDrawn(GameEvent):
    TYPE: ClassVar[str] = "first_bidder_drawn"
    seat: int
    roll: int = field(metadata=doc("the die (as many sides as seats) that drew the seat"))


@frozen_record
class RoundStarted(GameEvent):
    TYPE: ClassVar[str] = "round_started"
    round: int
    opener: int
    active: tuple[int, ...] = field(metadata=doc("the seats still in, in seat order"))


@frozen_record
class StakePrivate(Record):
    coins: int


@frozen_record
class StakePlaced(GameEvent):
    TYPE: ClassVar[str] = "stake_placed"
    Private: ClassVar = StakePrivate
    seat: int
    private: Mapping[int, StakePrivate] = field(default_factory=dict)


@frozen_record
class StakesRevealed(GameEvent):
    TYPE: ClassVar[str] = "stakes_revealed"
    stakes: Mapping[int, int] = field(metadata=doc("each active seat's stake, by seat"))


@frozen_record
class DicePrivate(Record):
    dice: tuple[int, ...]


@frozen_record
class DiceRolled(GameEvent):
    TYPE: ClassVar[str] = "dice_rolled"
    Private: ClassVar = DicePrivate
    dice_counts: Mapping[int, int] = field(metadata=doc("how many dice each seat rolled"))
    private: Mapping[int, DicePrivate] = field(default_factory=dict)


@frozen_record
class BidMade(GameEvent):
    TYPE: ClassVar[str] = "bid_made"
    seat: int
    quantity: int
    face: int
    next: int = field(metadata=doc("the seat to answer the bid"))


@frozen_record
class CallMade(GameEvent):
    """A call reveals every active seat's dice and settles it."""

    round: int
    caller: int
    bid: Bid
    dice: Mapping[int, tuple[int, ...]] = field(metadata=doc("every active seat's dice"))
    count: int = field(metadata=doc("the dice counting toward the bid's face"))
    caller_right: bool
    losers: tuple[int, ...]
    payments: tuple[Payment, ...]

    @property
    def call(self) -> Literal["bluff", "spot_on"]:
        return "bluff" if self.TYPE == "bluff_called" else "spot_on"


@frozen_record
class BluffCalled(CallMade):
    TYPE: ClassVar[str] = "bluff_called"


@frozen_record
class SpotOnCalled(CallMade):
    TYPE: ClassVar[str] = "spot_on_called"


@frozen_record
class DieLost(GameEvent):
    TYPE: ClassVar[str] = "die_lost"
    seat: int
    dice_left: int


@frozen_record
class CoinsPaid(GameEvent):
    TYPE: ClassVar[str] = "coins_paid"
    payer: int = field(metadata=doc(json="from"))
    payee: int = field(metadata=doc(json="to"))
    coins: int


@frozen_record
class PlayerOut(GameEvent):
    TYPE: ClassVar[str] = "player_out"
    seat: int
    round: int
    reason: Literal["no_dice", "no_coins", "no_dice_no_coins"]


@frozen_record
class PlayerResigned(GameEvent):
    """A seat resigned (RULINGS, "Resigning"): it is out from this round on, its coins
    leave the game, and the round is voided (no die lost, no stake paid)."""

    TYPE: ClassVar[str] = "player_resigned"
    seat: int
    round: int = field(metadata=doc("the round voided by the resignation"))
    coins: int = field(metadata=doc("the coins the seat held: they leave the game"))


@frozen_record
class GameOver(Outcome, GameEvent):
    TYPE: ClassVar[str] = "game_over"


EVENTS = Messages(GameStarted, FirstBidderDrawn, RoundStarted, StakePlaced, StakesRevealed,
                  DiceRolled, BidMade, BluffCalled, SpotOnCalled, DieLost, CoinsPaid,
                  PlayerOut, PlayerResigned, GameOver)
