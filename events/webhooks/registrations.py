"""Webhook registrations: services and selectors for the owner's hooks and deliveries."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Sequence
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from .. import caps
from ..errors import BadRequest, Conflict, NotFound
from ..models import Delivery, Webhook, WebhookEvent
from . import egress, signing

KINDS = WebhookEvent.values

# The URLs the contract documents, Django's URL check made explicit (the request serializer
# validates with it too, and Django's check takes every URL it matches): http(s) or ftp(s)
# (`_check_url` takes http(s) only: 400 invalid_webhook_url), a host name of dot-separated
# labels of 1 to 63 letters, digits or hyphens (253 characters at most) ending in a top-level
# domain of letters, `localhost`, an IPv4 address or a bracketed IPv6 one; a port; no white
# space.
_LABEL = r"(?!-)[A-Za-z0-9-]{1,63}(?<!-)"
_TLD = r"(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9]{1,59})"
_OCTET = r"(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])"
_HOST = (rf"(?:localhost|{_OCTET}(?:\.{_OCTET}){{3}}|\[[0-9A-Fa-f:.]+\]"
         rf"|(?=[^/?#:]{{1,253}}(?:[/?#:]|\Z))(?:{_LABEL}\.)+{_TLD}\.?)")
URL_PATTERN = rf"^(?:[Hh][Tt][Tt][Pp]|[Ff][Tt][Pp])[Ss]?://{_HOST}(?::[0-9]{{1,5}})?(?:[/?#]\S*)?\Z"


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
    stored_secret = _secret(secret)
    with transaction.atomic():
        caps.check_webhooks(user)  # 409 too_many_webhooks at DICE_WEBHOOKS_PER_USER
        return Webhook.objects.create(user=user, url=url, events=sorted(set(events)),
                                      secret=stored_secret)


def _secret(supplied: str | None) -> str:
    """A new secret in the stored (whsec) form: the one supplied, or 32 random bytes."""
    if supplied is None:
        return signing.new_secret()
    try:
        return signing.parse(supplied)
    except signing.InvalidSecret as invalid:
        raise BadRequest(str(invalid), code="invalid_webhook_secret") from None


def rotating_until(hook: Webhook, now: datetime | None = None) -> datetime | None:
    """While a rotation's overlap lasts: when the previous secret stops signing."""
    if not hook.previous_secret or hook.previous_secret_until is None:
        return None
    return hook.previous_secret_until if hook.previous_secret_until > (now or timezone.now()) \
        else None


def secrets_in_force(hook: Webhook, now: datetime | None = None) -> list[str]:
    """The secrets that sign a delivery attempted now: the current one first, then the
    previous one while a rotation's overlap lasts."""
    if rotating_until(hook, now) is not None:
        return [hook.secret, hook.previous_secret]
    return [hook.secret]


def rotate_secret(*, user: AbstractBaseUser, webhook_id: int, secret: str | None = None,
                  overlap_hours: int | None = None) -> Webhook:
    """Start a rotation: a new secret signs from now on, and the current one keeps signing
    too until the owner ends the overlap or `overlap_hours` pass. One rotation at a time."""
    with transaction.atomic():
        hook = _locked(user, webhook_id)
        if rotating_until(hook) is not None:
            raise Conflict("a rotation is in progress: end it first (POST "
                           ".../end-rotation)", code="webhook_rotation_in_progress")
        hours = overlap_hours or settings.DICE_WEBHOOK_ROTATION_HOURS
        hook.previous_secret = hook.secret
        hook.previous_secret_until = timezone.now() + timedelta(hours=hours)
        hook.secret = _secret(secret)
        hook.save(update_fields=["secret", "previous_secret", "previous_secret_until"])
        return hook


def end_rotation(*, user: AbstractBaseUser, webhook_id: int) -> Webhook:
    """End the overlap now: only the newest secret signs. Idempotent."""
    with transaction.atomic():
        hook = _locked(user, webhook_id)
        hook.previous_secret = ""
        hook.previous_secret_until = None
        hook.save(update_fields=["previous_secret", "previous_secret_until"])
        return hook


def _locked(user: AbstractBaseUser, webhook_id: int) -> Webhook:
    webhook_of(user, webhook_id)  # the owner's, or 404
    return Webhook.objects.select_for_update().get(pk=webhook_id)


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


def delete_all_webhooks(user: AbstractBaseUser) -> int:
    """Every webhook of the user, with its delivery log (an account deletion:
    events/departures.py). How many were deleted."""
    count = Webhook.objects.filter(user=user).count()
    Webhook.objects.filter(user=user).delete()
    return count
