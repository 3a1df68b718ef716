"""Outcomes: who won, the ranking and the scores; shared by every game."""

from __future__ import annotations

from dataclasses import field
from typing import Any, Mapping, Sequence

from .frozen import frozen_record
from .messages import Record, doc


@frozen_record
class Outcome(Record):
    """How a game ended. A game with more to say (a score breakdown, tie-breaks) extends
    it with fields of its own."""

    winners: tuple[int, ...] = field(metadata=doc("the seats that won (several: a shared win)"))
    ranking: tuple[tuple[int, ...], ...] = field(
        metadata=doc("groups of tied seats, best first"))
    scores: Mapping[int, int] = field(metadata=doc("each seat's final score, by seat"))
    abandoned: bool | None = field(default=None, metadata=doc(
        "true when every seat was left to the clock: nobody won (docs/clocks.md)",
        omit_none=True))


def rank_by(keys: Sequence[Any]) -> list[list[int]]:
    """Seats grouped by their key (keys[seat]), highest first; equal keys share a group."""
    return [[seat for seat, key in enumerate(keys) if key == level]
            for level in sorted(set(keys), reverse=True)]


def abandoned() -> dict[str, Any]:
    """The outcome of a game every seat of which was left to the clock: no winner."""
    return Outcome(winners=(), ranking=(), scores={}, abandoned=True).to_json()
