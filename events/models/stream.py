"""The event store: each game's append-only events (PostgreSQL triggers refuse UPDATE,
DELETE and TRUNCATE; nothing here offers either), its snapshots, and the answers kept
for idempotent requests."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from .games import Game


class Event(models.Model):
    """One event of one game's stream. seq runs 1, 2, 3 ... with no gaps per game."""

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="events")
    seq = models.PositiveIntegerField()
    type = models.CharField(max_length=60)
    schema_version = models.PositiveSmallIntegerField(default=1)
    data = models.JSONField(default=dict)
    private = models.JSONField(default=dict, help_text="{seat: payload} seen by that seat only")
    actor = models.CharField(max_length=20, help_text="seat:N, bot:N, clock or system")
    command = models.JSONField(null=True, blank=True,
                               help_text="the action that caused this batch (first event only)")
    draws = models.JSONField(default=list, help_text="[[nonce, sides, value], ...] rolled here")
    idempotency_key = models.CharField(max_length=200, null=True, blank=True)
    recorded_at = models.DateTimeField()
    prev_hash = models.CharField(max_length=64)
    hash = models.CharField(max_length=64)

    class Meta:
        ordering = ["game", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="unique_game_seq"),
        ]


class Snapshot(models.Model):
    """A folded state of a game at `version`, for rules of code version `rules_version`:
    derived data written after commit (events/store/snapshots.py), never the truth.
    Deleting every snapshot changes no answer; one of other rules is never read."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="snapshots")
    version = models.PositiveIntegerField()
    rules_version = models.CharField(max_length=64)
    state = models.JSONField(help_text="games.core.codec's JSON of the rules' state")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "rules_version", "version"],
                                    name="unique_snapshot"),
        ]


class IdempotencyRecord(models.Model):
    """The first answer to an action posted with an Idempotency-Key."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="idempotency_records")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    key = models.CharField(max_length=200)
    fingerprint = models.CharField(max_length=64, help_text="SHA-256 of the canonical request")
    first_seq = models.PositiveIntegerField()
    last_seq = models.PositiveIntegerField()
    version = models.PositiveIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "user", "key"], name="unique_idempotency_key"),
        ]
