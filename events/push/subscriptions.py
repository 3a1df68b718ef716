"""Push subscriptions and preferences: services and selectors for their owner.

A subscription is validated as a push service would need it: an https endpoint whose host
name resolves to global addresses only (the webhooks' rule, events/webhooks/egress.py,
checked again at every push), a P-256 public point (65 bytes) and a 16-byte auth secret
(RFC 8291). One endpoint is one device's: the same user posting it again updates it; another
user posting it takes it over (a shared device's new login), and the pushes still waiting
for the old owner are dropped.
"""

from __future__ import annotations

import base64
import binascii
import re
from datetime import datetime
from typing import Any, Iterable, Mapping
from urllib.parse import urlsplit

from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import QuerySet

from .. import caps
from ..errors import BadRequest, NotFound
from ..models import DeliveryStatus, PushDelivery, PushPreference, PushSubscription
from ..webhooks import egress
from .payloads import PUSHED

KINDS = [str(kind) for kind in PUSHED]
MAX_ENDPOINT = 1000


def require_enabled() -> None:
    if not settings.DICE_PUSH_ENABLED:
        raise NotFound("Web Push is not enabled on this server (DICE_PUSH_ENABLED)",
                       code="push_disabled")


def _decoded(text: str, size: int, what: str) -> bytes:
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raw = b""
    if len(raw) != size or "+" in text or "/" in text:
        raise BadRequest(f"keys.{what} is base64url of {size} bytes", code="invalid_push_keys")
    return raw


def check_keys(p256dh: str, auth: str) -> None:
    point = _decoded(p256dh, 65, "p256dh")
    try:
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
    except ValueError:
        raise BadRequest("keys.p256dh is not a point of P-256", code="invalid_push_keys") from None
    _decoded(auth, 16, "auth")


def check_endpoint(endpoint: str) -> None:
    parts = urlsplit(endpoint)
    try:
        port = parts.port or 443
    except ValueError:
        port = None
    # The VAPID JWT's `aud` is the endpoint's origin, a host name (or IPv4) and a port.
    if (parts.scheme != "https" or not parts.hostname or port is None
            or len(endpoint) > MAX_ENDPOINT
            or not re.fullmatch(r"[^/:@\[\]]+(:[0-9]+)?", parts.netloc)):
        raise BadRequest(f"a push endpoint is https://host/... ({MAX_ENDPOINT} characters at "
                         "most)", code="invalid_push_endpoint")
    if settings.DICE_WEBHOOK_ALLOW_PRIVATE:
        return
    try:  # every address the name resolves to now; each push checks again
        egress.resolve(parts.hostname, port, allow_private=False)
    except egress.Refused as refused:
        if refused.code == "unresolvable_webhook_host":
            raise BadRequest("the push endpoint's host name does not resolve",
                             code="unresolvable_push_host") from None
        raise BadRequest("a push endpoint may not be at a loopback, private or reserved "
                         "address", code="invalid_push_endpoint") from None


def subscribe(*, user: Any, endpoint: str, p256dh: str, auth: str,
              expiration_time: datetime | None, language: str) -> tuple[PushSubscription, bool]:
    """The user's subscription at `endpoint`, made or updated; True if it is new to them."""
    require_enabled()
    check_endpoint(endpoint)
    check_keys(p256dh, auth)
    fields = {"p256dh": p256dh, "auth": auth, "expiration_time": expiration_time,
              "language": language}
    with transaction.atomic():
        caps.lock_user(user)
        known = PushSubscription.objects.select_for_update().filter(endpoint=endpoint).first()
        if known is not None and known.user_id == user.pk:
            for name, value in fields.items():
                setattr(known, name, value)
            known.save(update_fields=list(fields))
            return known, False
        caps.check_push_subscriptions(user)  # 409 at DICE_PUSH_SUBSCRIPTIONS_PER_USER
        if known is None:
            try:
                with transaction.atomic():  # a savepoint: the insert may lose a race
                    return PushSubscription.objects.create(user=user, endpoint=endpoint,
                                                           **fields), True
            except IntegrityError:
                # Another account posted this endpoint at the same moment (they lock their
                # own rows, not ours): theirs now, so it moves to us as below.
                known = PushSubscription.objects.select_for_update().get(endpoint=endpoint)
        # Another user's device now: what was waiting for its old owner is not pushed.
        PushDelivery.objects.filter(subscription=known, status=DeliveryStatus.PENDING).update(
            status=DeliveryStatus.FAILED, subscription=None, removed_reason="moved",
            last_error="the subscription moved to another account")
        PushDelivery.objects.filter(subscription=known).update(subscription=None)
        known.user = user
        for name, value in fields.items():
            setattr(known, name, value)
        known.save()
        return known, True


