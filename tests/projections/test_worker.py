"""The worker keeps the projections current: the beat-scheduled task runs them all, and a
game's end kicks it once its batch has committed."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings

from events import tasks
from events.models import RatingChange
from events.projections import reactions
from tests.projections.records import eventually
from tests.support.api import resign

pytestmark = pytest.mark.django_db(transaction=True)


def test_beat_runs_the_projector() -> None:
    entry = settings.CELERY_BEAT_SCHEDULE["project"]
    assert entry["task"] == tasks.project.name == "events.project"
    assert entry["schedule"] == settings.DICE_PROJECTION_INTERVAL


def test_a_game_end_kicks_the_projector_after_commit(api: Any, monkeypatch: Any) -> None:
    kicks: list[int] = []
    monkeypatch.setattr(reactions, "dispatch", lambda: kicks.append(1))
    host, guest = api.register("kick_host"), api.register("kick_guest")
    game = host.post("/games", {"game_type": "dark-knights", "seats": 2, "rated": True}).json()
    guest.join(game["id"])
    host.start(game["id"])
    assert kicks == []                                  # moves that do not end the game
    quitter = next(p for p in (guest, host)
                   if {"type": "resign"} in p.legal(game["id"])["actions"])
    resign(quitter, game["id"])
    assert kicks == [1]
    eventually(lambda: tasks.project() is not None               # what the kicked task runs
               and RatingChange.objects.filter(game_id=game["id"]).count() == 2)
