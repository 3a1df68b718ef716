"""The immutable state of a Snake Bones game."""

from __future__ import annotations

from dataclasses import field
from typing import Literal, Mapping

from games.core.frozen import frozen_record
from games.core.messages import Record, doc

from .data import STARTING


@frozen_record
class Options(Record):
    ones_wild: bool = field(metadata=doc("ones count toward any other face bid upon"))
    raise_rule: Literal["quantity", "quantity_or_face"] = field(metadata=doc(
        "quantity: a raise names a higher quantity; quantity_or_face: or the same "
        "quantity with a higher face"))


@frozen_record
class Bid(Record):
    seat: int
    quantity: int
    face: int


@frozen_record
class Payment(Record):
    payer: int = field(metadata=doc(json="from"))
    payee: int = field(metadata=doc(json="to"))
    coins: int


@frozen_record
class Reveal(Record):
    """The last call: every active seat's dice shown, the count and the result."""

    round: int
    call: Literal["bluff", "spot_on"]
    caller: int
    bid: Bid
    dice: Mapping[int, tuple[int, ...]] = field(metadata=doc("every active seat's dice"))
    count: int
    caller_right: bool
    losers: tuple[int, ...]
    payments: tuple[Payment, ...]
    bids: tuple[Bid, ...] = field(default=(), metadata=doc(
        "every bid of the called round, in order, with who made it (the last is `bid`)"))


@frozen_record
class SeatState:
    """Whether and when a seat left the game (its dice and coins are in `State`)."""

    out_round: int | None = None  # the round in which the seat went out (or resigned)
    resigned: bool = False  # out by resigning (its coins left the game)

    @property
    def out(self) -> bool:
        return self.out_round is not None


@frozen_record
class State:
    players: int
    ones_wild: bool
    raise_rule: str
    seats: tuple[SeatState, ...]
    # What a round or a call changes, one tuple a field with an entry a seat, so that a
    # fold copies one tuple and the state (docs/benchmarks.md, "Snake Bones' state, shaped
    # for its folds"):
    dice_counts: tuple[int, ...]
    coins: tuple[int, ...]
    stakes: tuple[int | None, ...]  # None: not staked; hidden from the others until revealed
    rolled: tuple[tuple[int, ...], ...]  # the dice rolled; hidden until a call reveals them
    # Read on every step, so kept by the folds that change them rather than counted from
    # `seats` and `dice_counts` each time (docs/benchmarks.md, same section):
    active: tuple[int, ...]  # the seats still in the game, in seat order
    dice_in_play: int  # the dice of the seats still in
    phase: str = STARTING
    round: int = 0
    opener: int | None = None
    turn: int | None = None
    bid: Bid | None = None
    bids: tuple[Bid, ...] = ()  # the round's bids in order (the last is `bid`)
    stakes_revealed: bool = False
    last_reveal: Reveal | None = None

    def seat(self, seat: int) -> SeatState:
        return self.seats[seat]

    def options(self) -> Options:
        return Options(ones_wild=self.ones_wild, raise_rule=self.raise_rule)  # type: ignore[arg-type]
