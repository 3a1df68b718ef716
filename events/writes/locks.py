"""The write path's one read of a game: its row, locked, and its seats."""

from __future__ import annotations

from typing import Any

from games.core.fairness import HmacDice

from ..errors import NotFound
from ..models import Game, Seat


def locked(game_id: Any) -> Game:
    """The game row, locked until the transaction ends, with its seats (and their users)
    prefetched: `seats_of(game)` reads no more rows."""
    try:
        game = Game.objects.select_for_update().get(id=game_id)
    except (Game.DoesNotExist, ValueError):
        raise NotFound("no such game", code="game_not_found") from None
    game._locked_seats = list(  # type: ignore[attr-defined]
        Seat.objects.filter(game=game).select_related("user").order_by("number"))
    return game


def seats_of(game: Game) -> list[Seat]:
    """The locked game's seats, in seat order."""
    seats = getattr(game, "_locked_seats", None)
    if seats is None:
        seats = list(Seat.objects.filter(game=game).select_related("user").order_by("number"))
        game._locked_seats = seats  # type: ignore[attr-defined]
    return seats


def seat_of_user(game: Game, user: Any) -> Seat | None:
    return next((s for s in seats_of(game) if s.user_id == user.pk), None)


def dice_of(game: Game) -> HmacDice:
    return HmacDice(game.server_seed, str(game.id), [s.client_seed for s in seats_of(game)],
                    next_nonce=game.dice_used, scheme=game.dice_scheme)
