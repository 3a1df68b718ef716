"""Web Push's tables (events/models/__init__.py imports them): a user's subscriptions (one per
browser or installed app), their choice of kinds, and the outbox of pushes."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone


class PushSubscription(models.Model):
    """A browser's `PushSubscription`: where to push (`endpoint`, at the browser vendor's
    push service) and the keys its messages are encrypted to (RFC 8291). An endpoint is
    one device's: posted by another user it moves to them (a shared device's new login)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="push_subscriptions")
    endpoint = models.URLField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=100, help_text="base64url of the 65-byte P-256 point")
    auth = models.CharField(max_length=40, help_text="base64url of the 16-byte auth secret")
    language = models.CharField(max_length=10, help_text="the pushed texts' language")
    expiration_time = models.DateTimeField(
        null=True, blank=True, help_text="the browser's expirationTime: not pushed to after it")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["id"]


class PushPreference(models.Model):
    """The kinds a user turned off (all on by default: no row)."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                primary_key=True, related_name="push_preference")
    off = models.JSONField(default=list, help_text="pushed kinds the user does not want")


class PushDelivery(models.Model):
    """One push of one notice to one subscription: an outbox row, retried with back-off
    until delivered, failed, or its TTL is over. Kept (the user's delivery log) when its
    subscription is removed: `subscription` null then, `removed_reason` says why."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="push_deliveries")
    subscription = models.ForeignKey(PushSubscription, on_delete=models.SET_NULL, null=True,
                                     blank=True, related_name="deliveries")
    notice_seq = models.PositiveBigIntegerField(help_text="the user's notice it pushes")
    game = models.ForeignKey("events.Game", on_delete=models.CASCADE, null=True, blank=True,
                             related_name="+")
    kind = models.CharField(max_length=20)
    payload = models.JSONField(help_text="the JSON pushed (encrypted at each attempt)")
    ttl = models.PositiveIntegerField(help_text="seconds: the TTL header, and the retries' end")
    urgency = models.CharField(max_length=8)
    topic = models.CharField(max_length=32, blank=True, default="")
    status = models.CharField(max_length=10, default="pending", db_index=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    next_attempt_at = models.DateTimeField(db_index=True)
    enqueued_at = models.DateTimeField(null=True, blank=True)
    last_status_code = models.PositiveSmallIntegerField(null=True, blank=True)
    last_error = models.CharField(max_length=300, blank=True, default="")
    removed_reason = models.CharField(
        max_length=40, blank=True, default="",
        help_text="why this push removed its subscription (gone, not_found)")
    created_at = models.DateTimeField(default=timezone.now)
    delivered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            # At most once per event: one push per (subscription, notice).
            models.UniqueConstraint(fields=["subscription", "user", "notice_seq"],
                                    name="one_push_per_subscription_and_notice"),
        ]
