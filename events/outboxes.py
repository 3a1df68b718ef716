"""What the two outboxes (webhook deliveries: events/webhooks/outbox.py; pushes:
events/push/outbox.py) do alike: hand rows to a worker after commit, and find the rows a
worker was never handed (the sweeper, events/tasks.py `sweep`).

A row is pending with a `next_attempt_at`; `enqueued_at` says when a worker was last
handed it, so that the sweeper hands it again only once that is stale (the worker died,
or the broker lost the task)."""

from __future__ import annotations

import logging
from datetime import timedelta
from collections.abc import Callable

from django.db import models, transaction
from django.utils import timezone

from .models import DeliveryStatus

log = logging.getLogger(__name__)

Dispatch = Callable[[list[int]], None]


def hand_over(dispatch: Dispatch | None, ids: list[int], what: str) -> None:
    """Hand `ids` (rows of `what`) to a worker now; if none can be reached (or `dispatch`
    is unset), the sweeper will later."""
    if dispatch is None:
        return
    try:
        dispatch(ids)
    except Exception:
        log.warning("could not enqueue %s %s; the sweeper will retry", what, ids)


def due(model: type[models.Model], limit: int = 200, stale_after: int = 60) -> list[int]:
    """Pending rows of `model` due now that no worker was handed in the last
    `stale_after` seconds, marked as handed now (rows another sweeper holds are skipped)."""
    now = timezone.now()
    stale = now - timedelta(seconds=stale_after)
    with transaction.atomic():
        ids = list(model._default_manager.select_for_update(skip_locked=True)
                   .filter(status=DeliveryStatus.PENDING, next_attempt_at__lte=now)
                   .exclude(enqueued_at__gt=stale).values_list("pk", flat=True)[:limit])
        model._default_manager.filter(pk__in=ids).update(enqueued_at=now)
    return ids
