"""Webhook registrations and their deliveries (events/webhooks/)."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from .games import Game


class WebhookEvent(models.TextChoices):
    """What a webhook may be notified of: its one home (the API's choices are these)."""

    YOUR_TURN = "your_turn"
    GAME_STARTED = "game_started"
    GAME_OVER = "game_over"
    CLOCK_WARNING = "clock_warning"


class Webhook(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="webhooks")
    url = models.URLField(max_length=500)
    secret = models.CharField(max_length=700,
                              help_text="whsec_ + base64 of the key (events/webhooks/signing.py)")
    previous_secret = models.CharField(
        max_length=700, blank=True, default="",
        help_text="during a rotation: the secret before it, which still signs too")
    previous_secret_until = models.DateTimeField(
        null=True, blank=True, help_text="when the previous secret stops signing on its own")
    events = models.JSONField(default=list, help_text="WebhookEvent values")
    active = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]


class DeliveryStatus(models.TextChoices):
    PENDING = "pending"
    DELIVERED = "delivered"
    FAILED = "failed"


class Delivery(models.Model):
    """One notification to one webhook: an outbox row, retried with backoff."""

    webhook = models.ForeignKey(Webhook, on_delete=models.CASCADE, related_name="deliveries")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, null=True, blank=True)
    kind = models.CharField(max_length=20, choices=WebhookEvent.choices)
    payload = models.JSONField()
    status = models.CharField(max_length=10, choices=DeliveryStatus.choices,
                              default=DeliveryStatus.PENDING, db_index=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    next_attempt_at = models.DateTimeField(db_index=True)
    enqueued_at = models.DateTimeField(null=True, blank=True)
    last_status_code = models.PositiveSmallIntegerField(null=True, blank=True)
    last_error = models.CharField(max_length=300, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    delivered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["id"]
