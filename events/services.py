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
from games.core.outcome import abandoned

from . import broadcast, chain, clocks, metrics, notify, store
from .clocks import Acted
from .errors import BadRequest, Conflict, Forbidden, NotFound, Unprocessable, VersionConflict
from .models import Deadline, Event, Game, GameStatus, IdempotencyRecord, Seat

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
    """The player's own seed, or none: the server never chooses one (docs/fairness.md)."""
    return given or ""


MAX_TURN_TIMEOUT = 30 * 24 * 3600


def _check_clock(turn_timeout: int | None, autoplay_after: int) -> None:
    low = settings.DICE_MIN_TURN_TIMEOUT
    if turn_timeout is not None and not low <= turn_timeout <= MAX_TURN_TIMEOUT:
        raise BadRequest(f"turn_timeout is {low} s to 30 days, or null for no clock",
                         code="invalid_turn_timeout")
    if not 1 <= autoplay_after <= 100:
        raise BadRequest("autoplay_after is 1 to 100", code="invalid_autoplay_after")


def create_game(*, user: AbstractBaseUser, game_type: str, seats: int,
                options: Mapping[str, Any] | None = None, client_seed: str | None = None,
                turn_timeout: int | None = None, autoplay_after: int = 3) -> Game:
    """Open a lobby; the creator (the Bone Master, the host) takes seat 0."""
    _check_clock(turn_timeout, autoplay_after)
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
            autoplay_after=autoplay_after,
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


def set_client_seed(*, user: AbstractBaseUser, game_id: Any, client_seed: str) -> Seat:
    """Set or change the caller's client seed: any time in the lobby, after the commitment
    to the server seed is published; `start` fixes every seed in `table_seated`."""
    with transaction.atomic():
        game = _locked(game_id)
        if game.status != GameStatus.LOBBY:
            raise Conflict("seeds are fixed once the game has started", code="game_not_in_lobby")
        seat = Seat.objects.filter(game=game, user=user).first()
        if seat is None:
            raise Conflict("you have no seat at this table", code="not_seated")
        seat.client_seed = client_seed
        seat.save(update_fields=["client_seed"])
        return seat


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
        _after_append(game, store.fold(rules, store.rows(game)), Acted())
        notify.notify(game, "game_started", range(len(seats)))
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
        "server_seed_hash": game.server_seed_hash, "dice_scheme": game.dice_scheme,
        "seats": [{"seat": s.number, "player": s.user.get_username(),
                   "client_seed": s.client_seed} for s in seats],
    })


def _dice(game: Game, seats: list[Seat] | None = None) -> HmacDice:
    seats = seats if seats is not None else list(game.seat_set.order_by("number"))
    return HmacDice(game.server_seed, str(game.id), [s.client_seed for s in seats],
                    next_nonce=game.dice_used, scheme=game.dice_scheme)


def _after_append(game: Game, state: Any, acted: Acted) -> list[Event]:
    """Refresh the read model from the new head: status, awaited seats, their clocks and
    notifications; close the game when the rules say so.

    Returns the service's own closing rows (`seed_revealed`), if any were appended.
    """
    rules = store.rules_of(game)
    result = rules.outcome(state)
    closing: list[Event] = []
    if result is not None and game.status != GameStatus.FINISHED:
        closing = _close(game, result)
    before = {int(seat): kind for seat, kind in game.awaiting.items()}
    awaiting = {} if game.status == GameStatus.FINISHED else rules.awaiting(state)
    game.awaiting = {str(seat): kind for seat, kind in awaiting.items()}
    game.save()
    clocks.sync_deadlines(game, awaiting, acted)
    called = _called_to_act(before, awaiting, acted)
    if called:
        notify.notify(game, "your_turn", called, awaiting=game.awaiting)
    game_id, version = str(game.id), game.version
    transaction.on_commit(lambda: store.CACHE.put(game_id, version, state))
    # Live readers hear the head once the batch commits (and once only: the head
    # published is the one at commit, after an abandonment's closing events too).
    broadcast.announce(game)
    return closing


def _close(game: Game, result: dict[str, Any]) -> list[Event]:
    """End the game with `result`: reveal the server seed and tell every seat."""
    closing = store.append(game, store.Batch([_seed_revealed(game)], actor="system"))
    game.status = GameStatus.FINISHED
    game.finished_at = timezone.now()
    game.outcome = result
    notify.notify(game, "game_over", range(game.seat_set.count()), outcome=result)
    return closing


def _abandon(game: Game) -> None:
    """Every seat is an absent player on autoplay: nobody is left to play for, so the game
    ends with no winner instead of running on its clocks forever (docs/clocks.md)."""
    seats = sorted(Seat.objects.filter(game=game).values_list("number", flat=True))
    store.append(game, store.Batch([RuleEvent("game_abandoned", {
        "reason": "every_seat_on_autoplay", "seats": seats})], actor="system"))
    _close(game, abandoned())
    game.awaiting = {}
    game.save()
    clocks.sync_deadlines(game, {}, Acted())


