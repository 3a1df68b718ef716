"""The clock acting for a seat: its timeout action through the ordinary write path, and
the end of a game every seat of which is left to the clock."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from games.core.outcome import abandoned
from games.service_events import EVERY_SEAT_ON_AUTOPLAY, GameAbandoned

from .. import metrics, store
from ..models import Deadline, Game, GameStatus
from ..writes import head
from ..writes.actions import apply
from ..writes.hooks import Acted
from ..writes.locks import seats_of
from .deadlines import everyone_on_autoplay, record_timeout


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
        apply(game, seat, action, version, actor="clock", timeout_of=version)
        late = (timezone.now() - deadline.due_at).total_seconds()
        transaction.on_commit(lambda: metrics.CLOCK_LATENESS.observe(max(0.0, late)))
        seats = seats_of(game)
        record_timeout(game, next(s for s in seats if s.number == seat), deadline)
        if game.status == GameStatus.ACTIVE and everyone_on_autoplay(seats):
            abandon(game)
        return "applied"


def abandon(game: Game) -> None:
    """Every seat is an absent player on autoplay: nobody is left to play for, so the game
    ends with no winner instead of running on its clocks forever (docs/clocks.md)."""
    version_before = game.version
    numbers = [s.number for s in seats_of(game)]
    state = store.state_at(game, version_before)
    rows = store.append(game, store.Batch([game_abandoned(numbers)], actor="system"),
                        write=False)
    head.refresh(game, state, Acted(), version_before=version_before, pending=rows,
                 outcome=abandoned())


def game_abandoned(seats: list[int]) -> GameAbandoned:
    return GameAbandoned(reason=EVERY_SEAT_ON_AUTOPLAY, seats=tuple(seats))
