"""Who is awaited, what each seat may post now, and what the clock posts for them."""

from __future__ import annotations

from games.core import IllegalAction
from games.core.legal import Choice, IntRange
from games.core.messages import GameAction

from .actions import CallBluff, CallSpotOn, PlaceBid, PlaceStake, Resign
from .data import (
    AWAIT_BID, AWAIT_RESPOND, AWAIT_STAKE, BIDDING, FACES, MIN_STAKE, OVER,
    RAISE_QUANTITY_OR_FACE, STAKING,
)
from .rules import face_held_most
from .state import State


# What a seat awaited for each kind may post (games.core.rules.typed_decider checks it);
# the opener's call is its own rule (opener_must_bid, in decide.py). Resign is posted in
# or out of turn (OUT_OF_TURN); its handler checks that the seat is still in play.
OUT_OF_TURN: tuple[type[GameAction], ...] = (Resign,)
AWAITS: dict[str, tuple[type[GameAction], ...]] = {
    AWAIT_STAKE: (PlaceStake,),
    AWAIT_BID: (PlaceBid, CallBluff, CallSpotOn),
    AWAIT_RESPOND: (PlaceBid, CallBluff, CallSpotOn),
}


def awaiting(state: State) -> dict[int, str]:
    if state.phase == STAKING:
        return {i: AWAIT_STAKE for i, s in enumerate(state.seats)
                if s.out_round is None and s.stake is None}
    if state.phase == BIDDING and state.turn is not None:
        return {state.turn: AWAIT_BID if state.bid is None else AWAIT_RESPOND}
    return {}


def legal_actions(state: State, seat: int) -> list[GameAction | Choice]:
    """The seat's moves now, then `resign` for every seat still in play."""
    moves = turn_actions(state, seat)
    if state.phase != OVER and state.is_active(seat):
        moves.append(Resign())
    return moves


def turn_actions(state: State, seat: int) -> list[GameAction | Choice]:
    kind = awaiting(state).get(seat)
    if kind == AWAIT_STAKE:
        return [Choice(PlaceStake, {}, {"coins": IntRange(MIN_STAKE, state.seat(seat).coins)})]
    if kind is None:
        return []
    bids = bid_choices(state)
    if kind == AWAIT_BID:
        return bids
    return [*bids, CallBluff(), CallSpotOn()]


def bid_choices(state: State) -> list[GameAction | Choice]:
    """Every raise: any face with a higher quantity, and (quantity_or_face) a higher face
    with the same quantity; any bid opens."""
    in_play = state.dice_in_play()
    lowest = 1 if state.bid is None else state.bid.quantity + 1
    faces = IntRange(FACES[0], FACES[-1])
    choices: list[GameAction | Choice] = []
    bid = state.bid
    if bid is not None and state.raise_rule == RAISE_QUANTITY_OR_FACE and bid.face < FACES[-1]:
        choices.append(Choice(PlaceBid, {"quantity": bid.quantity},
                              {"face": IntRange(bid.face + 1, FACES[-1])}))
    if lowest <= in_play:
        choices.append(Choice(PlaceBid, {}, {"quantity": IntRange(lowest, in_play),
                                              "face": faces}))
    return choices


def timeout_action(state: State, seat: int) -> GameAction:
    """Stake 1 coin; an opener bids one of the face they hold most; facing a bid, bluff."""
    kind = awaiting(state).get(seat)
    if kind == AWAIT_STAKE:
        return PlaceStake(coins=MIN_STAKE)
    if kind == AWAIT_BID:
        return PlaceBid(quantity=1, face=face_held_most(state.seat(seat).dice))
    if kind == AWAIT_RESPOND:
        return CallBluff()
    raise IllegalAction("not_awaited", f"seat {seat} is not awaited")


def in_play(state: State, seat: int) -> bool:
    """Whether the seat has neither resigned nor gone out: the shared guard answers
    anything from a seat out of play `not_in_play` (games.core.rules)."""
    return not state.seat(seat).out
