"""The immutable state of a game of Bamboozled, and the records it is made of."""

from __future__ import annotations

from dataclasses import field
from typing import Any, Literal

from games.core import MalformedAction
from games.core.frozen import frozen_record, replace
from games.core.messages import Record, doc
from games.core.seats import next_seat

from .data import AFTER_ROLL, SETUP

Dice2 = tuple[int, int]

CardName = Literal["jackpot", "double", "up_down", "fresh_start", "my_bad", "skip", "reverse",
                   "revive"]
Verdict = Literal["true", "bluff", "card"]
Direction = Literal["clockwise", "counterclockwise"]


@frozen_record
class Options(Record):
    strikes: int = field(metadata=doc("strikes that put a player out", minimum=3))
    hand_limit: int | None = field(metadata=doc(
        "most action cards a player may hold; null: no limit", minimum=1))
    kids: bool = field(metadata=doc("the simplified rules for kids"))


# Whether each after-roll card takes a `die`, and a `direction` (CardUse).
CARD_FIELDS: dict[str, tuple[bool, bool]] = {
    "jackpot": (False, False), "double": (True, False), "up_down": (True, True)}


@frozen_record
class CardUse(Record):
    """An after-roll card as played with a declaration: Jackpot (`name` only), Double
    (`die`: the die made equal to the other), Up/Down (`die` and `direction`)."""

    name: CardName = field(metadata=doc("jackpot, double or up_down"))
    die: int | None = field(default=None, metadata=doc(
        "Double, Up/Down: the die changed, 0 (first) or 1 (second)", omit_none=True))
    direction: Literal["up", "down"] | None = field(default=None, metadata=doc(
        "Up/Down: one up or one down (within 1..6)", omit_none=True))

    def __post_init__(self) -> None:
        """The fields each after-roll card takes (a card that is not one is a rule
        error, not_an_after_roll_card, for decide)."""
        if self.name not in AFTER_ROLL:
            return
        die, direction = CARD_FIELDS[self.name]
        if (self.die is not None) != die or (self.direction is not None) != direction:
            fields = ["name", "die", "direction"][:1 + die + direction]
            raise MalformedAction("malformed_action",
                                  f"a {self.name} card takes the fields {', '.join(fields)}")
        if die and self.die not in (0, 1):
            raise MalformedAction("invalid_die",
                                  "field 'die' is 0 (first die) or 1 (second die)")


@frozen_record
class Declaration:
    """A declared score waiting for an answer. `card` (face down) and `verdict` are secret."""

    seat: int
    score: int
    card: CardUse | None
    verdict: str  # "true" | "bluff" | "card"


@frozen_record
class Call:
    """The last bluff call, as it was revealed to everyone."""

    caller: int
    declarer: int
    score: int
    dice: Dice2
    card: CardUse | None
    verdict: str
    my_bad: bool


@frozen_record
class Seat:
    strikes: int = 0
    hand: tuple[str, ...] = ()  # in the order the cards were taken in
    out: bool = False
    resigned: bool = False  # out by resigning (RULINGS, "Resigning")


@frozen_record
class State:
    players: int
    strike_limit: int
    hand_limit: int | None
    kids: bool
    seats: tuple[Seat, ...]
    # The seats still in play, in seat order: set where a player goes out (evolve's
    # player_out), read on every turn (who is next, how many are left).
    active: tuple[int, ...]
    deck: tuple[str, ...] = ()  # the face-down draw pile: unordered, kept in canonical order
    discards: tuple[str, ...] = ()  # face up, oldest first
    direction: int = 1  # 1 = clockwise (to the left), -1 = counterclockwise
    phase: str = SETUP  # "declare" | "respond" | "roll" | "discard" | "over"
    round: int = 0
    roller: int | None = None
    dice: Dice2 | None = None  # the roller's dice (hidden unless kids)
    standing: int = 0  # the score to tie or beat (0 at a round's start)
    standing_by: int | None = None  # who declared the standing score
    declaration: Declaration | None = None
    responder: int | None = None  # awaited to respond (or, kids, to roll)
    discarder: int | None = None  # awaited to discard down to the hand limit
    out_order: tuple[int, ...] = ()
    last_call: Call | None = None
    over: bool = False

    def next_active(self, seat: int) -> int:
        return next_seat(seat, self.players, self.active, self.direction)

    def face_down(self, seat: int) -> str | None:
        """The card `seat` holds face down under its pending declaration, if any."""
        d = self.declaration
        if d is not None and d.seat == seat and d.card is not None:
            return d.card.name
        return None

    def held(self, seat: int) -> int:
        """The public hand size: cards in hand plus one held face down."""
        return len(self.seats[seat].hand) + (1 if self.face_down(seat) else 0)

    def over_limit(self, seat: int) -> bool:
        return self.hand_limit is not None and self.held(seat) > self.hand_limit

    def card_count(self) -> int:
        """Deck + discards + hands + cards held face down (conserved)."""
        face_down = 1 if self.declaration and self.declaration.card else 0
        return len(self.deck) + len(self.discards) + face_down + sum(
            len(s.hand) for s in self.seats
        )

    def options(self) -> Options:
        return Options(strikes=self.strike_limit, hand_limit=self.hand_limit, kids=self.kids)

    def with_seat(self, seat: int, **changes: Any) -> "State":
        return replace(self, seats=self.seats_with(seat, **changes))

    def seats_with(self, seat: int, **changes: Any) -> tuple[Seat, ...]:
        """The seats with one seat's fields changed (a fold changing other fields too
        makes one copy of the state with all of them)."""
        seats = self.seats
        return seats[:seat] + (replace(seats[seat], **changes),) + seats[seat + 1:]

    def seats_returned(self) -> tuple[Seat, ...]:
        """The seats with a face-down card nobody revealed back in its declarer's hand."""
        d = self.declaration
        if d is None or d.card is None:
            return self.seats
        return self.seats_with(d.seat, hand=self.seats[d.seat].hand + (d.card.name,))


def direction_name(direction: int) -> Direction:
    return "clockwise" if direction == 1 else "counterclockwise"


def without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    """`cards` with one copy of `card` taken out (the last one)."""
    i = len(cards) - 1 - cards[::-1].index(card)
    return cards[:i] + cards[i + 1:]
