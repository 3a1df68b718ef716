"""Quick play's queues and tickets (events/matchmaking/)."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models

from .games import Game


class TicketStatus(models.TextChoices):
    """A matchmaking ticket's status: its one home (the API's choices are these values)."""

    WAITING = "waiting"
    MATCHED = "matched"
    CANCELLED = "cancelled"
    EXPIRED = "expired"


class MatchQueue(models.Model):
    """One queue of compatible tickets (a game type and its canonical options): its row is
    what a matcher locks, so that matchers of one queue take turns (events/matchmaking/,
    docs/decisions/0012-matchmaking-queue-lock.md)."""

    key = models.CharField(max_length=64, primary_key=True,
                           help_text="SHA-256 of the game type and its canonical options")
    game_type = models.CharField(max_length=40)


class Ticket(models.Model):
    """A player's request for a table (quick play, docs/platform.md): waiting until the
    matcher seats it at a game, cancelled by its player, or expired. A waiting ticket may
    be claimed by a matcher opening its table (claim, claimed_at)."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="tickets")
    game_type = models.CharField(max_length=40)
    options = models.JSONField(default=dict, help_text="canonical: defaults filled in")
    queue = models.ForeignKey(MatchQueue, on_delete=models.PROTECT, related_name="tickets")
    seats_min = models.PositiveSmallIntegerField()
    seats_max = models.PositiveSmallIntegerField()
    fill_with_bots_after = models.PositiveIntegerField(
        null=True, blank=True, help_text="seconds; null: never seated with bots")
    seed_commitment = models.CharField(
        max_length=64, blank=True, default="",
        help_text="dice scheme 3: the commitment carried to the seat the matcher gives; "
        "blank: none")
    bots_at = models.DateTimeField(null=True, blank=True,
                                   help_text="created_at + fill_with_bots_after")
    status = models.CharField(max_length=10, choices=TicketStatus.choices,
                              default=TicketStatus.WAITING)
    game = models.ForeignKey(Game, on_delete=models.PROTECT, null=True, blank=True,
                             related_name="tickets")
    created_at = models.DateTimeField()
    expires_at = models.DateTimeField(db_index=True)
    matched_at = models.DateTimeField(null=True, blank=True)
    # A matcher's claim on a waiting ticket (events/matchmaking/matcher.py): its table is
    # being opened outside the queue's lock. Still `waiting` to its player.
    claim = models.UUIDField(null=True, blank=True)
    claimed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["queue", "status", "created_at"],
                                name="ticket_queue_waiting")]
        constraints = [
            # One waiting ticket per player and game type, whatever races (409 ticket_exists).
            models.UniqueConstraint(fields=["user", "game_type"],
                                    condition=models.Q(status="waiting"),
                                    name="one_waiting_ticket_per_game_type"),
        ]
