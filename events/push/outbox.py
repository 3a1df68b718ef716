"""The push outbox: one row per (subscription, notice) of a pushed kind, written in the
notice's transaction (a notice rolled back pushes nothing), handed to a worker after
commit (or found later by the sweeper: `due`).

`on_notice` is the notices' listener (events/notices/store.py `listen`, registered by
events/apps.py). Skipped: kinds not pushed, users without subscriptions (one query, no
more, for them), kinds a user turned off, subscriptions past their expirationTime, and a
clock warning whose clock runs out before it could arrive. Users the write path read
without a subscription cost no query (events/store/sql.py). How a worker is reached is not
known here: events/apps.py sets `dispatch` to the Celery task's enqueuer
(events/tasks.py); unset, pushes wait for the sweeper.
"""

from __future__ import annotations

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from .. import outboxes
from ..models import PushDelivery, PushPreference, PushSubscription
from ..notices.store import Noticed
from . import payloads

# Hands push ids to workers; set once at start-up (events/apps.py).
dispatch: outboxes.Dispatch | None = None


def on_notice(noticed: Noticed) -> list[PushDelivery]:
    if noticed.kind not in payloads.PUSHED or not settings.DICE_PUSH_ENABLED:
        return []
    # The write path's accounts say whether they have a subscription (events/store/sql.py):
    # none, no query.
    users = [u.pk for u in noticed.users if getattr(u, "has_push_subscriptions", True)]
    if not users:
        return []
    subscriptions = list(PushSubscription.objects.filter(user_id__in=users))
    if not subscriptions:
        return []
    now = timezone.now()
    off = dict(PushPreference.objects.filter(
        user_id__in={s.user_id for s in subscriptions}).values_list("user_id", "off"))
    pushes: dict[str, payloads.Push | None] = {}  # by language
    rows = []
    for sub in subscriptions:
        if noticed.kind in off.get(sub.user_id, ()):
            continue
        if sub.expiration_time is not None and sub.expiration_time <= now:
            continue
        if sub.language not in pushes:
            pushes[sub.language] = payloads.push_of(noticed.kind, noticed.game, noticed.version,
                                                    noticed.data, sub.language, now)
        push = pushes[sub.language]
        if push is None:
            continue
        rows.append(PushDelivery(
            user_id=sub.user_id, subscription=sub, notice_seq=noticed.seqs[sub.user_id],
            game=noticed.game, kind=noticed.kind, payload=push.payload, ttl=push.ttl,
            urgency=push.urgency, topic=push.topic, next_attempt_at=now, created_at=now))
    if not rows:
        return []
    created = PushDelivery.objects.bulk_create(rows)
    ids = [row.pk for row in created if row.pk is not None]
    if ids:
        transaction.on_commit(lambda: enqueue(ids))
    return created


def enqueue(ids: list[int]) -> None:
    """Hand pushes to a worker now; if none can be reached, the sweeper will later."""
    outboxes.hand_over(dispatch, ids, "pushes")


def due(limit: int = 200, stale_after: int = 60) -> list[int]:
    """Pending pushes due now that no worker was handed lately (events/outboxes.py)."""
    return outboxes.due(PushDelivery, limit, stale_after)
