"""The write path's one read of a game: its row, locked, and its seats."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError

from games.core.fairness import HmacDice

from ..errors import NotFound
from ..models import Game, Seat
from ..store import sql


def locked(game_id: Any) -> Game:
    """The game row, locked until the transaction ends, with its seats (and their users)
    read after the lock: `seats_of(game)` reads no more rows. (Two statements on
    PostgreSQL, not one join: the seats are read once the lock is held, so a join or leave
    that committed while this waited is seen; one on SQLite, whose write holds the whole
    database from its start.) Hand-written SQL: events/store/sql.py."""
    try:
        game = sql.lock_game(game_id)
    except (ValueError, TypeError, ValidationError):
        game = None
    if game is None:
        raise NotFound("no such game", code="game_not_found")
    return game


def seats_of(game: Game) -> list[Seat]:
    """The locked game's seats, in seat order."""
    seats = getattr(game, sql.LOCKED_SEATS, None)
    if seats is None:
        seats = sql.seats_of(game)
        setattr(game, sql.LOCKED_SEATS, seats)
    return seats


def seat_of_user(game: Game, user: Any) -> Seat | None:
    return next((s for s in seats_of(game) if s.user_id == user.pk), None)


def dice_of(game: Game) -> HmacDice:
    return HmacDice(game.server_seed, str(game.id), [s.client_seed for s in seats_of(game)],
                    next_nonce=game.dice_used, scheme=game.dice_scheme)
