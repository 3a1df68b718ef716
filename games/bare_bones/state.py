"""The immutable state of a Bare Bones game and small read-only questions about it.

A draw pile is never ordered: `draw_rest` is its multiset (kept sorted) and a card is
picked with the dice when it is drawn. Only cards placed on top by a rule (Hot Potato)
are known, in `draw_top` (the last one is the top card).
"""

from __future__ import annotations

from typing import Any

from games.core.frozen import frozen_record, replace
from games.core.messages import Record

from .data import (  # noqa: F401  (the phases and steps are read from here too)
    ACTION_UNITS_PER_TURN,
    BUY,
    COLOURS,
    CTT_VERSIONS,
    DICE,
    DICE_PER_COLOUR,
    DRAFT,
    DRAFT_PICKS,
    END,
    JOYRIDE,
    OVER,
    PLAY,
    ROLL,
    SWAP_MEET,
    TURN,
    Colour,
    ctt_colour,
    final_point_value,
    stack_of,
)


@frozen_record
class InPlay:
    """A card in a play area. `colour`: the Dice colour it counts as (Dice Card, Mimic,
    borrowed card); `owner`: the seat that lent it (Joyride); `matched`: laid by bonus
    matching on the previous player's turn."""

    card: str
    colour: str | None = None
    owner: int | None = None
    matched: bool = False


DICE_CARD_IN_PLAY: dict[str, InPlay] = {colour: InPlay(colour, colour) for colour in COLOURS}
"""A Dice Card played as itself, built once per colour (most cards played are these)."""


@frozen_record
class Aside:
    """A Can't Touch This set aside with its die: `face` is blocked for the others."""

    card: str
    face: int

    @property
    def colour(self) -> str:
        return ctt_colour(self.card)


@frozen_record
class Seat:
    hand: tuple[str, ...] = ()
    draw_top: tuple[str, ...] = ()
    draw_rest: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    play: tuple[InPlay, ...] = ()
    aside: tuple[Aside, ...] = ()
    score: int = 0
    owed: int = 0            # Loan Shark coins to repay on the next turn
    carry: int = 0           # Keep the Change coins for the next turn
    extra_draws: int = 0     # bonus matches: cards to draw at the start of the next turn
    drafted: int = 0         # cards picked in the draft

    @property
    def draw_size(self) -> int:
        return len(self.draw_top) + len(self.draw_rest)

    def owned(self) -> list[str]:
        """Every card this seat owns that is in its own zones (see `owned_cards`)."""
        cards = list(self.hand) + list(self.draw_top) + list(self.draw_rest) + list(self.discard)
        cards += [p.card for p in self.play if p.owner is None]
        return cards + [a.card for a in self.aside]


@frozen_record
class Die(Record):
    """A rolled die: its colour and the number it shows."""

    colour: Colour
    face: int


@frozen_record
class Turn:
    number: int              # 0-based over the whole game
    round: int
    seat: int
    step: str = PLAY
    units: int = 0
    coins: int = 0
    borrowed: int = 0
    greeds: int = 0
    red_draws: int = 0
    joyride: int | None = None           # the opponent whose card is to be borrowed
    revealed: tuple[tuple[int, tuple[str, ...]], ...] = ()   # hands shown by Joyride
    full_house_shown: tuple[str, ...] | None = None  # the hand Full House showed
    swap_value: int = 0
    dice: tuple[Die, ...] = ()
    rerolls_used: int = 0
    green_rerolled: bool = False
    full_house_rerolled: bool = False
    kept: bool = False
    scored: bool = False
    bought: tuple[str, ...] = ()         # stacks bought from this turn
    matched: tuple[str, ...] = ()        # colours the next player matched
    matching_over: bool = False


FRESH_TURN = Turn(number=0, round=1, seat=0)
"""A turn as it starts: the fold copies it with the turn's number, round, seat and coins
(cheaper than setting its 23 fields one by one)."""


@frozen_record
class State:
    players: int
    rounds: int
    action_cards: tuple[str, ...]
    first_player: int
    seats: tuple[Seat, ...]
    supply: tuple[tuple[str, int], ...]  # card -> count, in supply order
    phase: str = DRAFT
    picks: int = 0
    turn: Turn | None = None
    resigned: tuple[int, ...] = ()       # seats that resigned, in the order they left

    @property
    def order(self) -> list[int]:
        return [(self.first_player + i) % self.players for i in range(self.players)]

    @property
    def in_play(self) -> list[int]:
        """The seats still in play (not resigned), in play order."""
        return [s for s in self.order if s not in self.resigned]

    @property
    def total_turns(self) -> int:
        return self.rounds * self.players


