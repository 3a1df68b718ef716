"""The projection machinery: commit order, checkpoints, idempotency, rebuild, kill -9."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.db import connection, transaction

from events.models import Checkpoint, Event
from events.projections import feed
from events.projections.registry import PROJECTIONS, run_all
from events.projections.runner import Projection, apply_events, rebuild, reset, run
from tests.clocks import worker
from tests.projections.records import GAME_TYPES, caught_up, eventually, read_models, users
from tests.support.streams import stored_game

pytestmark = pytest.mark.django_db(transaction=True)
ROOT = Path(__file__).resolve().parents[2]


def _games(players: list[str], count: int, seed: int = 0) -> None:
    creator = get_user_model().objects.get(player__id=players[0])
    for i in range(count):
        stored_game(creator, GAME_TYPES[i % len(GAME_TYPES)], players[:2 + i % 2],
                    seed=seed + i, rated=True)


def _recorder() -> tuple[Projection, list[int]]:
    seen: list[int] = []
    return Projection(name="recorder", types=frozenset({"seed_revealed"}),
                      reset=seen.clear, apply=lambda row: seen.append(row.id)), seen


def test_rebuild_gives_what_the_incremental_runs_gave() -> None:
    ids = [u.player.id for u in users(3)]
    for step in range(3):
        _games(ids, 4, seed=10 * step)
        run_all()
    caught_up(run_all, PROJECTIONS)
    served = read_models()
    assert served["RatingChange"] and served["PlayerStatistics"] and served["PlayedGame"]
    for projection in PROJECTIONS.values():
        rebuild(projection)
    caught_up(run_all, PROJECTIONS)
    assert read_models() == served


def test_an_event_applied_twice_changes_nothing() -> None:
    ids = [u.player.id for u in users(3)]
    _games(ids, 5)
    caught_up(run_all, PROJECTIONS)
    served = read_models()
    last = feed.read({"seed_revealed"}, feed.START, 1000)
    assert len(last) == 5
    for projection in PROJECTIONS.values():
        assert apply_events(projection, last) == 0      # at or before the checkpoint
        assert run(projection) == 0
    for name in ("history", "ratings"):                  # idempotent on their own too
        for row in last:
            PROJECTIONS[name].apply(row)
    assert read_models() == served


def test_a_second_projector_skips_a_locked_checkpoint() -> None:
    ids = [u.player.id for u in users(2)]
    _games(ids, 2)
    projection, seen = _recorder()
    eventually(lambda: run(projection) >= 0 and len(seen) == 2)
    assert Checkpoint.objects.get(name="recorder").applied == 2


@pytest.mark.postgres
def test_transactions_committed_out_of_id_order_are_both_seen() -> None:
    """A holds a lower id and commits after B: a reader by "last id seen" would have
    passed A's event when it read B's; the feed waits for A, then reads both."""
    ids = [u.player.id for u in users(2)]
    creator = get_user_model().objects.get(player__id=ids[0])
    projection, seen = _recorder()
    a_inserted, b_committed, a_may_commit = (threading.Event(), threading.Event(),
                                             threading.Event())
    games: dict[str, object] = {}

    def first() -> None:
        try:
            with transaction.atomic():
                games["a"] = stored_game(creator, "snake-bones", ids, seed=1)
                a_inserted.set()
                assert a_may_commit.wait(30)
        finally:
            connection.close()

    def second() -> None:
        try:
            assert a_inserted.wait(30)
            games["b"] = stored_game(creator, "bare-bones", ids, seed=2)
            b_committed.set()
        finally:
            connection.close()

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for t in threads:
        t.start()
    assert b_committed.wait(30)
    run(projection)              # A is still open: B's event is not read yet
    assert seen == []
    a_may_commit.set()
    for t in threads:
        t.join(30)
    a_end = Event.objects.get(game_id=games["a"], type="seed_revealed")
    b_end = Event.objects.get(game_id=games["b"], type="seed_revealed")
    assert a_end.id < b_end.id    # A's ids are lower, its commit was later
    eventually(lambda: run(projection) >= 0 and len(seen) == 2)
    assert seen == [a_end.id, b_end.id]


@pytest.mark.postgres
def test_a_projector_killed_mid_way_then_restarted_gives_the_same_result() -> None:
    ids = [u.player.id for u in users(4)]
    _games(ids, 30)
    for projection in PROJECTIONS.values():
        rebuild(projection)
    caught_up(run_all, PROJECTIONS)
    uninterrupted = read_models()
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings_test",
           "DATABASE_URL": worker.test_database_url()}
    for projection in PROJECTIONS.values():
        reset(projection)
    command = [sys.executable, "manage.py", "projections", "run", "--batch", "1"]
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    try:
        eventually(lambda: Checkpoint.objects.filter(name="history", applied__gte=3).exists())
        process.kill()                                  # kill -9, mid-way
        process.wait(10)
    finally:
        if process.poll() is None:
            process.kill()
    assert read_models() != uninterrupted               # it did stop half-way
    def restarted() -> None:
        done = subprocess.run([sys.executable, "manage.py", "projections", "run"], cwd=ROOT,
                              env=env, capture_output=True, timeout=120)
        assert done.returncode == 0, done.stderr
    caught_up(restarted, PROJECTIONS)
    assert read_models() == uninterrupted


def test_the_command_runs_rebuilds_and_shows_each_projection() -> None:
    ids = [u.player.id for u in users(2)]
    _games(ids, 2)
    out = io.StringIO()
    call_command("projections", "rebuild", "ratings", stdout=out)
    call_command("projections", "status", stdout=out)
    text = out.getvalue()
    assert "ratings: 2 events applied" in text and "history: never run" in text
    assert "ratings: 2 events, at (" in text
    with pytest.raises(CommandError):
        call_command("projections", "run", "leaderboards")
