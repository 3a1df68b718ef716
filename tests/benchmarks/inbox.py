"""The inbox of a player with 500 games (issue #27 item 1: "inbox p99 for a user with 500
games"), against the service served as in production (uvicorn, two worker processes,
PostgreSQL, Redis, the production limits but the user throttle, raised so that nothing is
refused).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \\
    REDIS_URL=redis://127.0.0.1:6379/12 .venv/bin/python -m tests.benchmarks.inbox

A throwaway database is created on DATABASE_URL's server and dropped at the end; the
Redis database of REDIS_URL is flushed first (use one of your own). The games are written
as rows in bulk (as tests/api/test_inbox.py does): `--games` unfinished games of one
player, five sixths active two-seat games (half awaiting her, a third of those with a
clock and its deadline) and a sixth lobby tables that invite her; and `--others` active
games between other players beside them. Then, over real HTTP, one request at a time:
`--requests` first pages (`GET /me/games`, 20 games), as many `my_turn=true` first pages,
`--walks` full walks of the pages (`next`) at 20 and at 100 games a page; and
`--clients` clients at once, each asking for `--requests // --clients` first pages in a
row. Prints p50 / p99 / max of each, and the queries a page costs (counted in this
process through Django's test client on the same database: the server's code, not its
sockets)."""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from tests.benchmarks.matchmaking import serve
from tests.clocks.worker import free_port
from tests.support.concurrency import at_once

ROOT = Path(__file__).resolve().parents[2]
API = "/api/v1"
T0 = datetime(2026, 1, 1, tzinfo=UTC)


def get(base: str, url: str, token: str) -> tuple[dict[str, Any], float]:
    """GET `url` (a path under the API, or a whole `next` link): the payload and seconds."""
    full = url if url.startswith("http") else base + API + url
    request = urllib.request.Request(full, headers={"Authorization": f"Token {token}"})
    began = time.perf_counter()
    with urllib.request.urlopen(request, timeout=30) as answer:
        payload = json.loads(answer.read())
    return payload, time.perf_counter() - began


def spread(seconds: list[float]) -> str:
    ordered = sorted(seconds)
    cut = statistics.quantiles(ordered, n=100, method="inclusive")
    return (f"p50 {cut[49] * 1000:.1f} ms, p99 {cut[98] * 1000:.1f} ms, "
            f"max {ordered[-1] * 1000:.1f} ms (n={len(ordered)})")


def users(names: list[str]) -> list[Any]:
    """Accounts (each with its player, made by the account's signal) and their tokens."""
    from django.contrib.auth import get_user_model

    from accounts.services import issue_token

    model = get_user_model()
    made = [model.objects.create(username=name, password="!") for name in names]
    return [(user, issue_token(user).key) for user in made]


def games(me: Any, others: list[Any], n: int, background: int) -> int:
    """`me`'s n unfinished games and `background` games of the others, as rows, in bulk;
    how many of `me`'s await her."""
    from events.models import Deadline, Event, Game, GameStatus, Seat

    invitations = n // 6
    active = [(me, others[i % len(others)], i) for i in range(n - invitations)]
    active += [(others[i % len(others)], others[(i + 1) % len(others)], i)
               for i in range(background)]
    rows = [Game(game_type="snake-bones", seats=2, status=GameStatus.ACTIVE, creator=a,
                 version=1, server_seed="s" * 64, server_seed_hash="h" * 64,
                 awaiting={str(i % 2): "bid"}, turn_timeout=3600 if i % 3 == 0 else None)
            for a, _, i in active]
    Game.objects.bulk_create(rows, batch_size=1000)
    Seat.objects.bulk_create([Seat(game=g, number=s, user=u) for g, (a, b, _) in
                              zip(rows, active) for s, u in ((0, a), (1, b))], batch_size=2000)
    Deadline.objects.bulk_create(
        [Deadline(game=g, seat=i % 2, kind="bid", version=1, started_at=T0,
                  due_at=T0 + timedelta(minutes=i)) for g, (_, _, i) in zip(rows, active)
         if g.turn_timeout], batch_size=2000)
    Event.objects.bulk_create([Event(game=g, seq=1, type="table_seated", actor="system",
                                     recorded_at=T0 - timedelta(minutes=i), prev_hash="0" * 64,
                                     hash="1" * 64) for g, (_, _, i) in zip(rows, active)],
                              batch_size=2000)
    lobbies = [Game(game_type="snake-bones", seats=2, status=GameStatus.LOBBY,
                    creator=others[i % len(others)], server_seed="s" * 64,
                    server_seed_hash="h" * 64, invited=[me.player.id])
               for i in range(invitations)]
    Game.objects.bulk_create(lobbies)
    Seat.objects.bulk_create([Seat(game=g, number=0, user=g.creator) for g in lobbies])
    return sum(1 for _, _, i in active[:n - invitations] if i % 2 == 0)


