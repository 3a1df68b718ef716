"""Shared given/when helpers for the Snake Bones tests."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from games.core import GameEvent, replay
from games.snake_bones import RULES
from games.snake_bones.state import State
from tests.support.harness import config, given, roundtrip, typed, when

R = RULES


def start(players: int = 2, first: int | None = 0, dice: Sequence[int] = (),
          **options: Any) -> State:
    state, _ = given(R, config(R, players, first_player=first, **options), dice)
    return state


def history(state: State, *events: GameEvent) -> State:
    """The state after these earlier events (given as facts, through JSON)."""
    return replay(R, [roundtrip(e) for e in events], state)


def stake(coins: int) -> dict[str, Any]:
    return {"type": "stake", "coins": coins}


def bid(quantity: int, face: int) -> dict[str, Any]:
    return {"type": "bid", "quantity": quantity, "face": face}


BLUFF = {"type": "call_bluff"}
RESIGN = {"type": "resign"}
SPOT_ON = {"type": "call_spot_on"}


def stake_all(state: State, stakes: Mapping[int, int],
              rolls: Mapping[int, Sequence[int]]) -> tuple[State, list[GameEvent]]:
    """Every active seat stakes (in seat order); the last stake rolls `rolls`."""
    seats = sorted(stakes)
    for seat in seats[:-1]:
        state, _ = when(R, state, seat, stake(stakes[seat]))
    flat = [d for seat in state.active for d in rolls[seat]]
    return when(R, state, seats[-1], stake(stakes[seats[-1]]), flat)


def lose_dice(seat: int, dice_left: int) -> GameEvent:
    return typed(R, "die_lost", {"seat": seat, "dice_left": dice_left})


def knocked_out(seat: int, round_: int = 1) -> list[GameEvent]:
    return [lose_dice(seat, 0), typed(R, "player_out", {"seat": seat, "round": round_,
                                                     "reason": "no_dice"})]


def event(kind: str, data: Mapping[str, Any] | None = None,
          private: Mapping[int, Mapping[str, Any]] | None = None) -> GameEvent:
    """An event of this game written out as stored (`{"type", "data", "private"}`), typed."""
    return typed(R, kind, data, private)
