"""The write path. Every change to a game goes through here, in one transaction each.

Views and Celery tasks call these functions; they call the rules and the store.
"""

from __future__ import annotations

import hashlib
import logging
import secrets
from dataclasses import dataclass
from typing import Any, Mapping

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from games import registry
from games.core import Event as RuleEvent
from games.core import GameConfig, IllegalAction, MalformedAction
from games.core.fairness import HmacDice, commitment
from games.core.options import InvalidOptions, resolve_options

from . import chain, store
from .errors import BadRequest, Conflict, Forbidden, NotFound, Unprocessable, VersionConflict
from .models import Event, Game, GameStatus, IdempotencyRecord, Seat

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ActionResult:
    game: Game
    seat: int
    rows: list[Event]
    replayed: bool = False


def _locked(game_id: Any) -> Game:
    try:
        return Game.objects.select_for_update().get(id=game_id)
    except Game.DoesNotExist:
        raise NotFound("no such game", code="game_not_found") from None


def _server_seed() -> str:
    return settings.DICE_FIXED_SERVER_SEED or secrets.token_hex(32)


def _client_seed(given: str | None) -> str:
    return given if given else secrets.token_hex(16)


def create_game(*, user: AbstractBaseUser, game_type: str, seats: int,
                options: Mapping[str, Any] | None = None, client_seed: str | None = None,
                turn_timeout: int | None = None) -> Game:
    """Open a lobby; the creator (the Bone Master, the host) takes seat 0."""
    if game_type not in registry.GAMES:
        raise BadRequest(f"unknown game type {game_type!r}", code="unknown_game_type")
    rules = registry.get(game_type)
    if not rules.min_players <= seats <= rules.max_players:
        raise BadRequest(f"{rules.name} seats {rules.min_players} to {rules.max_players} players",
                         code="invalid_seats")
    try:
        resolved = resolve_options(rules.options, options)
    except InvalidOptions as exc:
        raise BadRequest(str(exc), code="invalid_options") from None
    seed = _server_seed()
    with transaction.atomic():
        game = Game.objects.create(
            game_type=game_type, options=resolved, seats=seats, creator=user,
            server_seed=seed, server_seed_hash=commitment(seed), turn_timeout=turn_timeout,
        )
        Seat.objects.create(game=game, number=0, user=user, client_seed=_client_seed(client_seed))
    return game


def join_game(*, user: AbstractBaseUser, game_id: Any, client_seed: str | None = None) -> Seat:
    with transaction.atomic():
        game = _locked(game_id)
        if game.status != GameStatus.LOBBY:
            raise Conflict("the game has already started", code="game_not_in_lobby")
        taken = set(game.seat_set.values_list("number", flat=True))
        if game.seat_set.filter(user=user).exists():
            raise Conflict("you already have a seat at this table", code="already_seated")
        if len(taken) >= game.seats:
            raise Conflict("every seat is taken", code="game_full")
        number = min(set(range(game.seats)) - taken)
        return Seat.objects.create(game=game, number=number, user=user,
                                   client_seed=_client_seed(client_seed))


def leave_game(*, user: AbstractBaseUser, game_id: Any) -> None:
    with transaction.atomic():
        game = _locked(game_id)
        if game.status != GameStatus.LOBBY:
            raise Conflict("a started game cannot be left", code="game_not_in_lobby")
        if game.creator_id == user.pk:
            raise Conflict("the creator hosts the table and cannot leave it",
                           code="creator_cannot_leave")
        deleted, _ = Seat.objects.filter(game=game, user=user).delete()
        if not deleted:
            raise Conflict("you have no seat at this table", code="not_seated")


def start_game(*, user: AbstractBaseUser, game_id: Any, first_player: int | None = None) -> Game:
    """Seat the players in join order and append the rules' opening events."""
    with transaction.atomic():
        game = _locked(game_id)
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
        store.append(game, store.Batch([_table_seated(game, seats)], actor="system"))
        config = GameConfig(players=len(seats), options=game.options, first_player=first_player)
        dice = _dice(game, seats)
        events = rules.setup(config, dice)
        command = {"setup": {"players": len(seats), "options": game.options,
                             "first_player": first_player}}
        store.append(game, store.Batch(events, actor="system", command=command, draws=dice.draws))
        game.status = GameStatus.ACTIVE
        game.started_at = timezone.now()
        _after_append(game, store.fold(rules, store.rows(game)))
        return game


def _compact_seats(game: Game) -> list[Seat]:
    seats = list(game.seat_set.order_by("number"))
    for index, seat in enumerate(seats):
        if seat.number != index:
            Seat.objects.filter(pk=seat.pk).update(number=index)
            seat.number = index
    return seats


def _table_seated(game: Game, seats: list[Seat]) -> RuleEvent:
    return RuleEvent("table_seated", {
        "game_id": str(game.id), "game_type": game.game_type, "options": game.options,
        "server_seed_hash": game.server_seed_hash,
        "seats": [{"seat": s.number, "player": s.user.get_username(),
                   "client_seed": s.client_seed} for s in seats],
    })


