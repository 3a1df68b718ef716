"""The reveal deadline of dice scheme 3 (docs/decisions/0029-committed-seeds.md): a game
still `revealing` at its `reveal_by` has its seeds fixed, each seat that did not reveal
withheld (events/writes/seeding.py `fix_seeds`). Beat's sweep finds the games due
(`reveals_due`) and hands each to a worker (`close_reveal`)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone

from ..errors import NotFound
from ..models import Game, GameStatus
from ..writes.locks import locked
from ..writes.seeding import fix_seeds


def reveals_due(now: datetime | None = None, limit: int = 200) -> list[str]:
    """The ids of the revealing games past their deadline, the oldest first."""
    now = now or timezone.now()
    return [str(game_id) for game_id in
            Game.objects.filter(status=GameStatus.REVEALING, reveal_by__lte=now)
            .order_by("reveal_by").values_list("id", flat=True)[:limit]]


def close_reveal(game_id: Any, now: datetime | None = None) -> str:
    """Fix the seeds of the game if it is still revealing and past its deadline.

    Returns "fixed", "not_due", or "stale" (the last reveal fixed them first, or the game
    is gone). Idempotent under the game's row lock: a reveal, a second sweeper or a
    redelivered task that comes second finds the game active and does nothing."""
    with transaction.atomic():
        try:
            game = locked(game_id)
        except NotFound:
            return "stale"
        if game.status != GameStatus.REVEALING:
            return "stale"
        if game.reveal_by is not None and game.reveal_by > (now or timezone.now()):
            return "not_due"
        fix_seeds(game)
        return "fixed"
