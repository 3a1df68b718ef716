"""What a seat (or a spectator) may see: hidden dice, hands and the deck only as counts."""

from __future__ import annotations

from typing import Any

from .flow import direction_name, outcome
from .play import awaiting
from .state import Call, State


def view(state: State, viewer: int | None) -> dict[str, Any]:
    waiting = awaiting(state)
    out: dict[str, Any] = {
        "players": state.players,
        "phase": state.phase,
        "seats": [
            {"seat": i, "strikes": s.strikes, "out": s.out, "hand_size": state.held(i)}
            for i, s in enumerate(state.seats)
        ],
        "awaiting": {str(seat): kind for seat, kind in waiting.items()},
        "turn": next(iter(waiting), None),
        "round": state.round,
        "direction": direction_name(state.direction),
        "score_to_beat": state.standing,
        "score_set_by": state.standing_by,
        "declaration": public_declaration(state),
        "roller": state.roller,
        "open_dice": list(state.dice) if state.kids and state.dice else None,
        "deck_size": len(state.deck),
        "discard_pile": list(state.discards),
        "last_call": public_call(state.last_call),
        "options": {"strikes": state.strike_limit, "hand_limit": state.hand_limit,
                    "kids": state.kids},
        "outcome": outcome(state) if state.over else None,
    }
    if viewer is not None and 0 <= viewer < state.players:
        out["you"] = own_view(state, viewer)
    return out


def public_declaration(state: State) -> dict[str, Any] | None:
    d = state.declaration
    if d is None:
        return None
    return {"seat": d.seat, "score": d.score, "responder": state.responder}


def public_call(call: Call | None) -> dict[str, Any] | None:
    if call is None:
        return None
    return {
        "caller": call.caller, "declarer": call.declarer, "score": call.score,
        "dice": list(call.dice), "card": call.card.to_json() if call.card else None,
        "verdict": call.verdict, "my_bad": call.my_bad,
    }


def own_view(state: State, seat: int) -> dict[str, Any]:
    """The seat's own secrets: its hand, its dice while it rolls, its face-down card."""
    d = state.declaration
    mine = d is not None and d.seat == seat
    return {
        "seat": seat,
        "hand": list(state.seats[seat].hand),
        "dice": list(state.dice) if state.roller == seat and state.dice else None,
        "face_down": d.card.to_json() if mine and d and d.card else None,
        "declared_verdict": d.verdict if mine and d else None,
    }
