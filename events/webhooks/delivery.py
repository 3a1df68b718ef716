"""One delivery attempt of a webhook notification, signed, with retries and backoff.

A delivery's body is the canonical JSON of {"id", "kind", "created_at", "data"}. Each
attempt is signed as Standard Webhooks says (signing.py): `webhook-id` (msg_<id>, the same
on every retry), `webhook-timestamp` (now) and `webhook-signature` (one v1 signature per
secret in force: two during a rotation's overlap), with the secrets the webhook has at
that attempt. The deprecated `X-Dice-Signature: sha256=<hex>` (HMAC of the body alone,
with the current secret) is sent alongside until 2027-06-30.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from .. import metrics
from ..models import Delivery, DeliveryStatus
from ..store import chain
from . import egress, registrations, signing


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
        "webhook-signature": signing.signatures(registrations.secrets_in_force(hook), msg_id,
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
    """One POST to the webhook's URL, at an address checked now (egress.py); no
    redirect is followed and a failure is a short generic reason, never the receiver's."""
    body = body_of(delivery)
    return egress.post(delivery.webhook.url, body, headers_of(delivery, body),
                       timeout=settings.DICE_WEBHOOK_TIMEOUT,
                       allow_private=settings.DICE_WEBHOOK_ALLOW_PRIVATE)
