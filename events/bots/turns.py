"""Which awaited seats a bot plays, and when: `BotTurn` rows kept in line with the head.

A row is written in the transaction of the batch that leaves the seat awaited (a read
model, like a deadline), so a bot move whose task is lost (a broker down) is found again
by the sweeper. After commit the move is handed to a worker with its delay: the bot's
(DICE_BOT_DELAY), or for a player on autoplay the grace that lets them act first
(DICE_AUTOPLAY_GRACE).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from ..models import BotTurn, Game, GameStatus, Seat
from ..writes.hooks import Appended

log = logging.getLogger(__name__)

# The level that plays a player's seat on autoplay: every game has it.
BOT_LEVEL_OF_AUTOPLAY = "basic"

# (game id, seat, version, delay in seconds)
Move = tuple[str, int, int, float]
# Hands moves to workers; set once at start-up (events/apps.py: events/tasks.py's
# enqueuer). Unset, moves wait for the sweeper.
dispatch: Callable[[list[Move]], None] | None = None


def player_of(seat: Seat) -> tuple[str, float] | None:
    """(level, delay) if a bot plays `seat` now: a bot's seat, or a player's on autoplay."""
    if seat.is_bot:
        return seat.bot_level, settings.DICE_BOT_DELAY
    if seat.autoplay:
        if _gone(seat):  # a deleted (or disabled) account: nobody to wait for
            return BOT_LEVEL_OF_AUTOPLAY, settings.DICE_BOT_DELAY
        return BOT_LEVEL_OF_AUTOPLAY, max(settings.DICE_BOT_DELAY, settings.DICE_AUTOPLAY_GRACE)
    return None


def _gone(seat: Seat) -> bool:
    """The seat's player can never act again: their account is inactive (deleted:
    accounts/deletion.py), so no token of theirs authenticates."""
    user = seat.user if seat.user_id is not None else None
    return user is not None and not user.is_active


def take_over(game: Game, seat: int) -> None:
    """The game's basic bot plays `seat` of the locked `game` now, outside any batch: its
    player has left for good (events/departures.py) and the seat is on autoplay already.
    If the seat is awaited, its bot turn is due at once (no grace, no clock to wait for)
    and handed to a worker after commit; later turns come through `on_appended`."""
    if game.status != GameStatus.ACTIVE or str(seat) not in game.awaiting:
        return
    now = timezone.now()
    BotTurn.objects.update_or_create(game=game, seat=seat, defaults={
        "level": BOT_LEVEL_OF_AUTOPLAY, "version": game.version, "failed": False,
        "due_at": now, "enqueued_at": now})
    move = (str(game.id), seat, game.version, 0.0)
    transaction.on_commit(lambda: enqueue([move]))


def on_appended(change: Appended) -> None:
    """Bring the game's bot turns in line with who is awaited now; hand the new ones to
    workers after commit. A game with no bot seat and nobody on autoplay costs no query.

    Registered before the clocks' listener, which ends a returning player's autoplay: a
    player who has just acted is theirs again here already."""
    game, seats, acted = change.game, change.seats, change.acted
    if not any(s.is_bot or s.autoplay for s in seats):
        return
    returning = acted.seat if acted.by_player() else None
    bots = {s.number: player_of(s) for s in seats if s.number != returning}
    awaited = {} if game.status != GameStatus.ACTIVE else {
        seat: bots[seat] for seat in change.awaiting if bots.get(seat) is not None}
    BotTurn.objects.filter(game=game).exclude(seat__in=list(awaited)).delete()
    if not awaited:
        return
    now = timezone.now()
    moves: list[Move] = []
    for seat, (level, delay) in sorted(awaited.items()):  # type: ignore[misc]
        BotTurn.objects.update_or_create(game=game, seat=seat, defaults={
            "level": level, "version": game.version, "failed": False,
            "due_at": now + timedelta(seconds=delay), "enqueued_at": now})
        moves.append((str(game.id), seat, game.version, delay))
    transaction.on_commit(lambda: enqueue(moves))


def enqueue(moves: list[Move]) -> None:
    """Hand moves to workers now; if none can be reached, the sweeper will later."""
    if dispatch is None:
        return
    try:
        dispatch(moves)
    except Exception:
        log.warning("could not enqueue bot moves %s; the sweeper will retry", moves)


def overdue(now: datetime | None = None, limit: int = 200) -> Sequence[BotTurn]:
    """Bot turns due more than DICE_BOT_STALL seconds ago and not handed to a worker in
    that time (their task was lost, or its worker died): marked handed now. A turn whose
    bot failed is left to the seat's clock."""
    now = now or timezone.now()
    stale = now - timedelta(seconds=settings.DICE_BOT_STALL)
    with transaction.atomic():
        rows = list(BotTurn.objects.select_for_update(skip_locked=True, of=("self",))
                    .filter(due_at__lte=stale, failed=False, game__status=GameStatus.ACTIVE,
                            version=F("game__version"))
                    .exclude(enqueued_at__gt=stale).order_by("due_at")[:limit])
        BotTurn.objects.filter(pk__in=[t.pk for t in rows]).update(enqueued_at=now)
    return rows


def mark_failed(game: Game | str, seat: int, version: int) -> None:
    """The bot raised for this turn: leave the seat to its clock (no retry)."""
    BotTurn.objects.filter(game=game, seat=seat, version=version).update(failed=True)
