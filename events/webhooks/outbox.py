"""The webhook outbox: delivery rows written with the events that cause them, handed to
a worker after commit (or found later by the sweeper).

Payloads carry only public facts (no view, no dice, no cards). How a worker is reached is
not known here: `events/apps.py` sets `dispatch` to the Celery task's enqueuer
(events/tasks.py, the only module that knows Celery); unset, deliveries wait for the
sweeper.
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from django.db import transaction
from django.utils import timezone

from .. import outboxes
from ..models import Delivery, Game, Seat, Webhook

# Hands delivery ids to workers; set once at start-up (events/apps.py).
dispatch: outboxes.Dispatch | None = None


def notify(game: Game, kind: str, seats: Iterable[int], /, *,
           seat_rows: Sequence[Seat] | None = None, **data: Any) -> list[Delivery]:
    """Queue `kind` for the players in `seats` whose webhooks asked for it.

    The first three are positional-only, so `data` may hold any key (a clock_warning's
    payload has its own "kind": the decision awaited). `seat_rows`: the game's seats if
    the caller has them (no query for them then)."""
    wanted = set(seats)
    if seat_rows is not None:
        # Seats read by the write path's lock say whether their player has an active
        # webhook (events/store/sql.py): none, no query.
        users = {s.user_id: s.number for s in seat_rows
                 if s.number in wanted and s.user_id is not None
                 and getattr(s, "has_webhooks", True)}
    else:
        users = dict(Seat.objects.filter(game=game, number__in=list(wanted), user__isnull=False)
                     .values_list("user_id", "number"))
    if not users:
        return []
    now = timezone.now()
    rows = []
    for hook in Webhook.objects.filter(user_id__in=list(users), active=True):
        if kind not in hook.events:
            continue
        payload = {"game_id": str(game.id), "game_type": game.game_type,
                   "version": game.version, "seat": users[hook.user_id], **data}
        rows.append(Delivery(webhook=hook, game=game, kind=kind, payload=payload,
                             next_attempt_at=now))
    if not rows:
        return []
    created = Delivery.objects.bulk_create(rows)
    ids = [d.pk for d in created if d.pk is not None]
    if ids:
        transaction.on_commit(lambda: enqueue(ids))
    return created


def enqueue(ids: list[int]) -> None:
    """Hand deliveries to a worker now; if none can be reached, the sweeper will later."""
    outboxes.hand_over(dispatch, ids, "deliveries")


def due_deliveries(limit: int = 200, stale_after: int = 60) -> list[int]:
    """Pending deliveries due now that no worker was handed lately (events/outboxes.py)."""
    return outboxes.due(Delivery, limit, stale_after)
