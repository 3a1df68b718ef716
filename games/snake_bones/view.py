"""What each seat may see: the others' stakes (until revealed) and dice only as counts."""

from __future__ import annotations

from dataclasses import field
from typing import Literal, Mapping

from games.core.frozen import frozen_record
from games.core.messages import Record, doc
from games.core.outcome import Outcome

from .legal import awaiting
from .outcome import outcome
from .state import Bid, Options, Reveal, State


@frozen_record
class SeatView(Record):
    seat: int
    dice_count: int
    coins: int
    stake: int | None = field(metadata=doc("shown to its owner, and to all once revealed"))
    staked: bool
    out: bool
    resigned: bool = field(metadata=doc(
        "out by resigning (its coins left the game)"))


@frozen_record
class View(Record):
    """A Snake Bones table as one seat (or a spectator) sees it."""

    players: int
    phase: Literal["staking", "bidding", "resolving", "over"]
    round: int
    opener: int | None
    turn: int | None = field(metadata=doc("the seat to bid or answer"))
    awaiting: Mapping[int, Literal["stake", "bid", "respond"]]
    options: Options
    dice_in_play: int
    bid: Bid | None = field(metadata=doc("the standing bid"))
    bids: tuple[Bid, ...] = field(metadata=doc(
        "every bid of the round so far, in order, with who made it (the last is the "
        "standing bid); kept after a call until the next round starts"))
    stakes_revealed: bool
    seats: tuple[SeatView, ...]
    last_reveal: Reveal | None = field(metadata=doc("the last call, with every die shown"))
    outcome: Outcome | None
    my_dice: tuple[int, ...] | None = field(
        default=None, metadata=doc("your own dice (players only)", omit_none=True))


def view(state: State, viewer: int | None) -> View:
    mine = viewer is not None and 0 <= viewer < state.players
    return View(
        players=state.players, phase=state.phase,  # type: ignore[arg-type]
        round=state.round, opener=state.opener, turn=state.turn,
        awaiting=awaiting(state),  # type: ignore[arg-type]
        options=state.options(), dice_in_play=state.dice_in_play, bid=state.bid,
        bids=state.bids,
        stakes_revealed=state.stakes_revealed,
        seats=tuple(seat_view(state, s, viewer) for s in range(state.players)),
        last_reveal=state.last_reveal, outcome=outcome(state),
        my_dice=tuple(state.rolled[viewer]) if mine and viewer is not None else None,
    )


def seat_view(state: State, seat: int, viewer: int | None) -> SeatView:
    s = state.seat(seat)
    stake = state.stakes[seat]
    stake_shown = state.stakes_revealed or seat == viewer
    return SeatView(seat=seat, dice_count=state.dice_counts[seat], coins=state.coins[seat],
                    stake=stake if stake_shown else None, staked=stake is not None,
                    out=s.out, resigned=s.resigned)
