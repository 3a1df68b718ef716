"""The immutable state of a Snake Bones game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from .data import STARTING, STARTING_COINS, STARTING_DICE


@dataclass(frozen=True)
class Bid:
    seat: int
    quantity: int
    face: int

    def to_json(self) -> dict[str, int]:
        return {"seat": self.seat, "quantity": self.quantity, "face": self.face}

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> "Bid":
        return cls(seat=int(raw["seat"]), quantity=int(raw["quantity"]), face=int(raw["face"]))


@dataclass(frozen=True)
class Payment:
    payer: int
    payee: int
    coins: int

    def to_json(self) -> dict[str, int]:
        return {"from": self.payer, "to": self.payee, "coins": self.coins}

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> "Payment":
        return cls(payer=int(raw["from"]), payee=int(raw["to"]), coins=int(raw["coins"]))


@dataclass(frozen=True)
class Reveal:
    """The last call: every active seat's dice shown, the count and the result."""

    round: int
    call: str  # "bluff" | "spot_on"
    caller: int
    bid: Bid
    dice: tuple[tuple[int, tuple[int, ...]], ...]  # (seat, dice) in seat order
    count: int
    caller_right: bool
    losers: tuple[int, ...]
    payments: tuple[Payment, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "call": self.call,
            "caller": self.caller,
            "bid": self.bid.to_json(),
            "dice": {str(seat): list(dice) for seat, dice in self.dice},
            "count": self.count,
            "caller_right": self.caller_right,
            "losers": list(self.losers),
            "payments": [p.to_json() for p in self.payments],
        }


@dataclass(frozen=True)
class SeatState:
    dice_count: int = STARTING_DICE
    coins: int = STARTING_COINS
    stake: int | None = None  # hidden from the others until stakes_revealed
    dice: tuple[int, ...] = ()  # hidden from the others until a call reveals them
    out_round: int | None = None  # the round in which the seat went out

    @property
    def out(self) -> bool:
        return self.out_round is not None


@dataclass(frozen=True)
class State:
    players: int
    ones_wild: bool
    raise_rule: str
    seats: tuple[SeatState, ...]
    phase: str = STARTING
    round: int = 0
    opener: int | None = None
    turn: int | None = None
    bid: Bid | None = None
    stakes_revealed: bool = False
    last_reveal: Reveal | None = None

    def seat(self, seat: int) -> SeatState:
        return self.seats[seat]

    def active(self) -> tuple[int, ...]:
        """Seats still in the game, in seat order."""
        return tuple(i for i, s in enumerate(self.seats) if not s.out)

    def dice_in_play(self) -> int:
        return sum(self.seats[i].dice_count for i in self.active())

    def options(self) -> dict[str, Any]:
        return {"ones_wild": self.ones_wild, "raise_rule": self.raise_rule}
