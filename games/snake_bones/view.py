"""What each seat may see and do: view, awaiting, legal_actions, timeout_action, outcome."""

from __future__ import annotations

from typing import Any

from games.core import IllegalAction

from .data import AWAIT_BID, AWAIT_RESPOND, AWAIT_STAKE, BIDDING, FACES, OVER, STAKING
from .rules import bid_quantity_range, face_held_most, is_raise, stake_range, standings
from .state import State


def awaiting(state: State) -> dict[int, str]:
    if state.phase == STAKING:
        return {s: AWAIT_STAKE for s in state.active() if state.seat(s).stake is None}
    if state.phase == BIDDING and state.turn is not None:
        return {state.turn: AWAIT_BID if state.bid is None else AWAIT_RESPOND}
    return {}


def legal_actions(state: State, seat: int) -> list[dict[str, Any]]:
    kind = awaiting(state).get(seat)
    if kind == AWAIT_STAKE:
        return [{"type": "stake", "coins": c} for c in stake_range(state, seat)]
    if kind is None:
        return []
    bids: list[dict[str, Any]] = [
        {"type": "bid", "quantity": q, "face": f}
        for q in bid_quantity_range(state) for f in FACES
        if is_raise(state.bid, q, f, state.raise_rule)
    ]
    if kind == AWAIT_BID:
        return bids
    return bids + [{"type": "call_bluff"}, {"type": "call_spot_on"}]


def timeout_action(state: State, seat: int) -> dict[str, Any]:
    """Stake 1 coin; an opener bids one of the face they hold most; facing a bid, bluff."""
    kind = awaiting(state).get(seat)
    if kind == AWAIT_STAKE:
        return {"type": "stake", "coins": 1}
    if kind == AWAIT_BID:
        return {"type": "bid", "quantity": 1, "face": face_held_most(state.seat(seat).dice)}
    if kind == AWAIT_RESPOND:
        return {"type": "call_bluff"}
    raise IllegalAction("not_your_turn", f"seat {seat} is not awaited")


def outcome(state: State) -> dict[str, Any] | None:
    return standings(state) if state.phase == OVER else None


def view(state: State, viewer: int | None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "players": state.players,
        "phase": state.phase,
        "round": state.round,
        "opener": state.opener,
        "turn": state.turn,
        "awaiting": {str(s): kind for s, kind in awaiting(state).items()},
        "options": state.options(),
        "dice_in_play": state.dice_in_play(),
        "bid": state.bid.to_json() if state.bid else None,
        "stakes_revealed": state.stakes_revealed,
        "seats": [seat_view(state, s, viewer) for s in range(state.players)],
        "last_reveal": state.last_reveal.to_json() if state.last_reveal else None,
        "outcome": outcome(state),
    }
    if viewer is not None and 0 <= viewer < state.players:
        out["my_dice"] = list(state.seat(viewer).dice)
    return out


def seat_view(state: State, seat: int, viewer: int | None) -> dict[str, Any]:
    s = state.seat(seat)
    stake_shown = state.stakes_revealed or seat == viewer
    return {
        "seat": seat,
        "dice_count": s.dice_count,
        "coins": s.coins,
        "stake": s.stake if stake_shown else None,
        "staked": s.stake is not None,
        "out": s.out,
    }
