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
same transaction as the game's start), as percentiles; and the POSTs' latencies.

Before the rush every player holds their channel open (`GET /me/stream`, SSE), all 1,000
on one asyncio client in a process of its own (as tests/benchmarks/channels.py holds
2,000), which stamps each notice's arrival (`time.time()`, the server's clock: same
machine). After it: every player got exactly one `match_found`, naming their ticket's game
and game type, and the delay from the last ticket a table needed (its `created_at`) to the
last of the table's four players receiving `match_found`, as percentiles. A 503
(`database_unavailable`: no pooled connection came free in time) is retried after its
Retry-After, as a client would, at most RETRIES times.
`--players N` changes the count (a multiple of 4)."""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import resource
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

import aiohttp

from tests.clocks.worker import free_port
from tests.support.concurrency import at_once

ROOT = Path(__file__).resolve().parents[2]
API = "/api/v1"
TIMEOUT = 120   # seconds: the whole rush must be answered within this
RETRIES = 5
OPENING = 90    # seconds: every channel must be open within this
ARRIVING = 60   # seconds after the rush: every `match_found` must have arrived within this


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


def accounts(n: int) -> list[tuple[str, Any]]:
    """n accounts (with their players), a token and the user id each, made in the database."""
    from django.contrib.auth import get_user_model

    from accounts.services import issue_token

    users = get_user_model()
    made = [users.objects.create(username=f"rush{i}", password="!") for i in range(n)]
    return [(issue_token(user).key, user.pk) for user in made]


def hold_channels(base: str, tokens: list[str], path: str, ready: Any, stop: Any) -> None:
    """In a process of its own: every token's channel held open; `ready` set once each has
    answered (its `retry:` line), then every notice's arrival stamped until each channel
    has served a `match_found` or `stop` is set; written to `path` as JSON."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 65536), hard))
    asyncio.run(_hold(base, tokens, Path(path), ready, stop))


async def _hold(base: str, tokens: list[str], path: Path, ready: Any, stop: Any) -> None:
    got: list[list[Any]] = [[] for _ in tokens]  # per player: [arrival, notice] pairs
    opened = [0]
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:
        tasks = []
        for i, token in enumerate(tokens):
            tasks.append(asyncio.ensure_future(_channel(session, base, token, got[i], opened)))
            if i % 100 == 99:
                await asyncio.sleep(0.1)
        deadline = time.monotonic() + OPENING
        while opened[0] < len(tokens) and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
        ready.set()
        while not stop.is_set() and not all(
                any(n["kind"] == "match_found" for _, n in mine) for mine in got):
            await asyncio.sleep(0.1)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    path.write_text(json.dumps({"opened": opened[0], "got": got}))


async def _channel(session: aiohttp.ClientSession, base: str, token: str, got: list[Any],
                   opened: list[int]) -> None:
    headers = {"Authorization": f"Token {token}", "Accept": "text/event-stream"}
    timeout = aiohttp.ClientTimeout(total=None, sock_read=None)
    async with session.get(f"{base}{API}/me/stream?timeout=300", headers=headers,
                           timeout=timeout) as response:
        if response.status != 200:
            got.append([time.time(), {"kind": f"status {response.status}"}])
            return
        async for line in response.content:
            if line.startswith(b"retry:"):
                opened[0] += 1
            elif line.startswith(b"data: "):
                got.append([time.time(), json.loads(line[6:])])


def channel_verdict(users: list[Any], held: dict[str, Any]) -> None:
    """Every player got exactly one `match_found`, naming their ticket's game and game type;
    the delay from a table's last needed ticket to its last player's `match_found`."""
    from events.models import Ticket

    tickets = {t.user_id: t for t in Ticket.objects.all()}
    kinds = Counter(n["kind"] for mine in held["got"] for _, n in mine)
    print(f"- channels open before the rush: {held['opened']} of {len(users)}; "
          f"notices served: {dict(kinds)}")
    found = {user: [(at, n) for at, n in mine if n["kind"] == "match_found"]
             for user, mine in zip(users, held["got"])}
    right = sum(len(mine) == 1 and user in tickets
                and mine[0][1]["game"] == str(tickets[user].game_id)
                and mine[0][1]["game_type"] == tickets[user].game_type
                for user, mine in found.items())
    print(f"- players with exactly one `match_found`, naming their ticket's game and game "
          f"type: {right} of {len(users)}")
    tables: dict[Any, list[Any]] = defaultdict(list)
    for user, mine in found.items():
        if len(mine) == 1 and user in tickets:
            tables[tickets[user].game_id].append((mine[0][0], tickets[user]))
    full = [seats for seats in tables.values() if len(seats) == 4]
    delays = [max(at for at, _ in seats) - max(t.created_at for _, t in seats).timestamp()
              for seats in full]
    carried = [max(at for at, _ in seats) - max(t.matched_at for _, t in seats).timestamp()
               for seats in full]
    if len(delays) > 1:
        print(f"- last needed ticket (`created_at`) to the table's last `match_found` on "
              f"the channel ({len(delays)} tables): {percentiles(delays)}")
        print(f"- of which the match (`matched_at`) to that arrival: {percentiles(carried)}")


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
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 65536), hard))
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
    server = listener = None
    spawn = multiprocessing.get_context("spawn")
    ready, stop = spawn.Event(), spawn.Event()
    try:
        subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env,
                       check=True)
        flush = "import os, redis; redis.Redis.from_url(os.environ['REDIS_URL']).flushdb()"
        subprocess.run([sys.executable, "-c", flush], env=env, check=True)
        import django

        django.setup()
        made = accounts(n)
        tokens = [token for token, _ in made]
        port = free_port()
        server = serve(env, workdir, port)
        base = f"http://127.0.0.1:{port}"
        held = workdir / "channels.json"
        listener = spawn.Process(target=hold_channels,
                                 args=(base, tokens, str(held), ready, stop))
        listener.start()
        ready.wait(OPENING + 30)
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
        listener.join(ARRIVING)
        stop.set()
        listener.join(30)
        channel_verdict([user for _, user in made], json.loads(held.read_text()))
    finally:
        if listener is not None and listener.is_alive():
            listener.terminate()
        if server is not None:
            server.terminate()
            server.wait(20)
        from django.db import connections

        connections.close_all()
        subprocess.run([*admin, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"], check=False)


if __name__ == "__main__":
    main()
