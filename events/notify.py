"""Webhook notifications: outbox rows written with the events, delivered by Celery.

A delivery's body is the canonical JSON of {"id", "kind", "created_at", "data"}. Each
attempt is signed as Standard Webhooks says (events/signing.py): `webhook-id` (msg_<id>,
the same on every retry), `webhook-timestamp` (now) and `webhook-signature` (one v1
signature per secret in force: two during a rotation's overlap), with the secrets the
webhook has at that attempt. The deprecated `X-Dice-Signature: sha256=<hex>` (HMAC of
the body alone, with the current secret) is sent alongside until 2027-06-30.
Payloads carry only public facts (no view, no dice, no cards).
"""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any, Iterable

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from . import chain, egress, metrics, signing, webhooks
from .models import Delivery, DeliveryStatus, Game, Seat, Webhook, WebhookEvent

log = logging.getLogger(__name__)


def notify(game: Game, kind: str, seats: Iterable[int], /, **data: Any) -> list[Delivery]:
    """Queue `kind` for the players in `seats` whose webhooks asked for it.

    The first three are positional-only, so `data` may hold any key (a clock_warning's
    payload has its own "kind": the decision awaited)."""
    users = dict(Seat.objects.filter(game=game, number__in=list(seats))
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
    created = Delivery.objects.bulk_create(rows)
    if created:
        ids = [d.pk for d in created if d.pk is not None]
        transaction.on_commit(lambda: enqueue_deliveries(ids))
    return created


def enqueue_deliveries(ids: list[int]) -> None:
    """Hand deliveries to a worker now; if the broker is down the sweeper will later."""
    from .tasks import deliver_webhook

    for delivery_id in ids:
        try:
            deliver_webhook.delay(delivery_id)
        except Exception:  # the broker is down: the outbox row waits for the sweeper
            log.warning("could not enqueue delivery %s; the sweeper will retry", delivery_id)
            return


def body_of(delivery: Delivery) -> bytes:
    return chain.canonical({
        "id": delivery.pk, "kind": delivery.kind,
        "created_at": chain.timestamp(delivery.created_at), "data": delivery.payload,
    })


def now_seconds() -> int:
    """The `webhook-timestamp` of an attempt made now."""
    return int(timezone.now().timestamp())


def headers_of(delivery: Delivery, body: bytes) -> dict[str, str]:
    """The headers of one attempt, signed now with the secrets in force now."""
    msg_id = signing.message_id(delivery.pk)
    timestamp = now_seconds()
    hook = delivery.webhook
    headers = {
        "Content-Type": "application/json",
        "User-Agent": "dice-games-webhooks/1",
        "webhook-id": msg_id,
        "webhook-timestamp": str(timestamp),
        "webhook-signature": signing.signatures(webhooks.secrets_in_force(hook), msg_id,
                                                timestamp, body),
    }
    if settings.DICE_WEBHOOK_LEGACY_HEADERS:  # deprecated: until 2027-06-30
        headers.update({
            "X-Dice-Event": delivery.kind,
            "X-Dice-Delivery": str(delivery.pk),
            "X-Dice-Signature": signing.legacy_signature(hook.secret, body),
        })
    return headers


def backoff(attempts: int) -> timedelta:
    base = settings.DICE_WEBHOOK_BACKOFF_SECONDS
    return timedelta(seconds=min(base * 2 ** (attempts - 1), 3600))


def deliver(delivery_id: int) -> str:
    """Try one delivery once; schedule the retry with backoff when it fails."""
    with transaction.atomic():
        delivery = (Delivery.objects.select_for_update(skip_locked=True)
                    .select_related("webhook").filter(pk=delivery_id).first())
        if delivery is None or delivery.status != DeliveryStatus.PENDING:
            return "skipped"
        if delivery.next_attempt_at > timezone.now():
            return "not_due"
        code, error = _post(delivery)
        delivery.attempts += 1
        delivery.last_status_code = code
        delivery.last_error = error[:300]
        delivery.enqueued_at = None
        if code is not None and 200 <= code < 300:
            delivery.status = DeliveryStatus.DELIVERED
            delivery.delivered_at = timezone.now()
        elif delivery.attempts >= settings.DICE_WEBHOOK_MAX_ATTEMPTS:
            delivery.status = DeliveryStatus.FAILED
        else:
            delivery.next_attempt_at = timezone.now() + backoff(delivery.attempts)
        delivery.save()
        outcome = {DeliveryStatus.DELIVERED: "delivered",
                   DeliveryStatus.FAILED: "failed"}.get(delivery.status, "retry")
        transaction.on_commit(lambda: metrics.WEBHOOK_DELIVERIES.labels(outcome=outcome).inc())
        return delivery.status


def _post(delivery: Delivery) -> tuple[int | None, str]:
    """One POST to the webhook's URL, at an address checked now (events/egress.py); no
    redirect is followed and a failure is a short generic reason, never the receiver's."""
    body = body_of(delivery)
    return egress.post(delivery.webhook.url, body, headers_of(delivery, body),
                       timeout=settings.DICE_WEBHOOK_TIMEOUT,
                       allow_private=settings.DICE_WEBHOOK_ALLOW_PRIVATE)


def due_deliveries(limit: int = 200, stale_after: int = 60) -> list[int]:
    now = timezone.now()
    stale = now - timedelta(seconds=stale_after)
    with transaction.atomic():
        ids = list(Delivery.objects.select_for_update(skip_locked=True)
                   .filter(status=DeliveryStatus.PENDING, next_attempt_at__lte=now)
                   .exclude(enqueued_at__gt=stale).values_list("pk", flat=True)[:limit])
        Delivery.objects.filter(pk__in=ids).update(enqueued_at=now)
    return ids


KINDS = [k.value for k in WebhookEvent]
