"""The clocks' and the bots' work, one row a due turn: a decision's deadline, a bot's turn."""

from __future__ import annotations

from django.db import models

from .games import Game


class Deadline(models.Model):
    """An awaited seat's clock: a read-model row written with the events that start it."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="deadlines")
    seat = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=40)
    version = models.PositiveIntegerField(help_text="the head version this deadline applies to")
    started_at = models.DateTimeField()
    due_at = models.DateTimeField(db_index=True)
    warn_at = models.DateTimeField(null=True, blank=True)
    warned = models.BooleanField(default=False)
    continuation = models.BooleanField(
        default=False, help_text="the clock already acted this turn: finish it at once")
    enqueued_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="one_deadline_per_seat"),
        ]


class BotTurn(models.Model):
    """A seat the bot plays, awaited at `version`: a read-model row written with the events
    that ask for it (events/bots/), so the sweeper finds a bot move whose task was lost.

    A bot's own seat, or a player's seat on autoplay (played by the game's basic bot)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="bot_turns")
    seat = models.PositiveSmallIntegerField()
    level = models.CharField(max_length=20, help_text="the bot level that plays it")
    version = models.PositiveIntegerField(help_text="the head version the move is for")
    due_at = models.DateTimeField(db_index=True, help_text="when the bot moves")
    enqueued_at = models.DateTimeField(null=True, blank=True)
    failed = models.BooleanField(default=False,
                                 help_text="the bot raised: the seat is left to its clock")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="one_bot_turn_per_seat"),
        ]
