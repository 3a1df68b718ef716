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
    players = event.players
    return State(players=players, ones_wild=event.options.ones_wild,
                 raise_rule=event.options.raise_rule, seats=(SeatState(),) * players,
                 dice_counts=(event.starting_dice,) * players,
                 coins=(event.starting_coins,) * players,
                 active=tuple(range(players)), dice_in_play=event.starting_dice * players,
                 stakes=(None,) * players, rolled=((),) * players,
                 opener=event.first_player)


def _with(values: tuple[T, ...], seat: int, value: T) -> tuple[T, ...]:
    """`values` with `seat`'s changed to `value`."""
    return (*values[:seat], value, *values[seat + 1:])


def _leaves_game(state: State, seat: int, round_: int, resigned: bool = False,
                 **changes: Any) -> State:
    """`seat`, still in, goes out in `round_` (`resigned`: by resigning): it leaves
    `active` and its dice leave play; `changes` are the state's other changed fields."""
    return replace(state, seats=_with(state.seats, seat, SeatState(round_, resigned)),
                   active=tuple([s for s in state.active if s != seat]),
                   dice_in_play=state.dice_in_play - state.dice_counts[seat], **changes)


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
    lost = state.dice_counts[event.seat] - event.dice_left
    return replace(state, dice_counts=_with(state.dice_counts, event.seat, event.dice_left),
                   dice_in_play=state.dice_in_play - lost)


def coins_paid(state: State, event: ev.CoinsPaid) -> State:
    """The payer's coins, then the payee's, changed in one copy of the state."""
    coins = list(state.coins)
    coins[event.payer] -= event.coins
    coins[event.payee] += event.coins
    return replace(state, coins=tuple(coins))


def player_out(state: State, event: ev.PlayerOut) -> State:
    """Out from this round on: its dice leave play."""
    return _leaves_game(state, event.seat, event.round)


def player_resigned(state: State, event: ev.PlayerResigned) -> State:
    """Out from this round on; its dice leave play and its coins leave the game."""
    seat = event.seat
    return _leaves_game(state, seat, event.round, resigned=True,
                        coins=_with(state.coins, seat, 0),
                        dice_counts=_with(state.dice_counts, seat, 0),
                        stakes=_with(state.stakes, seat, None),
                        rolled=_with(state.rolled, seat, ()))


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
