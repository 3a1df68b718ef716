from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models


class FloorGame(models.Model):
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    version = models.PositiveIntegerField(default=0)
    players = models.JSONField(default=list, help_text="user ids by seat")

    class Meta:
        app_label = "floor_service"


class FloorEvent(models.Model):
    game = models.ForeignKey(FloorGame, on_delete=models.CASCADE)
    seq = models.PositiveIntegerField()
    data = models.JSONField()
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)

    class Meta:
        app_label = "floor_service"
        constraints = [models.UniqueConstraint(fields=["game", "seq"], name="floor_game_seq")]
