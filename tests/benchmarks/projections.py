"""Benchmark of the projections (docs/projections.md; not a test: run by hand, report in
docs/benchmarks.md).

    DATABASE_URL=postgres://... .venv/bin/python -m tests.benchmarks.projections
    ... -m tests.benchmarks.projections --events 200000 --lag-seconds 20

1. Rebuild throughput: stores `--events` events (1,000,000 by default) of finished rated
   games (copies of random games of every type, each copy with its own id, players and
   hash chain), then `rebuild`s each projection and reports events per second (every
   stored event counted: the feed reads the games' last events, each projection reads each
   finished game's whole stream once).
2. Commit -> leaderboard lag: a writer commits finished rated games at `--rate` games per
   second for `--lag-seconds` (their rows made beforehand: the writer only inserts), while
   a projector runs as the worker does when kicked at each game's end; for each game, the
   time from its commit to its rating change being served (the leaderboard's rows
   updated): p50, p99, max. With `--worker`, the projector is a real Celery worker (a
   subprocess, `celery -A config worker`, prefork, `--concurrency 2`, on REDIS_URL), kicked
   after each commit as a game's end kicks it (`events.tasks.enqueue_projection`), and a
   watcher reads the rating changes every 20 ms; `--beat` adds beat to it, as deployed.
   `--events 0` skips the rebuilds. `--into NAME`: the lag phase alone, in an existing
   database (nothing created or dropped): run beside `tests.benchmarks.live`, into its
   database (`dice_live_benchmark`), for the lag under the live benchmark's load, its
   moves' transactions in the same database as the finished games.

A throwaway database is created and dropped (never the test suite's).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import threading
import time
import uuid
from typing import Any

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings_test")
if "--worker" in sys.argv:
    os.environ["DICE_TEST_WORKER"] = "1"     # the test settings' broker: Redis, not memory

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.db import connection, transaction  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402

from events import store  # noqa: E402
from events.store import chain  # noqa: E402
from events.tasks import enqueue_projection, project  # noqa: E402
from events.models import Event, Game, GameStatus, RatingChange  # noqa: E402
from events.projections.registry import PROJECTIONS, run_all  # noqa: E402
from events.projections.runner import rebuild, run  # noqa: E402
from games.service_events import SeedRevealed, TableSeat, TableSeated  # noqa: E402
from tests.support.streams import _rules_events  # noqa: E402

PLAYERS = {"snake-bones": 4, "bamboozled": 5, "dark-knights": 3, "skip-bo-dice": 3,
           "bare-bones": 3}
TEMPLATES = 6            # random games per type, copied
POOL = 2000              # players
CHUNK = 2000             # rows per INSERT


def templates(creator: Any) -> list[tuple[str, int, list[Event]]]:
    """Random finished games of every type, as rows made once (copied by `copy_rows`)."""
    out = []
    for slug, players in PLAYERS.items():
        for seed in range(TEMPLATES):
            batches = _rules_events(slug, players, random.Random(seed))
            game = Game(id=uuid.uuid4(), game_type=slug, seats=players, creator=creator)
            rows: list[Event] = []
            for actor, events in batches:
                rows += store.append(game, store.Batch(events, actor=actor), write=False)
            out.append((slug, players, rows))
    return out


def copy_rows(creator: Any, template: tuple, rng: random.Random) -> tuple[Game, list[Event]]:
    """A copy of a template game with its own id, players and hash chain."""
    slug, players, body = template
    game = Game(id=uuid.uuid4(), game_type=slug, seats=players, creator=creator,
                server_seed="0" * 64, server_seed_hash="1" * 64, rated=True,
                status=GameStatus.FINISHED)
    seats = rng.sample(range(POOL), players)
    seated = TableSeated(game_id=str(game.id), game_type=slug, options={},
                         server_seed_hash="1" * 64, dice_scheme=2, rated=True,
                         seats=tuple(TableSeat(seat=n, player=f"p_bench{p:019d}",
                                               client_seed="") for n, p in enumerate(seats)))
    rows = store.append(game, store.Batch([seated], actor="system"), write=False)
    prev, now = rows[0].hash, rows[0].recorded_at
    for seq, proto in enumerate(body, start=2):
        row = Event(game=game, seq=seq, type=proto.type, schema_version=proto.schema_version,
                    data=proto.data, private=proto.private, actor=proto.actor,
                    command=proto.command, draws=proto.draws, idempotency_key=None,
                    recorded_at=now, prev_hash=prev, hash="")
        row.hash = prev = chain.event_hash(chain.row_body(row))
        rows.append(row)
    game.version = len(rows)
    game.head_hash = prev
    rows += store.append(game, store.Batch([SeedRevealed(
        server_seed="0" * 64, server_seed_hash="1" * 64, client_seeds=("",) * players,
        dice_used=0)], actor="system"), write=False)
    return game, rows


def store_games(creator: Any, count_events: int, rng: random.Random) -> tuple[int, int, float]:
    """Store finished games until `count_events` events; (games, events, seconds)."""
    made = templates(creator)
    games, events, began = 0, 0, time.perf_counter()
    pending_games: list[Game] = []
    pending_rows: list[Event] = []

    def flush() -> None:
        with transaction.atomic():
            Game.objects.bulk_create(pending_games)
            for at in range(0, len(pending_rows), CHUNK):
                store.insert(pending_rows[at:at + CHUNK])
        pending_games.clear()
        pending_rows.clear()

    while events < count_events:
        game, rows = copy_rows(creator, rng.choice(made), rng)
        pending_games.append(game)
        pending_rows.extend(rows)
        games, events = games + 1, events + len(rows)
        if len(pending_rows) >= 20 * CHUNK:
            flush()
            print(f"  stored {events} events", flush=True)
    flush()
    return games, events, time.perf_counter() - began


def rebuild_report(creator: Any, count_events: int) -> list[str]:
    games, events, took = store_games(creator, count_events, random.Random(1))
    lines = [f"- stored {events:,} events of {games:,} finished rated games in {took:.0f} s",
             "", "| projection | rebuild | events per second |", "| --- | --- | --- |"]
    for name, projection in PROJECTIONS.items():
        began = time.perf_counter()
        applied = rebuild(projection)
        while applied < games:      # the feed waits for transactions open on the cluster
            time.sleep(0.05)
            applied += run(projection)
        seconds = time.perf_counter() - began
        assert applied == games, (name, applied, games)
        lines.append(f"| {name} | {seconds:.1f} s | {events / seconds:,.0f} |")
    return lines


def start_worker(beat: bool) -> subprocess.Popen:
    """A Celery worker on this benchmark's database, as deployed (prefork), 2 processes."""
    env = {**os.environ, "DATABASE_URL": database_url(), "DICE_TEST_WORKER": "1",
           "DJANGO_SETTINGS_MODULE": "config.settings_test", "DICE_LOG_LEVEL": "WARNING"}
    command = [sys.executable, "-m", "celery", "-A", "config", "worker", "--concurrency", "2",
               "--loglevel", "WARNING"]
    if beat:
        command += ["--beat", "--schedule", "/tmp/dice-projections-bench-beat"]
    proc = subprocess.Popen(command, env=env)
    deadline = time.monotonic() + 60
    while not project.app.control.ping(timeout=1):   # ready: it answers
        assert time.monotonic() < deadline and proc.poll() is None, "the worker did not start"
    return proc


