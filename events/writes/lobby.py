"""The write path of the lobby: open a table, join, set a client seed, leave, start."""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from games import registry
from games.core import GameConfig, GameRules
from games.core.fairness import HmacDice, commitment
from games.core.options import InvalidOptions, resolve_options
from games.service_events import TableSeat, TableSeated

from .. import caps, store
from ..errors import BadRequest, Conflict, Forbidden
from ..models import MAX_TURN_TIMEOUT, Game, GameStatus, Seat
from . import head
from .bots import check_bots, seat_bots
from .hooks import Acted
from .locks import locked, seats_of


def new_server_seed() -> str:
    """A new game's secret server seed (fixed only in test and development settings)."""
    return settings.DICE_FIXED_SERVER_SEED or secrets.token_hex(32)


def _client_seed(given: str | None) -> str:
    """The player's own seed, or none: the server never chooses one (docs/fairness.md)."""
    return given or ""


def _check_clock(turn_timeout: int | None, autoplay_after: int) -> None:
    low = settings.DICE_MIN_TURN_TIMEOUT
    if turn_timeout is not None and not low <= turn_timeout <= MAX_TURN_TIMEOUT:
        raise BadRequest(f"turn_timeout is {low} s to {MAX_TURN_TIMEOUT // 86400} days, or "
                         "null for no clock", code="invalid_turn_timeout")
    if not 1 <= autoplay_after <= 100:
        raise BadRequest("autoplay_after is 1 to 100", code="invalid_autoplay_after")


def rules_for(game_type: Any) -> GameRules:
    """The rules of a known game type; else 400 unknown_game_type."""
    if not isinstance(game_type, str) or game_type not in registry.GAMES:
        raise BadRequest(f"unknown game type {game_type!r}", code="unknown_game_type")
    return registry.get(game_type)


def check_table_size(rules: GameRules, seats: int) -> None:
    """A table size the game seats; else 400 invalid_seats."""
    if not rules.min_players <= seats <= rules.max_players:
        raise BadRequest(f"{rules.name} seats {rules.min_players} to {rules.max_players} players",
                         code="invalid_seats")


