"""setup and decide: every rule checked, dice rolled only through `dice`."""

from __future__ import annotations

from typing import Any, Mapping

from games.core import Dice, Event, GameConfig, IllegalAction, roll_many
from games.core.actions import action_type, int_field, only_fields
from games.core.options import resolve_options

from .data import (
    BIDDING, FACES, MAX_PLAYERS, MIN_PLAYERS, OPTIONS, OVER, SIDES, STAKING, STARTING_COINS,
    STARTING_DICE,
)
from .evolve import evolve
from .rules import (
    CallResult, bid_quantity_range, game_is_decided, is_out, is_raise,
    judge_bluff, judge_spot_on, next_bidder, next_opener, out_reason, stake_range, standings,
)
from .state import State

ACTION_FIELDS: dict[str, tuple[str, ...]] = {
    "stake": ("coins",),
    "bid": ("quantity", "face"),
    "call_bluff": (),
    "call_spot_on": (),
}


# --- setup -------------------------------------------------------------------------------

def setup(config: GameConfig, dice: Dice) -> list[Event]:
    players = config.players
    if isinstance(players, bool) or not isinstance(players, int) or not (
            MIN_PLAYERS <= players <= MAX_PLAYERS):
        raise IllegalAction("player_count_out_of_range",
                            f"Snake Bones takes {MIN_PLAYERS} to {MAX_PLAYERS} players")
    first = config.first_player
    if first is not None and (isinstance(first, bool) or not isinstance(first, int)
                              or not 0 <= first < players):
        raise IllegalAction("first_player_out_of_range", "the first bidder must be a seat")
    options = resolve_options(OPTIONS, config.options)
    events = [Event("game_started", {
        "players": players, "options": options, "first_player": first,
        "starting_dice": STARTING_DICE, "starting_coins": STARTING_COINS,
    })]
    if first is None:
        roll = dice.roll(players)
        first = roll - 1
        events.append(Event("first_bidder_drawn", {"seat": first, "roll": roll}))
    events.append(Event("round_started", {
        "round": 1, "opener": first, "active": list(range(players)),
    }))
    return events


# --- decide ------------------------------------------------------------------------------

def decide(state: State, seat: int, action: Any, dice: Dice) -> list[Event]:
    if state.phase == OVER:
        raise IllegalAction("game_over", "the game is over")
    kind = action_type(action, ACTION_FIELDS)
    only_fields(action, ACTION_FIELDS[kind])
    fields = {name: int_field(action, name) for name in ACTION_FIELDS[kind]}
    check_seat_may_act(state, seat)
    if kind == "stake":
        return place_stake(state, seat, fields["coins"], dice)
    check_bidder_turn(state, seat)
    if kind == "bid":
        return make_bid(state, seat, fields["quantity"], fields["face"])
    return call(state, seat, kind, dice)


def check_seat_may_act(state: State, seat: Any) -> None:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players:
        raise IllegalAction("no_such_seat", f"there is no seat {seat!r} at this table")
    if state.seat(seat).out:
        raise IllegalAction("player_out", "a player who is out cannot act")


def check_bidder_turn(state: State, seat: int) -> None:
    if state.phase != BIDDING:
        raise IllegalAction("wrong_phase", "bidding starts once every stake is placed")
    if seat != state.turn:
        raise IllegalAction("not_your_turn", f"seat {state.turn} is to bid")


def place_stake(state: State, seat: int, coins: int, dice: Dice) -> list[Event]:
    if state.phase != STAKING:
        raise IllegalAction("wrong_phase", "stakes are placed at the start of a round")
    if state.seat(seat).stake is not None:
        raise IllegalAction("already_staked", "a stake is placed once a round")
    allowed = stake_range(state, seat)
    if coins not in allowed:
        raise IllegalAction("stake_out_of_range",
                            f"a stake is {allowed.start} to {allowed.stop - 1} coins")
    events = [Event("stake_placed", {"seat": seat}, {seat: {"coins": coins}})]
    stakes = {s: state.seat(s).stake for s in state.active()}
    stakes[seat] = coins
    if all(stake is not None for stake in stakes.values()):
        events += reveal_stakes_and_roll(state, stakes, dice)
    return events


def reveal_stakes_and_roll(state: State, stakes: Mapping[int, int | None],
                           dice: Dice) -> list[Event]:
    """Once all stakes are in they are shown; then every active seat rolls its dice."""
    active = state.active()
    rolled = {s: roll_many(dice, state.seat(s).dice_count, SIDES) for s in active}
    return [
        Event("stakes_revealed", {"stakes": {str(s): stakes[s] for s in active}}),
        Event("dice_rolled",
              {"dice_counts": {str(s): len(rolled[s]) for s in active}},
              {s: {"dice": list(rolled[s])} for s in active}),
    ]


def make_bid(state: State, seat: int, quantity: int, face: int) -> list[Event]:
    if face not in FACES:
        raise IllegalAction("bid_face_out_of_range", "a bid names a face from 1 to 6")
    allowed = bid_quantity_range(state)
    if quantity not in allowed:
        raise IllegalAction("bid_quantity_out_of_range",
                            f"a bid names 1 to {allowed.stop - 1} dice (the dice in play)")
    if not is_raise(state.bid, quantity, face, state.raise_rule):
        raise IllegalAction("bid_not_higher", _raise_message(state))
    return [Event("bid_made", {"seat": seat, "quantity": quantity, "face": face,
                               "next": next_bidder(state, seat)})]


def _raise_message(state: State) -> str:
    if state.raise_rule == "quantity":
        return "a raise names a higher quantity"
    return "a raise names a higher quantity, or the same quantity of a higher face"


def call(state: State, seat: int, kind: str, dice: Dice) -> list[Event]:
    if state.bid is None:
        raise IllegalAction("opener_must_bid", "the opener must bid; there is nothing to call")
    if kind == "call_bluff":
        event_type, result = "bluff_called", judge_bluff(state, seat)
    else:
        event_type, result = "spot_on_called", judge_spot_on(state, seat)
    events = [call_event(state, seat, event_type, result)] + settle(state, result)
    after = fold(state, events)
    outs = player_outs(after)
    return events + outs + [end_of_round(fold(after, outs))]


def call_event(state: State, caller: int, event_type: str, result: CallResult) -> Event:
    assert state.bid is not None
    return Event(event_type, {
        "round": state.round,
        "caller": caller,
        "bid": state.bid.to_json(),
        "dice": {str(s): list(state.seat(s).dice) for s in state.active()},
        "count": result.count,
        "caller_right": result.caller_right,
        "losers": list(result.losers),
        "payments": [p.to_json() for p in result.payments],
    })


def settle(state: State, result: CallResult) -> list[Event]:
    """Each loser puts away one die; each payment moves coins."""
    events = [Event("die_lost", {"seat": s, "dice_left": state.seat(s).dice_count - 1})
              for s in result.losers]
    events += [Event("coins_paid", p.to_json()) for p in result.payments]
    return events


def player_outs(state: State) -> list[Event]:
    return [Event("player_out", {"seat": s, "round": state.round,
                                 "reason": out_reason(state, s)})
            for s in state.active() if is_out(state, s)]


def end_of_round(state: State) -> Event:
    if game_is_decided(state):
        return Event("game_over", standings(state))
    return Event("round_started", {
        "round": state.round + 1, "opener": next_opener(state), "active": list(state.active()),
    })


def fold(state: State, events: list[Event]) -> State:
    for event in events:
        state = evolve(state, event)
    return state
