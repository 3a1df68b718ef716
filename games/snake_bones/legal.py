"""Who is awaited, what each seat may post now, and what the clock posts for them."""

from __future__ import annotations

import functools

from games.core import IllegalAction
from games.core.legal import Choice, IntRange
from games.core.messages import GameAction

from .actions import CallBluff, CallSpotOn, PlaceBid, PlaceStake, Resign
from .data import (
    AWAIT_BID, AWAIT_RESPOND, AWAIT_STAKE, BIDDING, FACES, MAX_PLAYERS, MIN_STAKE, OVER,
    RAISE_QUANTITY_OR_FACE, STAKING, STARTING_COINS,
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

# The items that never change, built once (immutable).
RESIGN = Resign()
CALLS: tuple[GameAction, ...] = (CallBluff(), CallSpotOn())
ANY_FACE = IntRange(FACES[0], FACES[-1])


def seats_to_stake(state: State) -> list[int]:
    """While staking, every seat still in the game that has not staked is awaited."""
    stakes = state.stakes
    return [seat for seat in state.active if stakes[seat] is None]


def others_to_stake(state: State) -> bool:
    """Whether a seat other than the one staking now (awaited: the shared guard checked
    it) is still awaited to stake."""
    return len(seats_to_stake(state)) > 1


def awaiting(state: State) -> dict[int, str]:
    if state.phase == STAKING:
        return dict.fromkeys(seats_to_stake(state), AWAIT_STAKE)
    if state.phase == BIDDING and state.turn is not None:
        return {state.turn: bidding_kind(state)}
    return {}


def awaited_as(state: State, seat: int) -> str | None:
    """What `seat` is awaited for now, or None: `awaiting(state).get(seat)` for one seat."""
    if state.phase == STAKING:
        # `seats_to_stake` asked of one seat, without listing the others
        return AWAIT_STAKE if seat in state.active and state.stakes[seat] is None else None
    if state.phase == BIDDING and state.turn is not None and state.turn == seat:
        return bidding_kind(state)
    return None


def bidding_kind(state: State) -> str:
    """The bidder opens when there is no bid yet, else answers it."""
    return AWAIT_BID if state.bid is None else AWAIT_RESPOND


def legal_actions(state: State, seat: int) -> list[GameAction | Choice]:
    """The seat's moves now, then `resign` for every seat still in play."""
    moves = turn_actions(state, seat)
    if state.phase != OVER and seat in state.active:
        moves.append(RESIGN)
    return moves


def turn_actions(state: State, seat: int) -> list[GameAction | Choice]:
    kind = awaited_as(state, seat)
    if kind == AWAIT_STAKE:
        return [stake_choice(state.coins[seat])]
    if kind is None:
        return []
    bid = state.bid
    if bid is None:
        return list(bid_choices(None, None, state.raise_rule, state.dice_in_play))
    return [*bid_choices(bid.quantity, bid.face, state.raise_rule, state.dice_in_play),
            *CALLS]


# The items are immutable and depend on a few small numbers only, so each is built once:
# over 1,000 random 3-player games 97% of the asks are hits (0.26 us against 3.3 us to
# build a bid's items). Every holding of coins fits (at most all the table's coins).
@functools.lru_cache(maxsize=STARTING_COINS * MAX_PLAYERS)
def stake_choice(coins: int) -> Choice:
    """A stake of 1 to the coins the seat holds."""
    return Choice(PlaceStake, {}, {"coins": IntRange(MIN_STAKE, coins)})


@functools.lru_cache(maxsize=4096)  # 8 players: 90% hits
def bid_choices(quantity: int | None, face: int | None, raise_rule: str,
                in_play: int) -> tuple[Choice, ...]:
    """Every raise of the standing bid (`quantity` of `face`; None: no bid yet): any face
    with a higher quantity, and (quantity_or_face) a higher face with the same quantity;
    any bid opens."""
    lowest = 1 if quantity is None else quantity + 1
    choices: list[Choice] = []
    if (quantity is not None and face is not None and raise_rule == RAISE_QUANTITY_OR_FACE
            and face < FACES[-1]):
        choices.append(Choice(PlaceBid, {"quantity": quantity},
                              {"face": IntRange(face + 1, FACES[-1])}))
    if lowest <= in_play:
        choices.append(Choice(PlaceBid, {}, {"quantity": IntRange(lowest, in_play),
                                              "face": ANY_FACE}))
    return tuple(choices)


def timeout_action(state: State, seat: int) -> GameAction:
    """Stake 1 coin; an opener bids one of the face they hold most; facing a bid, bluff."""
    kind = awaited_as(state, seat)
    if kind == AWAIT_STAKE:
        return PlaceStake(coins=MIN_STAKE)
    if kind == AWAIT_BID:
        return PlaceBid(quantity=1, face=face_held_most(state.rolled[seat]))
    if kind == AWAIT_RESPOND:
        return CallBluff()
    raise IllegalAction("not_awaited", f"seat {seat} is not awaited")


def in_play(state: State, seat: int) -> bool:
    """Whether the seat has neither resigned nor gone out: the shared guard answers
    anything from a seat out of play `not_in_play` (games.core.rules)."""
    return state.seats[seat].out_round is None