def canonical_options(rules: GameRules, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The options with the omitted ones at their defaults; else 400 invalid_options."""
    try:
        return resolve_options(rules.options, options)
    except InvalidOptions as exc:
        raise BadRequest(str(exc), code="invalid_options") from None


def create_game(*, user: AbstractBaseUser, game_type: str, seats: int,
                options: Mapping[str, Any] | None = None, client_seed: str | None = None,
                turn_timeout: int | None = None, autoplay_after: int = 3,
                bots: Sequence[Any] = (), private: bool = False, rated: bool = False,
                capped: bool = True) -> Game:
    """Open a lobby; the creator (the Bone Master, the host) takes seat 0 and bots of the
    `bots` levels the seats after it (events/writes/bots.py). `capped`: the creator's open
    tables are counted first (409 too_many_open_tables at DICE_OPEN_TABLES_PER_USER,
    events/caps.py); the matcher's quick-play tables are not."""
    _check_clock(turn_timeout, autoplay_after)
    rules = rules_for(game_type)
    check_table_size(rules, seats)
    resolved = canonical_options(rules, options)
    levels = check_bots(game_type, seats, bots)
    seed = new_server_seed()
    with transaction.atomic():
        if capped:
            caps.check_open_tables(user)
        game = Game.objects.create(
            game_type=game_type, options=resolved, seats=seats, creator=user,
            server_seed=seed, server_seed_hash=commitment(seed), turn_timeout=turn_timeout,
            autoplay_after=autoplay_after, private=private, rated=rated,
        )
        Seat.objects.create(game=game, number=0, user=user, client_seed=_client_seed(client_seed))
        seat_bots(game, levels, {0})
    return game


def join_game(*, user: AbstractBaseUser, game_id: Any, client_seed: str | None = None) -> Seat:
    with transaction.atomic():
        game = locked(game_id)
        if game.status != GameStatus.LOBBY:
            raise Conflict("the game has already started", code="game_not_in_lobby")
        seats = seats_of(game)
        if any(s.user_id == user.pk for s in seats):
            raise Conflict("you already have a seat at this table", code="already_seated")
        taken = {s.number for s in seats}
        if len(taken) >= game.seats:
            raise Conflict("every seat is taken", code="game_full")
        number = min(set(range(game.seats)) - taken)
        return Seat.objects.create(game=game, number=number, user=user,
                                   client_seed=_client_seed(client_seed))


def set_client_seed(*, user: AbstractBaseUser, game_id: Any, client_seed: str) -> Seat:
    """Set or change the caller's client seed: any time in the lobby, after the commitment
    to the server seed is published; `start` fixes every seed in `table_seated`."""
    with transaction.atomic():
        game = locked(game_id)
        if game.status != GameStatus.LOBBY:
            raise Conflict("seeds are fixed once the game has started", code="game_not_in_lobby")
        seat = next((s for s in seats_of(game) if s.user_id == user.pk), None)
        if seat is None:
            raise Conflict("you have no seat at this table", code="not_seated")
        seat.client_seed = client_seed
        seat.save(update_fields=["client_seed"])
        return seat


def leave_game(*, user: AbstractBaseUser, game_id: Any) -> Game:
    with transaction.atomic():
        game = locked(game_id)
        if game.status != GameStatus.LOBBY:
            raise Conflict("a started game cannot be left", code="game_not_in_lobby")
        if game.creator_id == user.pk:
            raise Conflict("the creator hosts the table and cannot leave it",
                           code="creator_cannot_leave")
        deleted, _ = Seat.objects.filter(game=game, user=user).delete()
        if not deleted:
            raise Conflict("you have no seat at this table", code="not_seated")
        return game


def start_game(*, user: AbstractBaseUser, game_id: Any, first_player: int | None = None) -> Game:
    """Seat the players in join order and append the rules' opening events."""
    with transaction.atomic():
        game = locked(game_id)
        if game.creator_id != user.pk:
            raise Forbidden("only the creator may start the game", code="not_creator")
        if game.status != GameStatus.LOBBY:
            raise Conflict("the game has already started", code="game_not_in_lobby")
        rules = store.rules_of(game)
        seats = _compact_seats(game)
        if len(seats) < rules.min_players:
            raise Conflict(f"{rules.name} needs at least {rules.min_players} players",
                           code="not_enough_players")
        if first_player is not None and not 0 <= first_player < len(seats):
            raise BadRequest("first_player must be one of the seats", code="invalid_first_player")
        seated = store.append(game, store.Batch([_table_seated(game, seats)], actor="system"),
                              write=False)
        config = GameConfig(players=len(seats), options=game.options, first_player=first_player)
        dice = HmacDice(game.server_seed, str(game.id), [s.client_seed for s in seats],
                        next_nonce=game.dice_used, scheme=game.dice_scheme)
        events = rules.setup(config, dice)
        command = {"setup": {"players": len(seats), "options": game.options,
                             "first_player": first_player}}
        opening = store.append(game, store.Batch(events, actor="system", command=command,
                                                 draws=dice.draws), write=False)
        game.status = GameStatus.ACTIVE
        game.started_at = timezone.now()
        head.refresh(game, store.fold(rules, opening), Acted(), version_before=0,
                     pending=seated + opening, started=True)
        return game


def _compact_seats(game: Game) -> list[Seat]:
    seats = seats_of(game)
    for index, seat in enumerate(seats):
        if seat.number != index:
            Seat.objects.filter(pk=seat.pk).update(number=index)
            seat.number = index
    return seats


def _table_seated(game: Game, seats: list[Seat]) -> TableSeated:
    return TableSeated(
        game_id=str(game.id), game_type=game.game_type, options=game.options,
        server_seed_hash=game.server_seed_hash, dice_scheme=game.dice_scheme,
        seats=tuple(_seated(s) for s in seats), rated=True if game.rated else None,
    )


def _seated(seat: Seat) -> TableSeat:
    """A seat in table_seated: a player's by their opaque player id, never their name
    (docs/decisions/0011-players-by-opaque-id.md); a bot's with no player and its level
    (a player's seat has no "bot" key, as before bots)."""
    if seat.is_bot:
        return TableSeat(seat=seat.number, player=None, client_seed=seat.client_seed,
                         bot=seat.bot_level)
    return TableSeat(seat=seat.number, player=seat.player_public_id(),
                     client_seed=seat.client_seed)
