"""Folding events into the state. Trusts every event: no checks, no dice."""

from __future__ import annotations

from typing import Any, Callable, TypeVar

from games.core.frozen import replace
from games.core.messages import GameEvent

from . import events as ev
from .data import BIDDING, OVER, RESOLVING, STAKING
from .state import Bid, Reveal, SeatState, State

T = TypeVar("T")


def evolve(state: State | None, event: GameEvent) -> State:
    """The fold of `event` by its class (FOLDS); `game_started` folds from no state."""
    return FOLDS[event.__class__](state, event)


def game_started(state: State | None, event: ev.GameStarted) -> State:
    seat = SeatState(dice_count=event.starting_dice, coins=event.starting_coins)
    return State(players=event.players, ones_wild=event.options.ones_wild,
                 raise_rule=event.options.raise_rule, seats=(seat,) * event.players,
                 active=tuple(range(event.players)),
                 dice_in_play=event.starting_dice * event.players,
                 stakes=(None,) * event.players, rolled=((),) * event.players,
                 opener=event.first_player)


def _seats_with(state: State, seat: int, **changes: Any) -> tuple[SeatState, ...]:
    seats = list(state.seats)
    seats[seat] = replace(seats[seat], **changes)
    return tuple(seats)


def _with(values: tuple[T, ...], seat: int, value: T) -> tuple[T, ...]:
    """`values` with `seat`'s changed to `value`."""
    return (*values[:seat], value, *values[seat + 1:])


def _leaves_game(state: State, seat: int, **changes: Any) -> State:
    """`seat`, still in, goes out (`changes` set its `out_round`): it leaves `active`,
    and its dice leave play."""
    return replace(state, seats=_seats_with(state, seat, **changes),
                   active=tuple([s for s in state.active if s != seat]),
                   dice_in_play=state.dice_in_play - state.seats[seat].dice_count)


def first_bidder_drawn(state: State, event: ev.FirstBidderDrawn) -> State:
    return replace(state, opener=event.seat)


def round_started(state: State, event: ev.RoundStarted) -> State:
    return replace(state, stakes=(None,) * state.players, rolled=((),) * state.players,
                   phase=STAKING, round=event.round,
                   opener=event.opener, turn=None, bid=None, bids=(),
                   stakes_revealed=False)


def stake_placed(state: State, event: ev.StakePlaced) -> State:
    private = event.private.get(event.seat)
    coins = private.coins if private else 0  # the owner always has the private part
    return replace(state, stakes=_with(state.stakes, event.seat, coins))


def stakes_revealed(state: State, event: ev.StakesRevealed) -> State:
    shown = event.stakes
    stakes = tuple([shown.get(i, stake) for i, stake in enumerate(state.stakes)])
    return replace(state, stakes=stakes, stakes_revealed=True)


def dice_rolled(state: State, event: ev.DiceRolled) -> State:
    rolled = list(state.rolled)
    for seat, private in event.private.items():
        rolled[seat] = tuple(private.dice)
    return replace(state, rolled=tuple(rolled), phase=BIDDING, turn=state.opener)


def bid_made(state: State, event: ev.BidMade) -> State:
    bid = Bid(seat=event.seat, quantity=event.quantity, face=event.face)
    return replace(state, bid=bid, bids=state.bids + (bid,), turn=event.next)


def call_made(state: State, event: ev.CallMade) -> State:
    reveal = Reveal(round=state.round, call=event.call, caller=event.caller, bid=event.bid,
                    dice=dict(sorted(event.dice.items())), count=event.count,
                    caller_right=event.caller_right, losers=tuple(event.losers),
                    payments=tuple(event.payments), bids=state.bids)
    return replace(state, last_reveal=reveal, phase=RESOLVING, turn=None)


def die_lost(state: State, event: ev.DieLost) -> State:
    lost = state.seats[event.seat].dice_count - event.dice_left
    return replace(state, seats=_seats_with(state, event.seat, dice_count=event.dice_left),
                   dice_in_play=state.dice_in_play - lost)


def coins_paid(state: State, event: ev.CoinsPaid) -> State:
    """The payer's coins, then the payee's, changed in one copy of the state."""
    seats = list(state.seats)
    payer = seats[event.payer]
    seats[event.payer] = replace(payer, coins=payer.coins - event.coins)
    payee = seats[event.payee]
    seats[event.payee] = replace(payee, coins=payee.coins + event.coins)
    return replace(state, seats=tuple(seats))


def player_out(state: State, event: ev.PlayerOut) -> State:
    """Out from this round on: its dice leave play."""
    return _leaves_game(state, event.seat, out_round=event.round)


def player_resigned(state: State, event: ev.PlayerResigned) -> State:
    """Out from this round on; its dice leave play and its coins leave the game."""
    left = _leaves_game(state, event.seat, out_round=event.round, resigned=True, coins=0,
                        dice_count=0)
    return replace(left, stakes=_with(state.stakes, event.seat, None),
                   rolled=_with(state.rolled, event.seat, ()))


def game_over(state: State, event: ev.GameOver) -> State:
    return replace(state, phase=OVER, turn=None, bid=None)


FOLDS: dict[type, Callable[[Any, Any], State]] = {
    ev.GameStarted: game_started,
    ev.FirstBidderDrawn: first_bidder_drawn,
    ev.RoundStarted: round_started,
    ev.StakePlaced: stake_placed,
    ev.StakesRevealed: stakes_revealed,
    ev.DiceRolled: dice_rolled,
    ev.BidMade: bid_made,
    ev.BluffCalled: call_made,
    ev.SpotOnCalled: call_made,
    ev.DieLost: die_lost,
    ev.CoinsPaid: coins_paid,
    ev.PlayerOut: player_out,
    ev.PlayerResigned: player_resigned,
    ev.GameOver: game_over,
}
