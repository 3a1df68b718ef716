"""Turn clocks: deadlines kept beside the stream.

A seat's clock starts when it becomes awaited or acts and runs on while it stays awaited.
Each deadline holds the head version it applies to; the clock acts through the ordinary
write path with that version (events/clocks/timeouts.py), so a move that lands first makes
a late timeout a no-op.

A seat on autoplay is played by the game's basic bot after the grace (events/bots/); its
deadline is the full clock, the fallback should the bot fail or its worker be away.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Mapping, Sequence

from django.db import transaction
from django.utils import timezone

from ..models import Deadline, Game, GameStatus, Seat
from ..writes.hooks import Acted

WARN_AT = 0.8  # share of the clock after which the clock_warning notification goes out


def sync_deadlines(game: Game, awaiting: Mapping[int, str], acted: Acted,
                   seats: Sequence[Seat], now: datetime | None = None) -> list[int]:
    """Bring the game's deadlines in line with who is awaited now (a game with a clock).

    Returns the seats whose clock (re)started, i.e. whose turn it newly is.
    """
    now = now or timezone.now()
    current = {d.seat: d for d in Deadline.objects.filter(game=game)}
    if game.status != GameStatus.ACTIVE or game.turn_timeout is None:
        if current:
            Deadline.objects.filter(game=game).delete()
        return []
    gone = [d.pk for seat, d in current.items() if seat not in awaiting]
    if gone:
        Deadline.objects.filter(pk__in=gone).delete()
    unwatched = {s.number for s in seats if s.autoplay or s.is_bot}
    started: list[int] = []
    for seat, kind in awaiting.items():
        existing = current.get(seat)
        if existing and existing.kind == kind and acted.seat != seat:
            Deadline.objects.filter(pk=existing.pk).update(version=game.version,
                                                           enqueued_at=None)
            continue
        continuing = acted.by_clock and acted.seat == seat
        _start(game, seat, kind, now, existing, continuing=continuing,
               warn=seat not in unwatched)
        started.append(seat)
    return started


def _start(game: Game, seat: int, kind: str, now: datetime, existing: Deadline | None, *,
           continuing: bool, warn: bool) -> None:
    """A full clock, or none (`continuing`: the clock finishes the turn it began). A bot's
    seat, or a seat on autoplay, is played by a bot first: its clock is the fallback, with
    no warning (nobody to warn)."""
    clock = timedelta(seconds=game.turn_timeout or 0)
    due = now if continuing else now + clock
    fields = {
        "kind": kind, "version": game.version, "started_at": now, "due_at": due,
        "warn_at": now + clock * WARN_AT if warn and not continuing else None,
        "warned": False, "continuation": continuing, "enqueued_at": None,
    }
    if existing is not None:
        Deadline.objects.filter(pk=existing.pk).update(**fields)
    else:
        Deadline.objects.create(game=game, seat=seat, **fields)


def record_timeout(game: Game, seat: Seat, deadline: Deadline) -> None:
    """A full turn lost to the clock counts toward autoplay; finishing one does not. A
    bot's seat never goes on autoplay: its bot failed, it is not absent."""
    if deadline.continuation or seat.is_bot:
        return
    seat.timeouts_in_row += 1
    if seat.timeouts_in_row >= game.autoplay_after:
        seat.autoplay = True
    seat.save(update_fields=["timeouts_in_row", "autoplay"])


def everyone_on_autoplay(seats: Sequence[Seat]) -> bool:
    """No seat has a player who has acted since their clock took over, and no seat is a
    bot's: a table of bots and absent players plays on to its end."""
    return all(s.autoplay and not s.is_bot for s in seats)


def player_is_back(seat: Seat) -> None:
    """Any move by the player ends autoplay and resets the count of timeouts."""
    if seat.timeouts_in_row or seat.autoplay:
        Seat.objects.filter(pk=seat.pk).update(timeouts_in_row=0, autoplay=False)
        seat.timeouts_in_row, seat.autoplay = 0, False


def due(now: datetime | None = None, limit: int = 200, stale_after: int = 30) -> list[Deadline]:
    """Due deadlines not handed to a worker in the last `stale_after` seconds; marks them."""
    now = now or timezone.now()
    stale = now - timedelta(seconds=stale_after)
    with transaction.atomic():
        rows = list(
            Deadline.objects.select_for_update(skip_locked=True)
            .filter(due_at__lte=now, game__status=GameStatus.ACTIVE)
            .exclude(enqueued_at__gt=stale).order_by("due_at")[:limit])
        Deadline.objects.filter(pk__in=[d.pk for d in rows]).update(enqueued_at=now)
    return rows


def warnings_due(now: datetime | None = None, limit: int = 200) -> list[Deadline]:
    now = now or timezone.now()
    with transaction.atomic():
        rows = list(Deadline.objects.select_for_update(skip_locked=True)
                    .filter(warn_at__lte=now, warned=False, due_at__gt=now)
                    .select_related("game")[:limit])
        Deadline.objects.filter(pk__in=[d.pk for d in rows]).update(warned=True)
    return rows