def drafter(game: State) -> int | None:
    """Whose pick it is: three rounds from player 1 to the left, resigned seats skipped
    (the first seat in play order with the fewest picks), or None once every seat still
    in play has its three picks."""
    pending = [s for s in game.in_play if game.seats[s].drafted < DRAFT_PICKS]
    if not pending:
        return None
    fewest = min(game.seats[s].drafted for s in pending)
    return next(s for s in pending if game.seats[s].drafted == fewest)


def owned_cards(game: State, seat: int) -> list[str]:
    """Every card `seat` owns, a card lent to the active player by Joyride included (a
    resigned seat owns nothing any more: its cards left play)."""
    if seat in game.resigned:
        return []
    lent = [p.card for other in game.seats for p in other.play if p.owner == seat]
    return game.seats[seat].owned() + lent


def set_at(items: tuple, index: int, value: object) -> tuple:
    return items[:index] + (value,) + items[index + 1:]


def with_seat(game: State, seat: int, new: Seat, **changes: Any) -> State:
    """The game with the seat's new board (and other fields `changes`), in one copy."""
    return replace(game, seats=set_at(game.seats, seat, new), **changes)


def without(items: tuple[str, ...], card: str) -> tuple[str, ...]:
    i = items.index(card)
    return items[:i] + items[i + 1:]


def supply_count(game: State, card: str) -> int:
    for supplied, count in game.supply:
        if supplied == card:
            return count
    return 0


def supplied(game: State, card: str, delta: int) -> tuple[tuple[str, int], ...]:
    """The supply with `delta` more of `card`."""
    return tuple((c, n + delta) if c == card else (c, n) for c, n in game.supply)


def active_turn(game: State) -> Turn:
    assert game.turn is not None
    return game.turn


def coloured(seat: Seat) -> list[InPlay]:
    """The play area's entries that count as Dice Cards."""
    return [p for p in seat.play if p.colour is not None]


def in_play(seat: Seat, card: str) -> int:
    """How many copies of `card` the play area holds."""
    return [p.card for p in seat.play].count(card)


def units_left(turn: Turn) -> int:
    return ACTION_UNITS_PER_TURN - turn.units


def dice_available(game: State) -> dict[str, int]:
    """Dice of each colour the supply holds: a die on a Can't Touch This is out of play."""
    out = {c: DICE_PER_COLOUR for c in COLOURS}
    for seat in game.seats:
        for aside in seat.aside:
            out[aside.colour] -= 1
    return out


def blocked_faces(game: State, seat: int) -> list[int]:
    """Numbers other players' Can't Touch This dice block for `seat`'s scoring."""
    return sorted({a.face for s, other in enumerate(game.seats) if s != seat for a in other.aside})


def ctt_in_play(seat: Seat) -> list[str]:
    return [p.card for p in seat.play if p.card in CTT_VERSIONS]


def hot_potatoes(cards: list[str]) -> int:
    return sum(1 for c in cards if c == "hot_potato")


def fpv(cards: list[str]) -> int:
    return sum(final_point_value(c) for c in cards)


def seat_of_turn(game: State, number: int) -> int:
    """The seat whose turn `number` is (`order` over and over)."""
    return (game.first_player + number) % game.players


def next_turn_number(game: State, after: int) -> int | None:
    """The next turn after turn `after` (-1: the first) of a seat still in play, or None
    after the last turn of the last round. A resigned seat's turns are skipped (Ruling:
    it is removed from the turn order); turns keep their numbers over the whole game."""
    for number in range(after + 1, game.total_turns):
        if seat_of_turn(game, number) not in game.resigned:
            return number
    return None


def is_last_turn(game: State) -> bool:
    return game.turn is not None and next_turn_number(game, game.turn.number) is None


def next_seat(game: State, seat: int) -> int:
    """The next seat to the left still in play."""
    for k in range(1, game.players):
        if (seat + k) % game.players not in game.resigned:
            return (seat + k) % game.players
    return seat


def opponents(game: State, seat: int) -> list[int]:
    """The other seats still in play, from the seat's left."""
    return [(seat + k) % game.players for k in range(1, game.players)
            if (seat + k) % game.players not in game.resigned]
