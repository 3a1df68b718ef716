"""A player's live channel: the notices and each player's last sequence number
(events/notices/)."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from .games import Game


class NoticeKind(models.TextChoices):
    """What a player's live channel carries (events/notices/): its one home."""

    YOUR_TURN = "your_turn"
    GAME_STARTED = "game_started"
    GAME_FINISHED = "game_finished"
    MATCH_FOUND = "match_found"
    REMATCH_OFFERED = "rematch_offered"
    CLOCK_WARNING = "clock_warning"
    RATING_CHANGED = "rating_changed"
    SEEDS_REQUESTED = "seeds_requested"


class NoticeHead(models.Model):
    """A player's last notice sequence number. Its row is locked (by the upsert that
    raises it) until the writing transaction ends: for one player, seq order is commit
    order (events/notices/store.py)."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                primary_key=True, related_name="notice_head")
    seq = models.PositiveBigIntegerField(default=0)


class PlayerNotice(models.Model):
    """One notice on a player's live channel: public facts only (ids, versions, kinds, a
    public outcome), never a private part of a game. Pruned after
    DICE_NOTICE_RETENTION_DAYS (events/notices/store.py `prune`)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="notices")
    seq = models.PositiveBigIntegerField(help_text="1, 2, 3 ... per player, in commit order")
    kind = models.CharField(max_length=20, choices=NoticeKind.choices)
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="notices")
    version = models.PositiveIntegerField(help_text="the game's version when it was written")
    data = models.JSONField(default=dict, help_text="the kind's public fields")
    created_at = models.DateTimeField(db_index=True)

    class Meta:
        ordering = ["user", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["user", "seq"], name="unique_notice_seq"),
        ]
