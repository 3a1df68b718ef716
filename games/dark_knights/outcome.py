"""The result of a finished game: the highest banked score wins, ties share."""

from __future__ import annotations

from typing import Any

from games.core.outcome import rank_by

from .state import State


def ranking(scores: tuple[int, ...]) -> list[list[int]]:
    """Seats grouped by banked score, best first (tied seats share a group)."""
    return rank_by(scores)


def result(state: State) -> dict[str, Any]:
    groups = ranking(state.scores)
    return {
        "winners": groups[0],
        "ranking": groups,
        "scores": {str(seat): s for seat, s in enumerate(state.scores)},
    }


def outcome(state: State) -> dict[str, Any] | None:
    return result(state) if state.over else None