def database_url() -> str:
    base = os.environ["DATABASE_URL"].rsplit("/", 1)[0]
    return f"{base}/{connection.settings_dict['NAME']}"


def lag_report(creator: Any, seconds: float, rate: float, worker: bool = False) -> list[str]:
    made = templates(creator)
    rng = random.Random(2)
    ready = [copy_rows(creator, rng.choice(made), rng) for _ in range(int(seconds * rate) + 1)]
    committed: dict[uuid.UUID, float] = {}
    seen: dict[uuid.UUID, float] = {}
    stop = threading.Event()

    def writer() -> None:
        try:
            for game, rows in ready:
                if stop.is_set():
                    break
                with transaction.atomic():
                    game.save(force_insert=True)
                    store.insert(rows)
                committed[game.id] = time.perf_counter()
                if worker:
                    enqueue_projection()        # as a game's end kicks it after commit
                time.sleep(1 / rate)
        finally:
            connection.close()

    def projector() -> None:
        try:
            while not stop.is_set() or len(seen) < len(committed):
                if not worker:
                    run_all()
                now = time.perf_counter()
                for game_id in RatingChange.objects.filter(
                        game_id__in=[g for g in list(committed) if g not in seen]
                ).values_list("game_id", flat=True).distinct():
                    seen[game_id] = now
                time.sleep(0.02 if worker else 0.05)
        finally:
            connection.close()

    threads = [threading.Thread(target=writer), threading.Thread(target=projector)]
    for thread in threads:
        thread.start()
    time.sleep(seconds)
    stop.set()
    for thread in threads:
        thread.join(120)
    began = min(committed.values())
    late = sorted((committed[g] - began, seen[g] - committed[g]) for g in seen
                  if g in committed and seen[g] - committed[g] > 1)
    lags = sorted(seen[g] - committed[g] for g in seen if g in committed)
    p = lambda q: lags[min(len(lags) - 1, int(q * len(lags)))]  # noqa: E731
    projector = ("a Celery worker kicked after each commit" if worker
                 else "the projector polling every 50 ms")
    return [f"- {len(lags)} finished rated games committed at ~{rate:g}/s for {seconds:g} s, "
            f"{projector}: commit -> leaderboard updated "
            f"p50 {p(0.5) * 1000:.0f} ms, p99 {p(0.99) * 1000:.0f} ms, "
            f"max {lags[-1] * 1000:.0f} ms (mean {statistics.mean(lags) * 1000:.0f} ms)",
            f"- over 1 s: {len(late)} games, committed at (s after the first) -> lag (s): "
            + ", ".join(f"{at:.1f} -> {lag:.1f}" for at, lag in late)]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--events", type=int, default=1_000_000)
    parser.add_argument("--lag-seconds", type=float, default=30)
    parser.add_argument("--rate", type=float, default=20, help="finished games per second")
    parser.add_argument("--worker", action="store_true",
                        help="the projector is a Celery worker kicked after each commit")
    parser.add_argument("--beat", action="store_true", help="the worker runs beat too")
    parser.add_argument("--into", help="an existing database: the lag phase alone, there")
    args = parser.parse_args()
    if args.into:
        connection.settings_dict["NAME"] = args.into
        lag_phase(args, f"bench_lag_{os.getpid()}")
        return
    setup_test_environment()
    if connection.vendor == "postgresql":  # never the test suite's database
        connection.settings_dict.setdefault("TEST", {})["NAME"] = "dicegames_projections_bench"
    name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        print("## Projections\n")
        if args.events:
            creator = get_user_model().objects.create_user("bench", password="x")
            print("\n".join(rebuild_report(creator, args.events)))
            print()
        lag_phase(args, "bench_lag")
    finally:
        connection.close()
        connection.creation.destroy_test_db(name, verbosity=0)


def lag_phase(args: argparse.Namespace, username: str) -> None:
    creator = get_user_model().objects.create_user(username, password="x")
    worker = start_worker(args.beat) if args.worker else None
    try:
        print("\n".join(lag_report(creator, args.lag_seconds, args.rate, worker is not None)))
    finally:
        connection.close()
        if worker is not None:
            worker.terminate()
            worker.wait(30)


if __name__ == "__main__":
    main()
