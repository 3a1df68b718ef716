"""Shared helpers for the Dark Knights tests. Dice 0-2 are dark, 3-5 light."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

import pytest

from games.core import GameEvent, IllegalAction, ScriptedDice
from games.dark_knights import RULES as R
from games.dark_knights.state import State
from tests.support.harness import config, given, typed, when

ROLL = {"type": "roll"}
HOLD = {"type": "hold"}
RESIGN = {"type": "resign"}   # listed last for every seat in play (RULINGS, Resigning)


def start(players: int = 2, **options: Any) -> State:
    state, _ = given(R, config(R, players, first_player=0, **options))
    return state


def new(*dice: int) -> dict[str, Any]:
    return {"combination": None, "dice": list(dice)}


def add(index: int, *dice: int) -> dict[str, Any]:
    return {"combination": index, "dice": list(dice)}


def set_aside(*groups: dict[str, Any]) -> dict[str, Any]:
    return {"type": "set_aside", "groups": list(groups)}


def rolled(faces: Sequence[int], players: int = 2, **options: Any) -> State:
    """A fresh game whose first player has rolled these faces (dice 0..5 in order)."""
    state, _ = when(R, start(players, **options), 0, ROLL, faces)
    return state


def set_asides_listed(state: State, seat: int = 0) -> list[dict[str, Any]]:
    """The set-asides among the seat's legal actions (not its `resign`)."""
    return [a for a in R.legal_actions(state, seat) if a["type"] == "set_aside"]


def rejects(state: State, seat: int, action: Any) -> str:
    with pytest.raises(IllegalAction) as err:
        R.decide(state, seat, action, ScriptedDice([3] * 6))
    return err.value.code


def types(events: list[Any]) -> list[str]:
    return [e.type for e in events]


def event(kind: str, data: Mapping[str, Any] | None = None,
          private: Mapping[int, Mapping[str, Any]] | None = None) -> GameEvent:
    """An event of this game written out as stored (`{"type", "data", "private"}`), typed."""
    return typed(R, kind, data, private)
