"""The end of a Skip-Bo Dice game: the most points wins (ties: unused Skip-Bos and
re-rolls, then shared)."""

from __future__ import annotations

from games.core.outcome import Outcome

from .data import OVER
from .rules import standings
from .state import State


def outcome(state: State) -> Outcome | None:
    return standings(state) if state.phase == OVER else None
