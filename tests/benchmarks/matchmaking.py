"""Quick play under a rush (issue #27 item 2): 1,000 players each post a matchmaking
ticket for a 4-seat Snake Bones table at once, against the service served as in
production (uvicorn, two worker processes, PostgreSQL, Redis, the production limits).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \\
    REDIS_URL=redis://127.0.0.1:6379/3 .venv/bin/python -m tests.benchmarks.matchmaking

A throwaway database is created on DATABASE_URL's server and dropped at the end; the
Redis database of REDIS_URL is flushed first (use one of your own). The accounts and
their tokens are made in the database directly (registering 1,000 accounts would measure
the password hasher). Prints the answers' statuses, whether every ticket was matched
exactly once (each game seats exactly its four tickets' players), and the delay from the
last ticket a table needed (its `created_at`) to the table's match (`matched_at`, in the
same transaction as the game's start), as percentiles; and the POSTs' latencies. A 503
(`database_unavailable`: no pooled connection came free in time) is retried after its
Retry-After, as a client would, at most RETRIES times.
`--players N` changes the count (a multiple of 4)."""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections import Counter, defaultdict
from datetime import timedelta
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from tests.clocks.worker import free_port
from tests.support.concurrency import at_once

ROOT = Path(__file__).resolve().parents[2]
API = "/api/v1"
TIMEOUT = 120   # seconds: the whole rush must be answered within this
RETRIES = 5


def post(base: str, token: str) -> tuple[int, Any, float, int]:
    """Post the ticket as a client would: a 503 is retried after its Retry-After (at most
    RETRIES times). The last answer, the time from the first try, the 503s met."""
    body = {"game_type": "snake-bones", "seats": {"min": 4, "max": 4}}
    began, busy = time.perf_counter(), 0
    while True:
        request = urllib.request.Request(
            base + API + "/matchmaking/tickets", data=json.dumps(body).encode(), method="POST",
            headers={"Content-Type": "application/json", "Authorization": f"Token {token}"})
        try:
            with urllib.request.urlopen(request, timeout=TIMEOUT) as answer:
                status, raw, wait = answer.status, answer.read(), 0.0
        except urllib.error.HTTPError as error:
            status, raw = error.code, error.read()
            wait = float(error.headers.get("Retry-After") or 1)
        if status != 503 or busy == RETRIES:
            return (status, json.loads(raw) if raw else None, time.perf_counter() - began,
                    busy)
        busy += 1
        time.sleep(wait)


def percentiles(values: list[float]) -> str:
    ordered = sorted(values)
    cut = statistics.quantiles(ordered, n=100, method="inclusive")
    return (f"p50 {cut[49] * 1000:.0f} ms, p90 {cut[89] * 1000:.0f} ms, "
            f"p99 {cut[98] * 1000:.0f} ms, max {ordered[-1] * 1000:.0f} ms")


def accounts(n: int) -> list[str]:
    """n accounts (with their players) and a token each, made in the database."""
    from django.contrib.auth import get_user_model

    from accounts.services import issue_token

    users = get_user_model()
    return [issue_token(users.objects.create(username=f"rush{i}", password="!")).key
            for i in range(n)]


def verdict(n: int) -> None:
    from events.matchmaking.policy import Waiting, plan
    from events.models import Seat, Ticket

    tickets = list(Ticket.objects.order_by("created_at"))
    print(f"- tickets: {len(tickets)} of {n}; statuses: {dict(Counter(t.status for t in tickets))}")
    groups: dict[Any, list[Any]] = defaultdict(list)
    for ticket in tickets:
        if ticket.game_id is not None:
            groups[ticket.game_id].append(ticket)
    exact = all(len(members) == 4 and {s.user_id for s in Seat.objects.filter(game_id=game)}
                == {t.user_id for t in members} for game, members in groups.items())
    print(f"- games: {len(groups)}; each seats exactly its four tickets' players (no ticket "
          f"in two games): {exact}")
    left = [Waiting(t.id, t.seats_min, t.seats_max, t.created_at, t.bots_at)
            for t in tickets if t.status == "waiting"]
    print(f"- full groups left waiting: {len(plan(left, timezone_now(), timedelta.max))}")
    delays = [(max(m.matched_at for m in members) - max(m.created_at for m in members))
              .total_seconds() for members in groups.values()]
    if len(delays) > 1:
        print(f"- last needed ticket to match: {percentiles(delays)}")


def timezone_now() -> Any:
    from django.utils import timezone

    return timezone.now()


def serve(env: dict[str, str], workdir: Path, port: int) -> subprocess.Popen:
    log = (workdir / "server.log").open("w")
    server = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "config.asgi:application", "--host", "127.0.0.1",
         "--port", str(port), "--workers", "2", "--lifespan", "off", "--no-proxy-headers",
         "--timeout-graceful-shutdown", "3"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    for _ in range(300):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}{API}/game-types", timeout=1):
                return server
        except OSError:
            time.sleep(0.1)
    server.terminate()
    raise SystemExit("the server did not start")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=1000)
    n = parser.parse_args().players
    server_url = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres")
    redis_url = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/3")
    parts = urlsplit(server_url)
    name = f"dg_matchmaking_{os.getpid()}"
    admin = ["psql", urlunsplit(parts._replace(path="/postgres")), "-qc"]
    subprocess.run([*admin, f"CREATE DATABASE {name}"], check=True)
    workdir = Path(tempfile.mkdtemp(prefix="matchmaking-"))
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings",
           "DATABASE_URL": urlunsplit(parts._replace(path=f"/{name}")), "REDIS_URL": redis_url,
           "DICE_VAR_DIR": str(workdir), "DICE_ENV": "development"}
    os.environ.update(env)
    server = None
    try:
        subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env,
                       check=True)
        flush = "import os, redis; redis.Redis.from_url(os.environ['REDIS_URL']).flushdb()"
        subprocess.run([sys.executable, "-c", flush], env=env, check=True)
        import django

        django.setup()
        tokens = accounts(n)
        port = free_port()
        server = serve(env, workdir, port)
        base = f"http://127.0.0.1:{port}"
        began = time.perf_counter()
        answers = at_once(n, lambda i: post(base, tokens[i]), timeout=TIMEOUT)
        took = time.perf_counter() - began
        done = [a for a in answers if a is not None]
        print(f"## {n} tickets for 4-seat tables posted at once ({took:.1f} s)")
        print(f"- answers: {dict(Counter(a[0] for a in done))}; unanswered: {n - len(done)}; "
              f"503 retried: {sum(a[3] for a in done)} times, by {sum(1 for a in done if a[3])}"
              " clients")
        print(f"- POST latency (from the first try): {percentiles([a[2] for a in done])}")
        verdict(n)
    finally:
        if server is not None:
            server.terminate()
            server.wait(20)
        from django.db import connections

        connections.close_all()
        subprocess.run([*admin, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"], check=False)


if __name__ == "__main__":
    main()