def _called_to_act(before: Mapping[int, str], awaiting: Mapping[int, str], acted: Acted) -> list[int]:
    """Seats newly asked for a decision by someone else's move (or the clock's): the ones
    a "your turn" notification is for. A player who just moved is at the table already."""
    return sorted(seat for seat, kind in awaiting.items()
                  if before.get(seat) != kind and not (seat == acted.seat and not acted.by_clock))


def _seed_revealed(game: Game) -> RuleEvent:
    seeds = list(game.seat_set.order_by("number").values_list("client_seed", flat=True))
    return RuleEvent("seed_revealed", {
        "server_seed": game.server_seed, "server_seed_hash": game.server_seed_hash,
        "client_seeds": seeds, "dice_used": game.dice_used,
    })


def fingerprint(action: Any, expected_version: int | None) -> str:
    body = {"action": action, "expected_version": expected_version}
    return hashlib.sha256(chain.canonical(body)).hexdigest()


def submit_action(*, user: AbstractBaseUser, game_id: Any, action: Mapping[str, Any],
                  expected_version: int | None, idempotency_key: str | None = None,
                  seat: int | None = None) -> ActionResult:
    """Decide a player's action against the head and append its events atomically.

    `expected_version` None (If-Match: *) sets no precondition: the head the lock finds."""
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
        against = game.version if expected_version is None else expected_version
        rows = _apply(game, own, action, against, actor=f"seat:{own}",
                      idempotency_key=idempotency_key)
        clocks.player_is_back(game, own)
        if idempotency_key:
            IdempotencyRecord.objects.create(
                game=game, user=user, key=idempotency_key,
                fingerprint=fingerprint(action, expected_version),
                first_seq=rows[0].seq, last_seq=rows[-1].seq, version=game.version)
        return ActionResult(game, own, rows)


def apply_timeout(*, game_id: Any, seat: int, version: int) -> str:
    """The clock acts for `seat` if its deadline for `version` is still the head's and due.

    Returns "applied", "not_due", or "stale" (the game moved on, ended or is gone).
    Idempotent: a move that landed first, a second sweeper or a redelivered task finds the
    version moved on (or the deadline gone) and does nothing.
    """
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(id=game_id).first()
        deadline = Deadline.objects.filter(game=game, seat=seat).first() if game else None
        if (game is None or game.status != GameStatus.ACTIVE or deadline is None
                or deadline.version != version or game.version != version):
            return "stale"
        if deadline.due_at > timezone.now():
            return "not_due"
        rules = store.rules_of(game)
        action = rules.timeout_action(store.state_at(game), seat)
        _apply(game, seat, action, version, actor="clock", timeout_of=version)
        late = (timezone.now() - deadline.due_at).total_seconds()
        transaction.on_commit(lambda: metrics.CLOCK_LATENESS.observe(max(0.0, late)))
        clocks.record_timeout(game, seat, deadline)
        if game.status == GameStatus.ACTIVE and clocks.everyone_on_autoplay(game):
            _abandon(game)
        return "applied"


def send_clock_warnings() -> int:
    sent = 0
    for deadline in clocks.warnings_due():
        with transaction.atomic():
            notify.notify(deadline.game, "clock_warning", [deadline.seat],
                          kind=deadline.kind, due_at=chain.timestamp(deadline.due_at))
        sent += 1
    return sent


def _idempotent_replay(game: Game, user: AbstractBaseUser, key: str, print_: str) -> list[Event] | None:
    record = IdempotencyRecord.objects.filter(game=game, user=user, key=key).first()
    if record is None:
        return None
    if record.fingerprint != print_:
        raise Unprocessable("this Idempotency-Key was used with another request body",
                            code="idempotency_key_reused")
    return store.rows(game, after=record.first_seq - 1, upto=record.last_seq)


def _apply(game: Game, seat: int, action: Mapping[str, Any], expected_version: int, *,
           actor: str, idempotency_key: str | None = None,
           timeout_of: int | None = None) -> list[Event]:
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
    command: dict[str, Any] = {"seat": seat, "action": dict(action)}
    if timeout_of is not None:
        command["timeout_of_version"] = timeout_of
    rows = store.append(game, store.Batch(
        events, actor=actor, command=command, draws=dice.draws, idempotency_key=idempotency_key))
    game_type, count = game.game_type, len(rows)
    transaction.on_commit(lambda: metrics.appended(game_type, actor, count))
    acted = Acted(seat=seat, by_clock=timeout_of is not None)
    return rows + _after_append(game, store.fold(rules, rows, before), acted)


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
