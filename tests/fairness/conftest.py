"""Finished games and step-by-step walks, played once per game type and reused.

The JSON collected stays valid after each test's database rollback, so the tests that
only read it share one game per type instead of playing their own.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from typing import Any, Callable

import pytest

from events.models import Event, Game
from games import registry
from games.core.challenges import reporter_of

from .play import audit_of, chooser_for, finished, seated
from tests.support.api import playing
from games.core.legal import expand_all

_AUDITS: dict[str, dict[str, Any]] = {}
_WALKS: dict[str, "Walk"] = {}
CALLS = ("bluff_called", "spot_on_called")


@dataclass
class Step:
    """What was served before one move: every response text, per reader."""

    version: int
    hashes: list[str]
    served: dict[str, str] = field(default_factory=dict)
    challenges: dict[str, dict[str, Any]] = field(default_factory=dict)
    calls: list[tuple[int, dict[str, Any]]] = field(default_factory=list)


@dataclass
class Walk:
    seed: str
    steps: list[Step] = field(default_factory=list)
    answers: list[str] = field(default_factory=list)
    after_the_end: str = ""


def served_text(who: Any, game_id: str) -> str:
    """Everything `who` can read about the game, as one text."""
    paths = ["", "/legal-actions", "/state", "/events", "/challenges", "/audit"]
    bodies = [who.get(f"/games/{game_id}{path}") for path in paths]
    bodies.append(who.get("/games", mine="true"))
    return json.dumps([b.content.decode() for b in bodies])


def record_step(game: Game, readers: dict[str, Any], number: int) -> Step:
    """Every reader's challenge reports (each step for a game that reports challenges);
    everything served to the first reader every other step, to all every sixth."""
    rows = list(Event.objects.filter(game=game).order_by("seq"))
    step = Step(version=len(rows), hashes=[r.hash for r in rows],
                calls=[(r.seq, r.data["dice"]) for r in rows if r.type in CALLS])
    reports = reporter_of(registry.get(game.game_type)) is not None or number % 6 == 0
    for index, (name, who) in enumerate(readers.items()):
        if reports:
            response = who.get(f"/games/{game.id}/challenges")
            assert response.status_code == 200, response.content
            step.challenges[name] = response.json()
        if number % 6 == 0 or (index == 0 and number % 2 == 0):
            step.served[name] = served_text(who, str(game.id))
    return step


def play_walk(players: Callable[[int], list[Any]], make_player: Callable[[], Any],
              slug: str) -> Walk:
    game_id, everyone = seated(players, slug)
    readers = {p.username: p for p in everyone} | {"stranger": make_player()}
    choose, game = chooser_for(slug, 41), Game.objects.get(id=game_id)
    walk = Walk(seed=game.server_seed)
    while (current := everyone[0].game(game_id))["status"] != "finished":
        walk.steps.append(record_step(game, readers, len(walk.steps)))
        seat = current["awaiting"][0]["seat"]
        player = readers[next(s["player"] for s in current["seats"] if s["seat"] == seat)]
        listing = player.legal(game_id)
        answer = player.act(game_id, choose(playing(expand_all(listing["actions"]))),
                            listing["version"])
        assert answer.status_code == 201, answer.content
        if answer.json()["events"][-1]["type"] != "seed_revealed":
            walk.answers.append(answer.content.decode())
    walk.after_the_end = served_text(readers["stranger"], game_id)
    return walk


SEAT1_SEED = "5eed" * 16


@pytest.fixture
def audit_for(players):  # type: ignore[no-untyped-def]
    """audit_for(slug): a finished game's audit (one game per type, played once)."""
    def get(slug: str) -> dict[str, Any]:
        if slug not in _AUDITS:
            # seat 1 commits to a seed in the lobby and reveals it (dice scheme 3)
            game_id, everyone, _ = finished(players, slug, seed=21, seat1=SEAT1_SEED)
            _AUDITS[slug] = audit_of(everyone[0], game_id)
        return copy.deepcopy(_AUDITS[slug])
    return get


@pytest.fixture
def walk_for(players, make_player):  # type: ignore[no-untyped-def]
    """walk_for(slug): a game played move by move, with what every reader was served."""
    def get(slug: str) -> Walk:
        if slug not in _WALKS:
            _WALKS[slug] = play_walk(players, make_player, slug)
        return _WALKS[slug]
    return get
