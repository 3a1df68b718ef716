"""Shared by the projections' tests: players, stored games, the read models as values."""

from __future__ import annotations

import time
from typing import Any, Callable

from django.contrib.auth import get_user_model

from events.models import (
    Checkpoint,
    Event,
    PlayedGame,
    PlayerRecord,
    PlayerStatistics,
    Rating,
    RatingChange,
)

GAME_TYPES = ("snake-bones", "bamboozled", "dark-knights", "skip-bo-dice", "bare-bones")


def users(n: int, prefix: str = "rec") -> list[Any]:
    model = get_user_model()
    return [model.objects.create_user(f"{prefix}{i}", password="x") for i in range(n)]


def read_models() -> dict[str, list[tuple]]:
    """Every projection's rows as sorted values (no surrogate ids)."""
    def rows(model: Any) -> list[tuple]:
        names = [f.name for f in model._meta.concrete_fields if f.name != "id"]
        return sorted((tuple(str(v) for v in row) for row in model.objects.values_list(*names)))
    return {model.__name__: rows(model)
            for model in (PlayedGame, PlayerRecord, PlayerStatistics, Rating, RatingChange)}


def eventually(check: Callable[[], bool], seconds: float = 90) -> None:
    """Wait for `check`: the feed reads below the oldest transaction still open in this
    database (docs/projections.md), which another test's may delay."""
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "the projections did not catch up in time"
        time.sleep(0.1)


def caught_up(run: Callable[[], Any], names: Any) -> None:
    """Run the projections until each has applied every game's last event."""
    ends = Event.objects.filter(type="seed_revealed").count()

    def done() -> bool:
        run()
        return all(Checkpoint.objects.get(name=name).applied == ends for name in names)
    eventually(done)
