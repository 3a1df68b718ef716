"""Folding events into the state. Trusts every event: no checks, no dice."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable, Mapping

from games.core import Event

from .data import BIDDING, OVER, RESOLVING, STAKING, STARTING_COINS, STARTING_DICE
from .state import Bid, Payment, Reveal, SeatState, State


def evolve(state: State | None, event: Event) -> State:
    if event.type == "game_started":
        return game_started(event.data)
    assert state is not None, "the first event must be game_started"
    return FOLDS[event.type](state, event)


def game_started(data: Mapping[str, Any]) -> State:
    players = int(data["players"])
    options = data["options"]
    seat = SeatState(dice_count=int(data.get("starting_dice", STARTING_DICE)),
                     coins=int(data.get("starting_coins", STARTING_COINS)))
    return State(players=players, ones_wild=bool(options["ones_wild"]),
                 raise_rule=str(options["raise_rule"]), seats=(seat,) * players,
                 opener=data.get("first_player"))


def _set_seat(state: State, seat: int, **changes: Any) -> State:
    seats = list(state.seats)
    seats[seat] = replace(seats[seat], **changes)
    return replace(state, seats=tuple(seats))


def first_bidder_drawn(state: State, event: Event) -> State:
    return replace(state, opener=int(event.data["seat"]))


def round_started(state: State, event: Event) -> State:
    seats = tuple(replace(s, stake=None, dice=()) for s in state.seats)
    return replace(state, seats=seats, phase=STAKING, round=int(event.data["round"]),
                   opener=int(event.data["opener"]), turn=None, bid=None,
                   stakes_revealed=False)


def stake_placed(state: State, event: Event) -> State:
    seat = int(event.data["seat"])
    private = event.private.get(seat)
    coins = int(private["coins"]) if private else 0  # the owner always has the private part
    return _set_seat(state, seat, stake=coins)


def stakes_revealed(state: State, event: Event) -> State:
    stakes = {int(seat): int(coins) for seat, coins in event.data["stakes"].items()}
    seats = tuple(replace(s, stake=stakes[i]) if i in stakes else s
                  for i, s in enumerate(state.seats))
    return replace(state, seats=seats, stakes_revealed=True)


def dice_rolled(state: State, event: Event) -> State:
    seats = list(state.seats)
    for seat, private in event.private.items():
        seats[int(seat)] = replace(seats[int(seat)], dice=tuple(int(d) for d in private["dice"]))
    return replace(state, seats=tuple(seats), phase=BIDDING, turn=state.opener)


def bid_made(state: State, event: Event) -> State:
    bid = Bid.from_json(event.data)
    return replace(state, bid=bid, turn=int(event.data["next"]))


def call_made(state: State, event: Event) -> State:
    data = event.data
    reveal = Reveal(
        round=state.round,
        call="bluff" if event.type == "bluff_called" else "spot_on",
        caller=int(data["caller"]),
        bid=Bid.from_json(data["bid"]),
        dice=tuple(sorted((int(s), tuple(int(d) for d in dice))
                          for s, dice in data["dice"].items())),
        count=int(data["count"]),
        caller_right=bool(data["caller_right"]),
        losers=tuple(int(s) for s in data["losers"]),
        payments=tuple(Payment.from_json(p) for p in data["payments"]),
    )
    return replace(state, last_reveal=reveal, phase=RESOLVING, turn=None)


def die_lost(state: State, event: Event) -> State:
    return _set_seat(state, int(event.data["seat"]), dice_count=int(event.data["dice_left"]))


def coins_paid(state: State, event: Event) -> State:
    payer, payee = int(event.data["from"]), int(event.data["to"])
    coins = int(event.data["coins"])
    state = _set_seat(state, payer, coins=state.seat(payer).coins - coins)
    return _set_seat(state, payee, coins=state.seat(payee).coins + coins)


def player_out(state: State, event: Event) -> State:
    return _set_seat(state, int(event.data["seat"]), out_round=int(event.data["round"]))


def game_over(state: State, event: Event) -> State:
    return replace(state, phase=OVER, turn=None, bid=None)


FOLDS: dict[str, Callable[[State, Event], State]] = {
    "first_bidder_drawn": first_bidder_drawn,
    "round_started": round_started,
    "stake_placed": stake_placed,
    "stakes_revealed": stakes_revealed,
    "dice_rolled": dice_rolled,
    "bid_made": bid_made,
    "bluff_called": call_made,
    "spot_on_called": call_made,
    "die_lost": die_lost,
    "coins_paid": coins_paid,
    "player_out": player_out,
    "game_over": game_over,
}