def subscriptions_of(user: Any) -> QuerySet[PushSubscription]:
    require_enabled()
    return PushSubscription.objects.filter(user=user)


def unsubscribe(*, user: Any, subscription_id: int) -> None:
    require_enabled()
    if not 0 < subscription_id < 2**63:  # beyond the id column: no such row
        raise NotFound("no such push subscription", code="push_subscription_not_found")
    deleted, _ = PushSubscription.objects.filter(user=user, pk=subscription_id).delete()
    if not deleted:
        raise NotFound("no such push subscription", code="push_subscription_not_found")


def deliveries_of(user: Any, *, limit: int,
                  cursor: str | None = None) -> tuple[list[PushDelivery], str | None]:
    """A page of the user's push log, newest first, after `cursor` (the one the page
    before gave); and the next page's cursor, None on the last. 400 `invalid_cursor` for a
    cursor this did not give."""
    rows = PushDelivery.objects.filter(user=user).order_by("-id")
    if cursor is not None:
        rows = rows.filter(pk__lt=_older_than(cursor))
    page = list(rows[:limit + 1])
    more = len(page) > limit
    page = page[:limit]
    return page, _cursor_after(page[-1].pk) if more else None


def _cursor_after(last_id: int) -> str:
    return base64.urlsafe_b64encode(f"push:{last_id}".encode()).decode().rstrip("=")


def _older_than(cursor: str) -> int:
    try:
        text = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)).decode()
        if text.startswith("push:") and text[5:].isdigit() and int(text[5:]) < 2**63:
            return int(text[5:])
    except (ValueError, binascii.Error, UnicodeDecodeError):
        pass
    raise BadRequest("cursor is not one this endpoint gave", code="invalid_cursor")


def preferences_of(user: Any) -> dict[str, bool]:
    """Each pushed kind: whether the user gets it (all on until turned off)."""
    off = PushPreference.objects.filter(user=user).values_list("off", flat=True).first() or []
    return {kind: kind not in off for kind in KINDS}


def check_kinds(kinds: Iterable[str]) -> None:
    unknown = sorted(set(kinds) - set(KINDS))
    if unknown:
        raise BadRequest(f"unknown kinds {unknown}: the pushed kinds are {KINDS}",
                         code="invalid_notification_kinds")


def set_preferences(*, user: Any, push: Mapping[str, bool]) -> dict[str, bool]:
    """Merge `push` ({kind: on}) into the user's choice; unknown kinds: 400."""
    check_kinds(push)
    with transaction.atomic():
        caps.lock_user(user)
        wanted = {**preferences_of(user), **push}
        off = sorted(kind for kind, on in wanted.items() if not on)
        PushPreference.objects.update_or_create(user=user, defaults={"off": off})
    return {kind: wanted[kind] for kind in KINDS}


def delete_all(user: Any) -> int:
    """Every subscription of the user, their push log and choice (an account deletion:
    events/departures.py). How many subscriptions were deleted."""
    PushDelivery.objects.filter(user=user).delete()
    PushPreference.objects.filter(user=user).delete()
    return PushSubscription.objects.filter(user=user).delete()[0]


def export(user: Any) -> dict[str, Any]:
    """What /me/export holds of push: the subscriptions (without their keys) and the
    choice of kinds."""
    return {"subscriptions": [{"id": s.pk, "endpoint": s.endpoint, "language": s.language,
                               "expiration_time": s.expiration_time,
                               "created_at": s.created_at}
                              for s in PushSubscription.objects.filter(user=user)],
            "preferences": preferences_of(user)}
