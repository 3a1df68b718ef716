"""Snake Bones' engine floor: the benchmark's playouts on a minimal engine (issue #34
item 1; a script, not a test; report in docs/benchmarks.md, "The floor of a Snake Bones
step").

    PYTHONPATH=. .venv/bin/python tests/benchmarks/snake_bones_floor.py \\
        [--seconds 2] [--players 2 3 4] [--check 300]

tests/benchmarks/engines.py plays seeded random playouts on the rules engine. This file
plays the very same playouts (same seeds, same draws of a seat, an item and its values,
same dice, default options, seat 0 opening) on the least a CPython engine can be: one
mutable list per seat, the table's state in a few local variables, events as plain
tuples appended to a list and folded by changing those lists in place, no typed records,
no copies, no memo, no listing cached. Each step still checks what the real engine checks
of it (the seat is awaited, a stake or bid in range, a bid is a raise, a call has a bid
to call) and lists the seat's items as the real engine lists them, so the draws agree.

A middle rung, the *typed floor*, decides and draws as the floor does but keeps the
engine's own records: its immutable `State`, its typed events, its folds (evolve.FOLDS,
each event folded once). The floor to the typed floor is what the records and their
copies cost; the typed floor to the engine, the rest of the engine's shape (the shared
guards, memos, typed legal items, one small function per rule).

It is a measuring stick, not a second home for the rules: nothing in the product imports
it. `--check N` first plays playouts 0 .. N-1 on the engine and on both rungs and compares
every event's type and each playout's length, and refuses to measure if one differs (a
change of the rules that this file does not follow shows there, and in
tests/test_engine_bench.py). What it prints: events per second of the engine, the typed
floor and the floor, one after the other in this process.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from typing import Any, Callable

from games.core import GameConfig
from games.core.options import resolve_options
from games.registry import GAMES
from games.snake_bones import events as ev
from games.snake_bones.data import SIDES, STARTING_COINS, STARTING_DICE
from games.snake_bones.evolve import FOLDS
from games.snake_bones.rules import out_reason, standings
from games.snake_bones.state import Payment, State

from tests.benchmarks import engines

SLUG = "snake-bones"
DEFAULTS = resolve_options(GAMES[SLUG].options, {})

# A seat: [dice_count, coins, stake or None, dice (list), out_round or None]
DICE_COUNT, COINS_HELD, STAKE, HAND, OUT = range(5)
Event = tuple


def playout(players: int, seed: int, types: list[str] | None = None) -> int:
    """Playout `seed` of engines.py, on the floor: the events decided and folded (their
    types appended to `types` when given)."""
    rng = random.Random(seed)
    draw = rng.random
    seats = [[STARTING_DICE, STARTING_COINS, None, [], None] for _ in range(players)]
    told: list[Event] = [("game_started",), ("round_started",)]
    events, round_, opener, turn, bid = 2, 1, 0, None, None  # bid: (seat, quantity, face)
    staking = True
    note = types.extend if types is not None else None
    if note:
        note(e[0] for e in told)
    while True:
        active = [i for i, s in enumerate(seats) if s[OUT] is None]
        if len(active) <= 1:
            return events
        # Ask: who is awaited, then draw one (engines.pick_seat).
        if staking:
            awaited = [i for i in active if seats[i][STAKE] is None]
        else:
            awaited = [turn]
        seat = awaited[0] if len(awaited) == 1 else awaited[int(draw() * len(awaited))]
        in_play = sum(seats[i][DICE_COUNT] for i in active)
        item = drawn_item(staking, seats[seat][COINS_HELD], bid and bid[1], in_play, draw)
        # Choose its values (sample_move) and decide, checking what the engine checks.
        kind = item[0]
        if kind == "stake":
            coins = 1 + int(draw() * item[1])
            told = decide_stake(seats, active, seat, coins, draw)
            if len(told) > 1:
                staking, turn = False, opener
        elif kind == "bid":
            low = 1 if item[1] is None else item[1]
            quantity = low + int(draw() * (item[2] - low + 1))
            face = 1 + int(draw() * 6)
            told = decide_bid(seats, active, seat, turn, bid, quantity, face, in_play)
            bid, turn = (seat, quantity, face), told[0][4]
        else:
            told = decide_call(seats, active, seat, bid, round_, opener, players,
                               kind == "call_bluff")
            if told[-1][0] == "round_started":
                round_, opener, turn, bid, staking = round_ + 1, told[-1][1], None, None, True
                for s in seats:
                    s[STAKE], s[HAND] = None, []
        events += len(told)
        if note:
            note(e[0] for e in told)


def drawn_item(staking: bool, coins: int, quantity: int | None, in_play: int,
               draw: Callable[[], float]) -> tuple:
    """The seat's items listed as legal_moves lists them (`quantity`: the standing bid's,
    None before one), then one drawn as engines.drawn draws: resign, listed last, is
    drawn again among the others."""
    if staking:
        items: list[tuple] = [("stake", coins)]
    elif quantity is None:
        items = [("bid", None, in_play)]
    else:
        items = [("bid", quantity + 1, in_play)] if quantity < in_play else []
        items += [("call_bluff",), ("call_spot_on",)]
    k = int(draw() * (len(items) + 1))
    return items[k] if k < len(items) else items[int(draw() * len(items))]


def decide_stake(seats: list[list], active: list[int], seat: int, coins: int,
                 draw: Callable[[], float]) -> list[Event]:
    """A stake, folded; the last one reveals the stakes and rolls every active seat's
    dice (each seat's in turn, as reveal_stakes_and_roll rolls them)."""
    if not 1 <= coins <= seats[seat][COINS_HELD]:
        raise ValueError("stake_out_of_range")
    seats[seat][STAKE] = coins
    told: list[Event] = [("stake_placed", seat, coins)]
    if any(seats[i][STAKE] is None for i in active):
        return told
    for i in active:
        seats[i][HAND] = [int(draw() * SIDES) + 1 for _ in range(seats[i][DICE_COUNT])]
    told.append(("stakes_revealed", {i: seats[i][STAKE] for i in active}))
    told.append(("dice_rolled", {i: list(seats[i][HAND]) for i in active}))
    return told


def decide_bid(seats: list[list], active: list[int], seat: int, turn: int | None,
               bid: tuple | None, quantity: int, face: int, in_play: int) -> list[Event]:
    if seat != turn:
        raise ValueError("not_your_turn")
    if not 1 <= face <= 6 or not 1 <= quantity <= in_play:
        raise ValueError("bid_out_of_range")
    if bid is not None and quantity <= bid[1]:
        raise ValueError("bid_not_higher")
    following = next((seat + step) % len(seats) for step in range(1, len(seats) + 1)
                     if seats[(seat + step) % len(seats)][OUT] is None)
    return [("bid_made", seat, quantity, face, following)]


def decide_call(seats: list[list], active: list[int], caller: int, bid: tuple | None,
                round_: int, opener: int, players: int, bluff: bool) -> list[Event]:
    """A call: the count, the losers' dice and stakes, who is out, the next round."""
    if bid is None:
        raise ValueError("opener_must_bid")
    bidder, quantity, face = bid
    count = sum(seats[i][HAND].count(face) for i in active)
    if bluff:
        right = count < quantity
        losers = [bidder] if right else [caller]
        payments = [(bidder, caller)] if right else [(caller, bidder)]
    else:
        right = count == quantity
        losers = [i for i in active if i != caller] if right else [caller]
        payments = [(i, caller) for i in losers] if right else [(caller, bidder)]
    told: list[Event] = [("bluff_called" if bluff else "spot_on_called", caller, count,
                          {i: list(seats[i][HAND]) for i in active})]
    for i in losers:
        seats[i][DICE_COUNT] -= 1
        told.append(("die_lost", i, seats[i][DICE_COUNT]))
    for payer, payee in payments:
        paid = min(seats[payer][STAKE] or 0, seats[payer][COINS_HELD])
        seats[payer][COINS_HELD] -= paid
        seats[payee][COINS_HELD] += paid
        told.append(("coins_paid", payer, payee, paid))
    for i in active:
        if seats[i][DICE_COUNT] <= 0 or seats[i][COINS_HELD] <= 0:
            seats[i][OUT] = round_
            told.append(("player_out", i, round_))
    still = [i for i in active if seats[i][OUT] is None]
    if len(still) <= 1:
        told.append(("game_over", still))
        return told
    following = next((opener - step) % players for step in range(1, players + 1)
                     if seats[(opener - step) % players][OUT] is None)
    told.append(("round_started", following))
    return told


# --- the middle rung: the game's own typed states, events and folds ---------------------

def typed_playout(players: int, seed: int, types: list[str] | None = None) -> int:
    """Playout `seed` with the engine's own immutable `State`, typed events and folds
    (evolve.FOLDS, each event folded once), decided and drawn as the floor decides and
    draws: what the records and copies cost, without the rest of the engine's shape."""
    rng = random.Random(seed)
    draw = rng.random
    told = GAMES[SLUG].setup(GameConfig(players, DEFAULTS, 0), engines.SeededDice(rng))
    state = folded(None, told)  # type: ignore[arg-type]
    events = len(told)
    note = types.extend if types is not None else None
    if note:
        note(e.TYPE for e in told)
    while True:
        stakes = state.stakes
        active = list(state.active)
        if len(active) <= 1:
            return events
        staking = state.phase == "staking"
        awaited = [i for i in active if stakes[i] is None] if staking else [state.turn]
        seat = awaited[0] if len(awaited) == 1 else awaited[int(draw() * len(awaited))]
        in_play = state.dice_in_play
        bid = state.bid
        item = drawn_item(staking, state.coins[seat], bid and bid.quantity, in_play, draw)
        kind = item[0]
        if kind == "stake":
            coins = 1 + int(draw() * item[1])
            told = typed_stake(state, active, seat, coins, draw)
            state = folded(state, told)
        elif kind == "bid":
            low = 1 if item[1] is None else item[1]
            quantity = low + int(draw() * (item[2] - low + 1))
            face = 1 + int(draw() * 6)
            told = typed_bid(state, active, seat, quantity, face, in_play)
            state = folded(state, told)
        else:
            told = []
            state = typed_call(state, active, seat, kind == "call_bluff", told)
        events += len(told)
        if note:
            note(e.TYPE for e in told)



def folded(state: State, told: list) -> State:
    """`state` with the events folded, each once."""
    for event in told:
        state = FOLDS[event.__class__](state, event)
    return state


def typed_stake(state: State, active: list[int], seat: int, coins: int,
                draw: Callable[[], float]) -> list:
    staked = state.stakes
    if not 1 <= coins <= state.coins[seat]:
        raise ValueError("stake_out_of_range")
    told: list = [ev.StakePlaced(seat=seat, private={seat: ev.StakePrivate(coins=coins)})]
    if any(staked[i] is None for i in active if i != seat):
        return told
    stakes = {i: staked[i] for i in active}
    stakes[seat] = coins
    rolled = {i: tuple([int(draw() * SIDES) + 1 for _ in range(state.dice_counts[i])])
              for i in active}
    told.append(ev.StakesRevealed(stakes=stakes))
    told.append(ev.DiceRolled(dice_counts={i: len(d) for i, d in rolled.items()},
                              private={i: ev.DicePrivate(dice=d) for i, d in rolled.items()}))
    return told


def typed_bid(state: State, active: list[int], seat: int, quantity: int, face: int,
              in_play: int) -> list:
    if seat != state.turn:
        raise ValueError("not_your_turn")
    if not 1 <= face <= 6 or not 1 <= quantity <= in_play:
        raise ValueError("bid_out_of_range")
    if state.bid is not None and quantity <= state.bid.quantity:
        raise ValueError("bid_not_higher")
    players = state.players
    following = next((seat + step) % players for step in range(1, players + 1)
                     if state.seats[(seat + step) % players].out_round is None)
    return [ev.BidMade(seat=seat, quantity=quantity, face=face, next=following)]


def typed_call(state: State, active: list[int], caller: int, bluff: bool,
               told: list) -> State:
    """A call's events appended to `told`, each folded as it is told (the outs and the
    next round read the state the losses leave): the state after them."""
    bid = state.bid
    if bid is None:
        raise ValueError("opener_must_bid")
    rolled = state.rolled
    count = sum(rolled[i].count(bid.face) for i in active)
    if bluff:
        right = count < bid.quantity
        losers = (bid.seat,) if right else (caller,)
        pairs = [(bid.seat, caller)] if right else [(caller, bid.seat)]
    else:
        right = count == bid.quantity
        losers = tuple(i for i in active if i != caller) if right else (caller,)
        pairs = [(i, caller) for i in losers] if right else [(caller, bid.seat)]
    payments = tuple(Payment(p, q, min(state.stakes[p] or 0, state.coins[p])) for p, q in pairs)
    kind = ev.BluffCalled if bluff else ev.SpotOnCalled
    told.append(kind(round=state.round, caller=caller, bid=bid,
                     dice={i: rolled[i] for i in active}, count=count,
                     caller_right=right, losers=losers, payments=payments))
    told += [ev.DieLost(seat=i, dice_left=state.dice_counts[i] - 1) for i in losers]
    told += [ev.CoinsPaid(payer=p.payer, payee=p.payee, coins=p.coins) for p in payments]
    state = folded(state, told)
    for i in active:
        if state.dice_counts[i] <= 0 or state.coins[i] <= 0:
            out = ev.PlayerOut(seat=i, round=state.round,
                               reason=out_reason(state, i))  # type: ignore[arg-type]
            told.append(out)
            state = FOLDS[ev.PlayerOut](state, out)
    still = [i for i in active if state.seats[i].out_round is None]
    if len(still) <= 1:
        result = standings(state)
        end: ev.GameEvent = ev.GameOver(winners=result.winners, ranking=result.ranking,
                                        scores=result.scores)
    else:
        players, opener = state.players, state.opener
        assert opener is not None
        following = next((opener - step) % players for step in range(1, players + 1)
                         if state.seats[(opener - step) % players].out_round is None)
        end = ev.RoundStarted(round=state.round + 1, opener=following, active=tuple(still))
    told.append(end)
    return FOLDS[end.__class__](state, end)


def engine_types(players: int, seed: int) -> list[str]:
    """The event types of playout `seed` on the rules engine, played by engines.playout."""
    telling = Telling(GAMES[SLUG])
    engines.playout(telling, players, seed)  # type: ignore[arg-type]
    return telling.types


class Telling:
    """The game's rules, noting the type of every event set up or decided."""

    def __init__(self, rules: Any) -> None:
        self.rules = rules
        self.types: list[str] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.rules, name)

    def setup(self, *args: Any) -> list[Any]:
        return self.noted(self.rules.setup(*args))

    def decide(self, *args: Any) -> list[Any]:
        return self.noted(self.rules.decide(*args))

    def noted(self, events: list[Any]) -> list[Any]:
        self.types += [e.TYPE for e in events]
        return events


