"""Seat order around the table. Seats are numbered 0..n-1 clockwise; "left" is +1."""

from __future__ import annotations

from typing import Any, Collection

from .errors import IllegalAction

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


def check_players(players: Any, minimum: int, maximum: int, game: str) -> int:
    """A table size the game takes, else IllegalAction("player_count_out_of_range")."""
    if isinstance(players, bool) or not isinstance(players, int) or not (
            minimum <= players <= maximum):
        raise IllegalAction("player_count_out_of_range",
                            f"{game} takes {minimum} to {maximum} players")
    return players


def check_first_player(first: Any, players: int, who: str = "the first player") -> int | None:
    """None (to be drawn) or a seat, else IllegalAction("first_player_out_of_range")."""
    if first is not None and (isinstance(first, bool) or not isinstance(first, int)
                              or not 0 <= first < players):
        raise IllegalAction("first_player_out_of_range", f"{who} must be a seat")
    return first
