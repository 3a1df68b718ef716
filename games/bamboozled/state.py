"""The immutable state of a game of Bamboozled."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, TypeVar

from games.core.seats import next_seat

Dice2 = tuple[int, int]
T = TypeVar("T")


def replace(record: T, **changes: Any) -> T:
    """A copy of a frozen dataclass with some fields changed (dataclasses.replace, but
    without re-running __init__ over every field: the fold is the hot path of replay)."""
    unknown = changes.keys() - record.__dict__.keys()
    if unknown:
        raise TypeError(f"no field(s) {sorted(unknown)} in {type(record).__name__}")
    copy = object.__new__(type(record))
    copy.__dict__.update(record.__dict__, **changes)
    return copy


@dataclass(frozen=True)
class CardUse:
    """An after-roll card as played with a declaration: which card, which die, which way."""

    name: str
    die: int | None = None
    direction: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name}
        if self.die is not None:
            out["die"] = self.die
        if self.direction is not None:
            out["direction"] = self.direction
        return out

    @classmethod
    def from_json(cls, raw: Mapping[str, Any] | None) -> "CardUse | None":
        if raw is None:
            return None
        return cls(raw["name"], raw.get("die"), raw.get("direction"))


@dataclass(frozen=True)
class Declaration:
    """A declared score waiting for an answer. `card` (face down) and `verdict` are secret."""

    seat: int
    score: int
    card: CardUse | None
    verdict: str  # "true" | "bluff" | "card"


@dataclass(frozen=True)
class Call:
    """The last bluff call, as it was revealed to everyone."""

    caller: int
    declarer: int
    score: int
    dice: Dice2
    card: CardUse | None
    verdict: str
    my_bad: bool


@dataclass(frozen=True)
class Seat:
    strikes: int = 0
    hand: tuple[str, ...] = ()  # in the order the cards were taken in
    out: bool = False


@dataclass(frozen=True)
class State:
    players: int
    strike_limit: int
    hand_limit: int | None
    kids: bool
    seats: tuple[Seat, ...]
    deck: tuple[str, ...] = ()  # the face-down draw pile: unordered, kept in canonical order
    discards: tuple[str, ...] = ()  # face up, oldest first
    direction: int = 1  # 1 = clockwise (to the left), -1 = counterclockwise
    phase: str = "setup"  # "declare" | "respond" | "roll" | "discard" | "over"
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

    @property
    def active(self) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(self.seats) if not s.out)

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

    def with_seat(self, seat: int, **changes: Any) -> "State":
        seats = list(self.seats)
        seats[seat] = replace(seats[seat], **changes)
        return replace(self, seats=tuple(seats))


def without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    """`cards` with one copy of `card` taken out (the last one)."""
    i = len(cards) - 1 - cards[::-1].index(card)
    return cards[:i] + cards[i + 1:]