def walk(base: str, token: str, limit: int) -> tuple[list[float], int]:
    """Every page in turn by `next`: each page's seconds, and the games seen."""
    url: str | None = f"/me/games?limit={limit}"
    took, seen = [], 0
    while url:
        page, seconds = get(base, url, token)
        took.append(seconds)
        seen += len(page["results"])
        url = page["next"]
    return took, seen


def queries_per_page(token: str) -> str:
    """The queries of a first page, a later page and a `my_turn=true` page, counted in
    this process against the same database."""
    import logging

    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    logging.getLogger("dice.access").setLevel(logging.WARNING)  # its lines, not the server's
    client = Client(headers={"Authorization": f"Token {token}"})
    first = client.get(API + "/me/games").json()
    counts = []
    for url in (API + "/me/games", first["next"], API + "/me/games?my_turn=true"):
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200
        counts.append(len(queries))
    return f"first page {counts[0]}, a later page {counts[1]}, my_turn=true {counts[2]}"


def measure(base: str, token: str, args: argparse.Namespace) -> None:
    for _ in range(10):  # warm both workers (and the token's last use, written once a minute)
        get(base, "/me/games", token)
    first = [get(base, "/me/games", token)[1] for _ in range(args.requests)]
    print(f"- first page (20 games), one at a time: {spread(first)}")
    turn = [get(base, "/me/games?my_turn=true", token)[1] for _ in range(args.requests)]
    print(f"- my_turn=true first page, one at a time: {spread(turn)}")
    for limit in (20, 100):
        pages: list[float] = []
        walks = []
        for _ in range(args.walks):
            began = time.perf_counter()
            took, seen = walk(base, token, limit)
            walks.append(time.perf_counter() - began)
            pages += took
        print(f"- full walk at {limit} a page: {len(took)} pages, {seen} games; per page "
              f"{spread(pages)}; whole walk p50 {statistics.median(walks) * 1000:.0f} ms, "
              f"max {max(walks) * 1000:.0f} ms")
    each = args.requests // args.clients
    began = time.perf_counter()
    answers = at_once(args.clients, lambda _: [get(base, "/me/games", token)[1]
                                               for _ in range(each)], timeout=120)
    took = time.perf_counter() - began
    together = [s for a in answers if a is not None for s in a]
    print(f"- first page, {args.clients} clients at once ({each} each, {took:.1f} s, "
          f"{len(together) / took:.0f} pages/s): {spread(together)}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--others", type=int, default=5000)
    parser.add_argument("--requests", type=int, default=400)
    parser.add_argument("--walks", type=int, default=10)
    parser.add_argument("--clients", type=int, default=8)
    args = parser.parse_args()
    server_url = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres")
    redis_url = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/12")
    parts = urlsplit(server_url)
    name = f"dg_inbox_{os.getpid()}"
    admin = ["psql", urlunsplit(parts._replace(path="/postgres")), "-qc"]
    subprocess.run([*admin, f"CREATE DATABASE {name}"], check=True)
    workdir = Path(tempfile.mkdtemp(prefix="inbox-"))
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings",
           "DATABASE_URL": urlunsplit(parts._replace(path=f"/{name}")), "REDIS_URL": redis_url,
           "DICE_VAR_DIR": str(workdir), "DICE_ENV": "development",
           "DICE_THROTTLE_USER": "100000/min"}  # one user asks far more than 1,200 a minute
    os.environ.update(env)
    server = None
    try:
        subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env,
                       check=True)
        flush = "import os, redis; redis.Redis.from_url(os.environ['REDIS_URL']).flushdb()"
        subprocess.run([sys.executable, "-c", flush], env=env, check=True)
        import django

        django.setup()
        made = users([f"player{i}" for i in range(50)])
        (me, token), others = made[0], [user for user, _ in made[1:]]
        awaiting = games(me, others, args.games, args.others)
        subprocess.run(["psql", env["DATABASE_URL"], "-qc", "VACUUM ANALYZE"], check=True)
        print(f"## One player's inbox: {args.games} unfinished games ({awaiting} awaiting "
              f"her, {args.games // 6} invitations), {args.others} other games beside")
        print(f"- queries per page: {queries_per_page(token)}")
        port = free_port()
        server = serve(env, workdir, port)
        measure(f"http://127.0.0.1:{port}", token, args)
    finally:
        if server is not None:
            server.terminate()
            server.wait(20)
        from django.db import connections

        connections.close_all()
        subprocess.run([*admin, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"], check=False)


if __name__ == "__main__":
    main()
