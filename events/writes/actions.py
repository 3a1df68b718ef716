"""The write path of a move: a player's action (or the clock's, events/clocks/) decided
against the head and appended, in one transaction each."""

from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass
from typing import Any, Mapping

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from games.core import IllegalAction, MalformedAction
from games.core.fairness import HmacDice

from .. import metrics, store
from ..errors import Forbidden, Unprocessable, VersionConflict
from ..models import Event, Game, GameStatus, IdempotencyRecord
from ..store import chain
from . import head
from .hooks import Acted
from .locks import dice_of, locked, seat_of_user

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ActionResult:
    game: Game
    seat: int
    rows: list[Event]
    replayed: bool = False


def fingerprint(action: Any, expected_version: int | None) -> str:
    body = {"action": action, "expected_version": expected_version}
    return hashlib.sha256(chain.canonical(body)).hexdigest()


def submit_action(*, user: AbstractBaseUser, game_id: Any, action: Mapping[str, Any],
                  expected_version: int | None, idempotency_key: str | None = None,
                  seat: int | None = None) -> ActionResult:
    """Decide a player's action against the head and append its events atomically.

    `expected_version` None (If-Match: *) sets no precondition: the head the lock finds."""
    with transaction.atomic():
        game = locked(game_id)
        own = seat_of_user(game, user)
        if own is None:
            raise Forbidden("you have no seat in this game", code="not_a_player")
        if seat is not None and seat != own.number:
            raise Forbidden(f"you play seat {own.number}, not seat {seat}", code="not_your_seat")
        if idempotency_key:
            replay = _idempotent_replay(game, user, idempotency_key,
                                        fingerprint(action, expected_version))
            if replay is not None:
                return ActionResult(game, own.number, replay, replayed=True)
        against = game.version if expected_version is None else expected_version
        rows = apply(game, own.number, action, against, actor=f"seat:{own.number}",
                     idempotency_key=idempotency_key)
        if idempotency_key:
            IdempotencyRecord.objects.create(
                game=game, user=user, key=idempotency_key,
                fingerprint=fingerprint(action, expected_version),
                first_seq=rows[0].seq, last_seq=rows[-1].seq, version=game.version)
        return ActionResult(game, own.number, rows)


def _idempotent_replay(game: Game, user: AbstractBaseUser, key: str,
                       print_: str) -> list[Event] | None:
    record = IdempotencyRecord.objects.filter(game=game, user=user, key=key).first()
    if record is None:
        return None
    if record.fingerprint != print_:
        raise Unprocessable("this Idempotency-Key was used with another request body",
                            code="idempotency_key_reused")
    return store.rows(game, after=record.first_seq - 1, upto=record.last_seq)


def apply(game: Game, seat: int, action: Mapping[str, Any], expected_version: int, *,
          actor: str, idempotency_key: str | None = None,
          timeout_of: int | None = None, bot: str | None = None) -> list[Event]:
    """Decide `action` for `seat` of the locked `game` at `expected_version`, append the
    events and refresh the head (events/writes/head.py). Returns the rows appended.

    `timeout_of`: the clock acts, for the deadline of that version; `bot`: a bot of that
    level acts (events/bots/). Either is recorded in the batch's command."""
    if game.status in (GameStatus.LOBBY, GameStatus.REVEALING):
        raise Unprocessable("the game has not started", code="game_not_started")
    if game.status == GameStatus.FINISHED:
        raise Unprocessable("the game is over", code="game_finished")
    if expected_version != game.version:
        raise VersionConflict(
            f"expected version {expected_version}, but the game is at {game.version}",
            current_version=game.version)
    rules = store.rules_of(game)
    dice = dice_of(game)
    before = store.state_at(game)
    events = decide(rules, before, seat, action, dice)
    command: dict[str, Any] = {"seat": seat, "action": dict(action)}
    if timeout_of is not None:
        command["timeout_of_version"] = timeout_of
    if bot is not None:
        command["bot"] = bot
    version_before = game.version
    rows = store.append(game, store.Batch(
        events, actor=actor, command=command, draws=dice.draws, idempotency_key=idempotency_key),
        write=False)
    game_type, count = game.game_type, len(rows)
    transaction.on_commit(lambda: metrics.appended(game_type, actor, count))
    acted = Acted(seat=seat, by_clock=timeout_of is not None, by_bot=bot is not None)
    return rows + head.refresh(game, store.fold(rules, rows, before), acted,
                               version_before=version_before, pending=rows)


def decide(rules: Any, state: Any, seat: int, action: Mapping[str, Any], dice: HmacDice) -> list:
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
