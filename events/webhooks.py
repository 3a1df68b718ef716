"""Webhook registrations: services and selectors for the owner's hooks and deliveries."""

from __future__ import annotations

import secrets
from typing import Any, Sequence
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db.models import QuerySet

from . import egress
from .errors import BadRequest, NotFound
from .models import Delivery, Webhook, WebhookEvent

KINDS = [k.value for k in WebhookEvent]


def _check_url(url: str) -> None:
    parts = urlsplit(url)
    try:
        port = parts.port or egress.DEFAULT_PORTS.get(parts.scheme)
    except ValueError:
        port = None
    if parts.scheme not in ("http", "https") or not parts.hostname or port is None:
        raise BadRequest("a webhook URL is http(s)://host/...", code="invalid_webhook_url")
    if settings.DICE_WEBHOOK_ALLOW_PRIVATE:
        return
    try:  # every address the name resolves to now; each delivery checks again
        egress.resolve(parts.hostname, port, allow_private=False)
    except egress.Refused as refused:
        if refused.code == "unresolvable_webhook_host":
            raise BadRequest("the webhook's host name does not resolve",
                             code=refused.code) from None
        raise BadRequest("webhooks may not target loopback, private or reserved addresses",
                         code=refused.code) from None


def create_webhook(*, user: AbstractBaseUser, url: str, events: Sequence[str],
                   secret: str | None = None) -> Webhook:
    _check_url(url)
    unknown = sorted(set(events) - set(KINDS))
    if unknown or not events:
        raise BadRequest(f"events are one or more of {KINDS}", code="invalid_webhook_events")
    return Webhook.objects.create(user=user, url=url, events=sorted(set(events)),
                                  secret=secret or secrets.token_urlsafe(32))


def webhooks_of(user: AbstractBaseUser) -> QuerySet[Webhook]:
    return Webhook.objects.filter(user=user)


def webhook_of(user: AbstractBaseUser, webhook_id: int) -> Webhook:
    if not 0 < webhook_id < 2**63:  # beyond the id column: no such row
        raise NotFound("no such webhook", code="webhook_not_found")
    hook = Webhook.objects.filter(user=user, pk=webhook_id).first()
    if hook is None:
        raise NotFound("no such webhook", code="webhook_not_found")
    return hook


def delete_webhook(*, user: AbstractBaseUser, webhook_id: int) -> None:
    webhook_of(user, webhook_id).delete()


def deliveries_of(user: AbstractBaseUser, webhook_id: int, limit: int = 100) -> list[Delivery]:
    hook = webhook_of(user, webhook_id)
    return list(Delivery.objects.filter(webhook=hook).order_by("-id")[:limit])