def _dice(game: Game, seats: list[Seat] | None = None) -> HmacDice:
    seats = seats if seats is not None else list(game.seat_set.order_by("number"))
    return HmacDice(game.server_seed, str(game.id), [s.client_seed for s in seats],
                    next_nonce=game.dice_used)


def _after_append(game: Game, state: Any) -> list[Event]:
    """Refresh the read model from the new head; close the game when the rules say so.

    Returns the service's own closing rows (`seed_revealed`), if any were appended.
    """
    rules = store.rules_of(game)
    result = rules.outcome(state)
    closing: list[Event] = []
    if result is not None and game.status != GameStatus.FINISHED:
        closing = store.append(game, store.Batch([_seed_revealed(game)], actor="system"))
        game.status = GameStatus.FINISHED
        game.finished_at = timezone.now()
        game.outcome = result
    game.awaiting = {str(seat): kind for seat, kind in rules.awaiting(state).items()}
    if game.status == GameStatus.FINISHED:
        game.awaiting = {}
    game.save()
    game_id, version = str(game.id), game.version
    transaction.on_commit(lambda: store.CACHE.put(game_id, version, state))
    return closing


def _seed_revealed(game: Game) -> RuleEvent:
    seeds = list(game.seat_set.order_by("number").values_list("client_seed", flat=True))
    return RuleEvent("seed_revealed", {
        "server_seed": game.server_seed, "server_seed_hash": game.server_seed_hash,
        "client_seeds": seeds, "dice_used": game.dice_used,
    })


def fingerprint(action: Any, expected_version: int) -> str:
    body = {"action": action, "expected_version": expected_version}
    return hashlib.sha256(chain.canonical(body)).hexdigest()


def submit_action(*, user: AbstractBaseUser, game_id: Any, action: Mapping[str, Any],
                  expected_version: int, idempotency_key: str | None = None,
                  seat: int | None = None) -> ActionResult:
    """Decide a player's action against the head and append its events atomically."""
    with transaction.atomic():
        game = _locked(game_id)
        own = Seat.objects.filter(game=game, user=user).values_list("number", flat=True).first()
        if own is None:
            raise Forbidden("you have no seat in this game", code="not_a_player")
        if seat is not None and seat != own:
            raise Forbidden(f"you play seat {own}, not seat {seat}", code="not_your_seat")
        if idempotency_key:
            replay = _idempotent_replay(game, user, idempotency_key,
                                        fingerprint(action, expected_version))
            if replay is not None:
                return ActionResult(game, own, replay, replayed=True)
        rows = _apply(game, own, action, expected_version, actor=f"seat:{own}",
                      idempotency_key=idempotency_key)
        if idempotency_key:
            IdempotencyRecord.objects.create(
                game=game, user=user, key=idempotency_key,
                fingerprint=fingerprint(action, expected_version),
                first_seq=rows[0].seq, last_seq=rows[-1].seq, version=game.version)
        return ActionResult(game, own, rows)


def apply_system_action(*, game_id: Any, seat: int, action: Mapping[str, Any],
                        expected_version: int, actor: str) -> ActionResult:
    """An action taken for a seat by the clock or a bot, through the same checks."""
    with transaction.atomic():
        game = _locked(game_id)
        rows = _apply(game, seat, action, expected_version, actor=actor)
        return ActionResult(game, seat, rows)


def _idempotent_replay(game: Game, user: AbstractBaseUser, key: str, print_: str) -> list[Event] | None:
    record = IdempotencyRecord.objects.filter(game=game, user=user, key=key).first()
    if record is None:
        return None
    if record.fingerprint != print_:
        raise Unprocessable("this Idempotency-Key was used with another request body",
                            code="idempotency_key_reused")
    return store.rows(game, after=record.first_seq - 1, upto=record.last_seq)


def _apply(game: Game, seat: int, action: Mapping[str, Any], expected_version: int, *,
           actor: str, idempotency_key: str | None = None) -> list[Event]:
    if game.status == GameStatus.LOBBY:
        raise Unprocessable("the game has not started", code="game_not_started")
    if game.status == GameStatus.FINISHED:
        raise Unprocessable("the game is over", code="game_finished")
    if expected_version != game.version:
        raise VersionConflict(
            f"expected version {expected_version}, but the game is at {game.version}",
            current_version=game.version)
    rules = store.rules_of(game)
    dice = _dice(game)
    before = store.state_at(game)
    events = _decide(rules, before, seat, action, dice)
    rows = store.append(game, store.Batch(
        events, actor=actor, command={"seat": seat, "action": dict(action)},
        draws=dice.draws, idempotency_key=idempotency_key))
    return rows + _after_append(game, store.fold(rules, rows, before))


def _decide(rules: Any, state: Any, seat: int, action: Mapping[str, Any], dice: HmacDice) -> list:
    try:
        events = rules.decide(state, seat, action, dice)
    except IllegalAction:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        log.exception("rules raised on a malformed action %r", action)
        raise MalformedAction("malformed_action", "the action is not well formed") from None
    if not events:
        raise IllegalAction("no_effect", "the action changes nothing")
    return events
