"""The end of a Dark Knights game: the highest banked score wins, ties share."""

from __future__ import annotations

from games.core.outcome import Outcome

from .rules import standings
from .state import State


def outcome(state: State) -> Outcome | None:
    return standings(state) if state.over else None
