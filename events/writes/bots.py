"""The write path of bot seats in the lobby: the creator seats a bot of a level the game
offers (at creation, or later while the table is open) or takes it away again.

A bot's seat has no user and a `bot_level` (events.models.Seat); at the start it is
seated like a player's. In dice scheme 3 it commits like a player's seat: the server
draws its seed when seating it (kept on the seat, served as `seed: "committed"`) and
reveals it when the reveal phase opens (events/writes/seeding.py); in a lobby opened
before scheme 3 it contributes no seed. Its moves are played by the worker (events/bots/)."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from games import registry
from games.core.fairness import seed_commitment

from ..errors import BadRequest, Conflict, Forbidden
from ..models import NEW_DICE_SCHEME, Game, GameStatus, Seat, SeedState
from .locks import locked, seats_of


def check_level(game_type: str, level: Any) -> str:
    """The level, if the game offers a bot of it; else 400 unknown_bot_level."""
    levels = registry.bot_levels(game_type)
    if not isinstance(level, str) or level not in levels:
        raise BadRequest(f"{game_type} has no bot level {level!r}; its levels: "
                         f"{', '.join(levels)}", code="unknown_bot_level")
    return level


def check_bots(game_type: str, seats: int, levels: Sequence[Any]) -> list[str]:
    """Bots asked for at creation: known levels, and a seat left for the creator."""
    checked = [check_level(game_type, level) for level in levels]
    if 1 + len(checked) > seats:
        raise BadRequest(f"a table of {seats} seats has room for {seats - 1} bots beside "
                         "its creator", code="too_many_bots")
    return checked


def seat_bots(game: Game, levels: Sequence[str], taken: set[int]) -> list[Seat]:
    """Seat bots of `levels` in the lowest free seats of a locked (or new) game."""
    free = sorted(set(range(game.seats)) - taken)
    return [Seat.objects.create(game=game, number=number, user=None, bot_level=level,
                                **bot_seed(game))
            for number, level in zip(free, levels)]


def bot_seed(game: Game) -> dict[str, str]:
    """A bot seat's seed fields: a seed the server draws, and its commitment (scheme 3)."""
    if game.dice_scheme < NEW_DICE_SCHEME:
        return {}
    seed = secrets.token_hex(32)
    return {"client_seed": seed, "seed_commitment": seed_commitment(seed),
            "seed_state": SeedState.COMMITTED}


def _locked_lobby_of_creator(user: AbstractBaseUser, game_id: Any) -> Game:
    game = locked(game_id)
    if game.creator_id != user.pk:
        raise Forbidden("only the creator seats or removes bots", code="not_creator")
    if game.status != GameStatus.LOBBY:
        raise Conflict("the game has already started", code="game_not_in_lobby")
    return game


def add_bot(*, user: AbstractBaseUser, game_id: Any, level: Any) -> Seat:
    """The creator seats a bot of `level` in the lowest free seat of the lobby."""
    with transaction.atomic():
        game = _locked_lobby_of_creator(user, game_id)
        check_level(game.game_type, level)
        taken = {s.number for s in seats_of(game)}
        if len(taken) >= game.seats:
            raise Conflict("every seat is taken", code="game_full")
        return seat_bots(game, [level], taken)[0]


def remove_bot(*, user: AbstractBaseUser, game_id: Any, seat: int) -> Game:
    """The creator takes the bot in `seat` away from the lobby (the seat is free again)."""
    with transaction.atomic():
        game = _locked_lobby_of_creator(user, game_id)
        row = next((s for s in seats_of(game) if s.number == seat), None)
        if row is None or not row.is_bot:
            raise Conflict(f"seat {seat} is not a bot's", code="not_a_bot_seat")
        Seat.objects.filter(pk=row.pk).delete()
        game._locked_seats = [s for s in seats_of(game) if s.pk != row.pk]  # type: ignore[attr-defined]
        return game
