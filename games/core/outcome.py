"""Outcome helpers shared by the games."""

from __future__ import annotations

from typing import Any, Sequence


def rank_by(keys: Sequence[Any]) -> list[list[int]]:
    """Seats grouped by their key (keys[seat]), highest first; equal keys share a group."""
    return [[seat for seat, key in enumerate(keys) if key == level]
            for level in sorted(set(keys), reverse=True)]


def abandoned() -> dict[str, Any]:
    """The outcome of a game every seat of which was left to the clock: no winner."""
    return {"abandoned": True, "winners": [], "ranking": [], "scores": {}}
