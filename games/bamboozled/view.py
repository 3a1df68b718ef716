"""What a seat (or a spectator) may see: hidden dice, hands and the deck only as counts."""

from __future__ import annotations

from dataclasses import field
from typing import Literal, Mapping

from games.core.frozen import frozen_record
from games.core.messages import Record, doc
from games.core.outcome import Outcome

from .legal import awaiting
from .outcome import outcome
from .state import Call, CardName, CardUse, Direction, Options, State, Verdict, direction_name


@frozen_record
class SeatView(Record):
    seat: int
    strikes: int
    out: bool
    hand_size: int = field(metadata=doc("cards in hand, a face-down one included"))
    resigned: bool = field(metadata=doc("out by resigning"))


@frozen_record
class DeclarationView(Record):
    """The declaration waiting for an answer (hidden rolls)."""

    seat: int
    score: int
    responder: int | None = field(metadata=doc("the seat to respond"))


@frozen_record
class CallView(Record):
    """The last bluff call, with the dice and any face-down card it revealed."""

    caller: int
    declarer: int
    score: int
    dice: tuple[int, ...]
    card: CardUse | None
    verdict: Verdict
    my_bad: bool


@frozen_record
class OwnView(Record):
    """The viewer's own secrets."""

    seat: int
    hand: tuple[CardName, ...]
    dice: tuple[int, ...] | None = field(metadata=doc("your dice while you are the roller"))
    face_down: CardUse | None = field(metadata=doc("the card under your pending declaration"))
    declared_verdict: Verdict | None = field(metadata=doc(
        "what your pending declaration is: true, bluff or card"))


@frozen_record
class View(Record):
    """A Bamboozled table as one seat (or a spectator) sees it."""

    players: int
    phase: Literal["declare", "respond", "roll", "discard", "over"]
    seats: tuple[SeatView, ...]
    awaiting: Mapping[int, Literal["declare", "respond", "roll", "discard"]]
    turn: int | None = field(metadata=doc("the awaited seat"))
    round: int
    direction: Direction
    score_to_beat: int = field(metadata=doc("the score to tie or beat; 0 at a round's start"))
    score_set_by: int | None
    declaration: DeclarationView | None
    roller: int | None
    open_dice: tuple[int, ...] | None = field(metadata=doc("kids rules: the roller's dice"))
    deck_size: int
    discard_pile: tuple[CardName, ...] = field(metadata=doc("face up, oldest first"))
    last_call: CallView | None
    options: Options
    outcome: Outcome | None
    you: OwnView | None = field(default=None, metadata=doc("players only", omit_none=True))


def view(state: State, viewer: int | None) -> View:
    waiting = awaiting(state)
    mine = viewer is not None and 0 <= viewer < state.players
    return View(
        players=state.players,
        phase=state.phase,  # type: ignore[arg-type]
        seats=tuple(SeatView(seat=i, strikes=s.strikes, out=s.out, hand_size=state.held(i),
                             resigned=s.resigned)
                    for i, s in enumerate(state.seats)),
        awaiting=waiting,  # type: ignore[arg-type]
        turn=next(iter(waiting), None),
        round=state.round,
        direction=direction_name(state.direction),
        score_to_beat=state.standing,
        score_set_by=state.standing_by,
        declaration=public_declaration(state),
        roller=state.roller,
        open_dice=state.dice if state.kids and state.dice else None,
        deck_size=len(state.deck),
        discard_pile=state.discards,  # type: ignore[arg-type]
        last_call=public_call(state.last_call),
        options=state.options(),
        outcome=outcome(state),
        you=own_view(state, viewer) if mine and viewer is not None else None,
    )


def public_declaration(state: State) -> DeclarationView | None:
    d = state.declaration
    if d is None:
        return None
    return DeclarationView(seat=d.seat, score=d.score, responder=state.responder)


def public_call(call: Call | None) -> CallView | None:
    if call is None:
        return None
    return CallView(caller=call.caller, declarer=call.declarer, score=call.score,
                    dice=call.dice, card=call.card, verdict=call.verdict,  # type: ignore[arg-type]
                    my_bad=call.my_bad)


def own_view(state: State, seat: int) -> OwnView:
    """The seat's own secrets: its hand, its dice while it rolls, its face-down card."""
    d = state.declaration
    mine = d is not None and d.seat == seat
    return OwnView(
        seat=seat,
        hand=state.seats[seat].hand,  # type: ignore[arg-type]
        dice=state.dice if state.roller == seat and state.dice else None,
        face_down=d.card if mine and d else None,
        declared_verdict=d.verdict if mine and d else None,  # type: ignore[arg-type]
    )
