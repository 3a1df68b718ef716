"""The write path of the lobby: open a table, join, commit to a seed, leave, start.

Dice scheme 3 (docs/decisions/0029-committed-seeds.md): a seat commits to its seed in the
lobby (`seed_commitment`, replaceable until the start); the start records the commitments
and hands the game to the reveal phase (events/writes/seeding.py). A lobby opened before
scheme 3 (`dice_scheme` 2) keeps the old path: seeds set in the lobby
(`set_client_seed`), fixed in `table_seated` by the start, the game opened at once."""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from games import registry
from games.core import GameRules
from games.core.fairness import commitment
from games.core.options import InvalidOptions, resolve_options
from games.service_events import TableSeat, TableSeated

from .. import caps, store
from ..errors import BadRequest, Conflict, Forbidden
from ..models import MAX_TURN_TIMEOUT, NEW_DICE_SCHEME, Game, GameStatus, Seat, SeedState
from .bots import check_bots, seat_bots
from .locks import locked, seat_of_user, seats_of
from .seeding import is_commitment, open_game, open_reveal


def takes_lobby_seeds(game: Game) -> bool:
    """A lobby opened before dice scheme 3 (scheme 2, or 1 before it): its seeds are set
    in the lobby and fixed by the start, as then."""
    return game.dice_scheme < NEW_DICE_SCHEME


def new_server_seed() -> str:
    """A new game's secret server seed (fixed only in test and development settings)."""
    return settings.DICE_FIXED_SERVER_SEED or secrets.token_hex(32)


def _commitment(given: Any) -> str:
    """A seat's seed commitment as given (64 lowercase hex), or none (blank); else 400
    invalid_seed_commitment."""
    if given is None:
        return ""
    if not is_commitment(given):
        raise BadRequest("a seed commitment is SHA-256(\"dice-seed/3:\" + your 32-byte seed): "
                         "64 lowercase hex digits", code="invalid_seed_commitment")
    return given


def _commit(seat: Seat, given: str, seats: list[Seat]) -> None:
    """Set `seat`'s commitment (unsaved); 409 seed_commitment_taken if another seat of the
    game committed the same hash."""
    if given and any(s.seed_commitment == given for s in seats if s.pk != seat.pk):
        raise Conflict("another seat of this game committed to the same seed; draw a new "
                       "seed", code="seed_commitment_taken")
    seat.seed_commitment = given
    seat.seed_state = SeedState.COMMITTED if given else SeedState.NONE


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
                options: Mapping[str, Any] | None = None, seed_commitment: str | None = None,
                turn_timeout: int | None = None, autoplay_after: int = 3,
                bots: Sequence[Any] = (), private: bool = False, rated: bool = False,
                capped: bool = True) -> Game:
    """Open a lobby; the creator (the Bone Master, the host) takes seat 0 and bots of the
    `bots` levels the seats after it (events/writes/bots.py). `capped`: the creator's open
    tables are counted first (409 too_many_open_tables at DICE_OPEN_TABLES_PER_USER,
    events/caps.py); the matcher's quick-play tables are not. The server seed is drawn and
    committed to (scheme 3) before the creator's `seed_commitment` is taken."""
    _check_clock(turn_timeout, autoplay_after)
    rules = rules_for(game_type)
    check_table_size(rules, seats)
    resolved = canonical_options(rules, options)
    levels = check_bots(game_type, seats, bots)
    given = _commitment(seed_commitment)
    seed = new_server_seed()
    with transaction.atomic():
        if capped:
            caps.check_open_tables(user)
        game = Game.objects.create(
            game_type=game_type, options=resolved, seats=seats, creator=user,
            server_seed=seed, server_seed_hash=commitment(seed, NEW_DICE_SCHEME),
            dice_scheme=NEW_DICE_SCHEME, turn_timeout=turn_timeout,
            autoplay_after=autoplay_after, private=private, rated=rated,
        )
        creator = Seat(game=game, number=0, user=user)
        _commit(creator, given, [])
        creator.save(force_insert=True)
        seat_bots(game, levels, {0})
    return game


def join_game(*, user: AbstractBaseUser, game_id: Any,
              seed_commitment: str | None = None) -> Seat:
    given = _commitment(seed_commitment)
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
        seat = Seat(game=game, number=number, user=user)
        if given:
            _check_commits(game)
        _commit(seat, given, seats)
        seat.save(force_insert=True)
        return seat


def set_seed_commitment(*, user: AbstractBaseUser, game_id: Any, seed_commitment: Any) -> Seat:
    """Set or replace the caller's commitment to their seed, until the start (dice scheme
    3). 400 invalid_seed_commitment; 409 game_not_in_lobby, not_seated,
    seed_commitment_taken, seeds_not_committed (a lobby opened before scheme 3)."""
    given = _commitment(seed_commitment)
    with transaction.atomic():
        game = locked(game_id)
        if game.status != GameStatus.LOBBY:
            raise Conflict("commitments are fixed once the game has started",
                           code="game_not_in_lobby")
        _check_commits(game)
        seat = seat_of_user(game, user)
        if seat is None:
            raise Conflict("you have no seat at this table", code="not_seated")
        _commit(seat, given, seats_of(game))
        seat.save(update_fields=["seed_commitment", "seed_state"])
        return seat


def _check_commits(game: Game) -> None:
    if takes_lobby_seeds(game):
        raise Conflict("this lobby was opened before seeds were committed: set your seed with "
                       "PUT /games/{id}/client-seed", code="seeds_not_committed")


def set_client_seed(*, user: AbstractBaseUser, game_id: Any, client_seed: str) -> Seat:
    """A lobby opened before dice scheme 3 only: set or change the caller's client seed;
    `start` fixes every seed in `table_seated`. A scheme 3 game: 409 seeds_are_committed
    (commit with PUT .../seed-commitment, reveal with POST .../seed)."""
    with transaction.atomic():
        game = locked(game_id)
        if not takes_lobby_seeds(game):
            raise Conflict("seeds are committed in the lobby (PUT /games/{id}/seed-commitment) "
                           "and revealed after the start (POST /games/{id}/seed)",
                           code="seeds_are_committed")
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
    """Seat the players in join order (`table_seated`); a scheme 3 game goes on to the
    reveal phase (events/writes/seeding.py), a lobby opened before it opens at once."""
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
        game.first_player = first_player
        seated = store.append(game, store.Batch([_table_seated(game, seats)], actor="system"),
                              write=False)
        if takes_lobby_seeds(game):
            open_game(game, version_before=0, pending=seated)
        else:
            open_reveal(game, seated)
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
        seats=tuple(_seated(s) if takes_lobby_seeds(game) else _committed(s) for s in seats),
        rated=True if game.rated else None,
    )


def _seated(seat: Seat) -> TableSeat:
    """A seat in table_seated of a lobby opened before dice scheme 3, with its seed: a
    player's by their opaque player id, never their name
    (docs/decisions/0011-players-by-opaque-id.md); a bot's with no player and its level
    (a player's seat has no "bot" key, as before bots)."""
    return TableSeat(seat=seat.number, player=seat.player_public_id(),
                     client_seed=seat.client_seed, bot=seat.bot_level or None)


def _committed(seat: Seat) -> TableSeat:
    """A seat in table_seated of dice scheme 3: its commitment (or none), never its seed."""
    return TableSeat(seat=seat.number, player=seat.player_public_id(),
                     seed_commitment=seat.seed_commitment or None, bot=seat.bot_level or None)
