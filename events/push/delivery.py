"""One attempt of one push (RFC 8030), encrypted to the subscription's keys (RFC 8291,
aes128gcm, by pywebpush's `WebPusher.encode`) and signed by our VAPID key (RFC 8292, by
py_vapid), sent through the webhooks' egress (events/webhooks/egress.py): the endpoint's
host is checked against private addresses again now, and the connection is pinned to the
address checked.

What the push service answers decides:
- 2xx: delivered;
- 404 or 410: the subscription is gone: it is deleted (the log row keeps why);
- 413: the payload is too large: failed, never retried (ours stay under 1 KB);
- 429 and 5xx, or no answer: tried again after Retry-After if the service sent one, else
  after DICE_PUSH_BACKOFF_SECONDS doubled per attempt; failed after DICE_PUSH_MAX_ATTEMPTS,
  or once the push's TTL is over (each attempt's TTL header is what is left of it);
- a private address, any other answer: failed, not retried.
"""

from __future__ import annotations

import time
from datetime import datetime, timedelta
from email.utils import parsedate_to_datetime
from urllib.parse import urlsplit

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from py_vapid import VapidException
from pywebpush import WebPusher, WebPushException

from .. import metrics
from ..models import DeliveryStatus, PushDelivery, PushSubscription
from ..webhooks import egress
from . import keys, payloads

JWT_LIFETIME = 12 * 3600  # RFC 8292 allows 24 h at most
GONE = {404: "not_found", 410: "gone"}
TOO_LARGE = "payload too large"
SUBSCRIPTION_REMOVED = "subscription removed"
EXPIRED = "expired before delivery"
UNUSABLE = "subscription unusable (keys or endpoint)"
MAX_WAIT = 3600  # seconds: a Retry-After longer than this is taken as this


def audience(endpoint: str) -> str:
    """The push service's origin: the VAPID JWT's `aud`."""
    parts = urlsplit(endpoint)
    return f"{parts.scheme}://{parts.netloc}"


def request_of(push: PushDelivery, sub: PushSubscription, ttl: int) -> tuple[bytes, dict[str, str]]:
    """The encrypted body and the headers of one attempt."""
    info = {"endpoint": sub.endpoint, "keys": {"p256dh": sub.p256dh, "auth": sub.auth}}
    body = WebPusher(info).encode(payloads.encoded(push.payload), "aes128gcm")["body"]
    headers = {
        "Content-Type": "application/octet-stream", "Content-Encoding": "aes128gcm",
        "TTL": str(ttl), "Urgency": push.urgency, "User-Agent": "dice-games-push/1",
        "Authorization": keys.authorization(audience(sub.endpoint),
                                            int(time.time()) + JWT_LIFETIME),
    }
    if push.topic:
        headers["Topic"] = push.topic
    return body, headers


def retry_at(answer: egress.Answer, attempts: int, now: datetime) -> datetime:
    """When to try again: the service's Retry-After (seconds or an HTTP date), else the
    back-off."""
    wait = settings.DICE_PUSH_BACKOFF_SECONDS * 2 ** (attempts - 1)
    if answer.retry_after:
        text = answer.retry_after.strip()
        try:
            wait = float(int(text)) if text.isdigit() else (
                parsedate_to_datetime(text) - now).total_seconds()
        except (TypeError, ValueError, OverflowError):
            pass
    return now + timedelta(seconds=min(max(wait, 0), MAX_WAIT))


def deliver(push_id: int) -> str:
    """Try one push once; schedule its retry when it may be tried again."""
    with transaction.atomic():
        push = (PushDelivery.objects.select_for_update(skip_locked=True, of=("self",))
                .select_related("subscription").filter(pk=push_id).first())
        if push is None or push.status != DeliveryStatus.PENDING:
            return "skipped"
        now = timezone.now()
        if push.next_attempt_at > now:
            return "not_due"
        outcome = _attempt(push, now)
        push.enqueued_at = None
        push.save()
        transaction.on_commit(lambda: metrics.PUSH_DELIVERIES.labels(outcome=outcome).inc())
        return push.status


def _attempt(push: PushDelivery, now: datetime) -> str:
    """One attempt (or none: no subscription, TTL over), recorded on `push`; the outcome
    for the metric."""
    sub = push.subscription
    left = int((push.created_at + timedelta(seconds=push.ttl) - now).total_seconds())
    if sub is None or left < 1 or (sub.expiration_time is not None
                                   and sub.expiration_time <= now):
        push.status = DeliveryStatus.FAILED
        push.last_error = SUBSCRIPTION_REMOVED if sub is None else EXPIRED
        return "failed"
    try:
        body, headers = request_of(push, sub, left)
    except (ValueError, WebPushException, VapidException):  # a row made before a check
        push.status, push.last_error = DeliveryStatus.FAILED, UNUSABLE
        return "failed"
    answer = egress.send(sub.endpoint, body, headers, timeout=settings.DICE_PUSH_TIMEOUT,
                         allow_private=settings.DICE_WEBHOOK_ALLOW_PRIVATE,
                         extra_ca=settings.DICE_PUSH_EXTRA_CA_FILE)
    push.attempts += 1
    push.last_status_code = answer.status
    push.last_error = answer.reason[:300]
    code = answer.status
    if code is not None and 200 <= code < 300:
        push.status, push.delivered_at = DeliveryStatus.DELIVERED, timezone.now()
        return "delivered"
    if code in GONE:
        push.status, push.removed_reason = DeliveryStatus.FAILED, GONE[code]
        push.subscription = None
        sub.delete()  # its other pushes keep their rows, without it
        return "removed"
    if code == 413:
        push.status, push.last_error = DeliveryStatus.FAILED, TOO_LARGE
        return "failed"
    retryable = code is None and answer.reason != egress.NOT_ALLOWED
    if retryable or code == 429 or (code is not None and code >= 500):
        again = retry_at(answer, push.attempts, timezone.now())
        if (push.attempts < settings.DICE_PUSH_MAX_ATTEMPTS
                and again < push.created_at + timedelta(seconds=push.ttl)):
            push.next_attempt_at = again
            return "retry"
    push.status = DeliveryStatus.FAILED
    return "failed"