def check(players: int, playouts: int) -> None:
    """Playouts 0 .. playouts-1 on the floor and the middle rung tell the engine's events,
    type for type; else exit saying where they part."""
    for seed in range(playouts):
        theirs = engine_types(players, seed)
        for name, play in (("floor", playout), ("typed floor", typed_playout)):
            ours: list[str] = []
            play(players, seed, ours)
            if ours != theirs:
                at = next((i for i, (a, b) in enumerate(zip(ours, theirs)) if a != b),
                          min(len(ours), len(theirs)))
                raise SystemExit(f"{players} players, playout {seed}: the {name} differs "
                                 f"from the engine at event {at}: {ours[at:at + 3]} / "
                                 f"{theirs[at:at + 3]}")


def rate(play: Callable[[int, int], int], players: int, seconds: float) -> float:
    """Events per CPU-second over playouts 0, 1, ... for `seconds`."""
    start, events, seed = time.process_time(), 0, 0
    while seed == 0 or time.process_time() - start < seconds:
        events += play(players, seed)
        seed += 1
    return events / (time.process_time() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--players", nargs="+", type=int, default=[2, 3, 4])
    parser.add_argument("--check", type=int, default=300,
                        help="playouts compared event by event with the engine first")
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args(argv)
    rules = GAMES[SLUG]
    print("| players | round | engine events/s | typed floor | floor | typed floor / engine "
          "| floor / engine |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for players in args.players:
        check(players, args.check)
        for r in range(1, args.rounds + 1):
            engine = rate(lambda p, s: engines.playout(rules, p, s), players, args.seconds)
            typed = rate(typed_playout, players, args.seconds)
            floor = rate(playout, players, args.seconds)
            print(f"| {players} | {r} | {engine:,.0f} | {typed:,.0f} | {floor:,.0f} | "
                  f"{typed / engine:.2f}x | {floor / engine:.2f}x |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
