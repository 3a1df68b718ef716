"""The result of a finished game: the highest banked score wins, ties share."""

from __future__ import annotations

from typing import Any

from .state import State


def ranking(scores: tuple[int, ...]) -> list[list[int]]:
    """Seats grouped by banked score, best first (tied seats share a group)."""
    levels = sorted(set(scores), reverse=True)
    return [[seat for seat, s in enumerate(scores) if s == level] for level in levels]


def result(state: State) -> dict[str, Any]:
    groups = ranking(state.scores)
    return {
        "winners": groups[0],
        "ranking": groups,
        "scores": {str(seat): s for seat, s in enumerate(state.scores)},
    }


def outcome(state: State) -> dict[str, Any] | None:
    return result(state) if state.over else None
