"""Seat order around the table. Seats are numbered 0..n-1 clockwise; "left" is +1."""

from __future__ import annotations

from typing import Collection

LEFT = 1   # clockwise
RIGHT = -1  # counterclockwise


def next_seat(current: int, players: int, active: Collection[int], direction: int = LEFT) -> int:
    """The first active seat after `current` in `direction` (current itself if alone)."""
    for step in range(1, players + 1):
        seat = (current + direction * step) % players
        if seat in active:
            return seat
    raise ValueError("no active seat")


def seats_from(start: int, players: int, direction: int = LEFT) -> list[int]:
    """All seats in order starting with `start`."""
    return [(start + direction * i) % players for i in range(players)]
