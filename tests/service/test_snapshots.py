"""Snapshots are derived data (issue #13): a state rebuilt from a snapshot and the events
after it equals the full replay, for every game type; deleting every snapshot changes no
answer; a snapshot of other rules (another code version) is never read."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from events import selectors, store, writes
from events.models import Game, Snapshot
from events.store import snapshots
from games.core import codec
from games.core.legal import sample
from games.registry import GAMES
from tests.support.harness import moves as moves_but_resign

EVERY = 6


def _play(slug: str, moves: int, captured: Any) -> Game:
    rules = GAMES[slug]
    users = [get_user_model().objects.create_user(f"{slug}-{i}") for i in range(rules.min_players)]
    game = writes.create_game(user=users[0], game_type=slug, seats=len(users))
    for user in users[1:]:
        writes.join_game(user=user, game_id=game.id)
    with captured(execute=True):
        writes.start_game(user=users[0], game_id=game.id, first_player=0)
    rng = random.Random(3)
    for _ in range(moves):
        game = Game.objects.get(id=game.id)
        if game.status != "active":
            break
        state = store.state_at(game)
        seat = rng.choice(sorted(rules.awaiting(state)))
        action = sample(rng.choice(moves_but_resign(rules, state, seat)), rng.randrange)
        with captured(execute=True):
            writes.submit_action(user=users[seat], game_id=game.id, action=action,
                                 expected_version=game.version)
    return Game.objects.get(id=game.id)


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_a_state_from_a_snapshot_equals_the_full_replay(
        slug: str, db: Any, monkeypatch: pytest.MonkeyPatch,
        django_capture_on_commit_callbacks: Any) -> None:
    monkeypatch.setattr(snapshots, "SNAPSHOT_EVERY", EVERY)
    game = _play(slug, 60, django_capture_on_commit_callbacks)
    taken = list(Snapshot.objects.filter(game=game).values_list("version", flat=True))
    assert len(taken) >= 2, taken  # written by the write path, after commit
    rules = GAMES[slug]
    views = {}
    for version in range(game.version + 1):
        store.CACHE.clear()
        from_snapshot = store.state_at(game, version)
        assert from_snapshot == store.replay(game, version), version
        if from_snapshot is not None:
            views[version] = json.dumps(rules.view(from_snapshot, 0), sort_keys=True)
    # Deleting every snapshot changes no answer.
    Snapshot.objects.filter(game=game).delete()
    for version, view in views.items():
        store.CACHE.clear()
        assert json.dumps(rules.view(store.state_at(game, version), 0), sort_keys=True) == view


def test_a_snapshot_of_other_rules_is_never_read(
        db: Any, monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any) -> None:
    monkeypatch.setattr(snapshots, "SNAPSHOT_EVERY", EVERY)
    game = _play("snake-bones", 20, django_capture_on_commit_callbacks)
    assert Snapshot.objects.filter(game=game).exists()
    # A stale snapshot (a wrong state) under the current rules' version would be read...
    current = snapshots.rules_version(game.game_type)
    Snapshot.objects.filter(game=game).update(state={"broken": True})
    assert snapshots.latest(game, game.version) is None  # unreadable: ignored
    # ... but one of another code version is not even looked at.
    Snapshot.objects.filter(game=game).update(rules_version="0" * 32)
    monkeypatch.setattr(snapshots, "rules_version", lambda game_type: current)
    assert snapshots.latest(game, game.version) is None
    store.CACHE.clear()
    assert store.state_at(game) == store.replay(game, game.version)
    assert selectors.view_at(game, 0) is not None


def test_the_codec_rebuilds_every_state_of_a_random_game() -> None:
    from games.core import GameConfig
    from games.core.options import resolve_options
    from tests.support.harness import RandomDice

    for slug, rules in sorted(GAMES.items()):
        rng = random.Random(11)
        dice = RandomDice(rng)
        options = resolve_options(rules.options, {"target": 400} if slug == "dark-knights" else {})
        state = None
        for event in rules.setup(GameConfig(rules.max_players, options, 0), dice):
            state = rules.evolve(state, event)
        for _ in range(400):
            raw = json.loads(json.dumps(codec.encode(state)))
            assert codec.decode(type(state), raw) == state, slug
            if rules.outcome(state) is not None:
                break
            seat = rng.choice(sorted(rules.awaiting(state)))
            action = sample(rng.choice(moves_but_resign(rules, state, seat)), rng.randrange)
            for event in rules.decide(state, seat, action, dice):
                state = rules.evolve(state, event)
