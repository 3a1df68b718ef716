"""Waiting live answers hold no database connection in the served process
(api/live_bodies.py), and no more than the one idle thread Django's own ASGI handler gives
each request (decision 0023): 200 long polls and 200 streams held open at once on one
uvicorn process whose pool has 4 connections, its threads counted from outside (/proc),
as an operator would; once the clients leave, the threads are let go."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Iterator

import aiohttp
import pytest
from django.conf import settings
from django.contrib.auth import get_user_model

from api.live import RedisSlots
from tests.clocks.worker import wait_until
from tests.support.api import started
from tests.support.server import Server

pytestmark = [pytest.mark.served, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

HELD = 200
# Threads the served process may add while the requests are checked and then wait: the
# request's own (lent, idle while it waits: one per waiting request, 2 x HELD), and a few
# more (the Redis listener, the threads a burst of reads ran on).
SPARE_THREADS = 50
# Threads kept once every request has ended: config/asgi.py keeps this many idle for later
# requests (KEEP_IDLE) and lets the others go.
KEPT_AFTER = 64


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    served = Server(tmp_path, DICE_STREAMS_PER_USER=str(2 * HELD + 10), DICE_DB_POOL_SIZE="4",
                    DICE_DB_POOL_TIMEOUT="5", DICE_LONG_POLL_MAX="60", DICE_EMBEDDED_POLL="0")
    served.start()
    try:
        yield served
    finally:
        served.stop()


def threads_of(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("Threads:"):
            return int(line.split()[1])
    raise AssertionError("no Threads line")


async def hold(server: Server, token: str, game_id: str, version: int) -> dict[str, int]:
    """Opens HELD long polls, then HELD streams; the server's threads and the database's
    connections before, and while all of them wait."""
    assert server.proc is not None
    pid = server.proc.pid
    headers = {"Authorization": f"Token {token}"}
    counts = {"threads_before": threads_of(pid)}
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(server.url, headers=headers, connector=connector) as session:
        async def poll() -> bytes:
            async with session.get(f"/api/v1/games/{game_id}/events?after={version}&wait=30",
                                   ) as answer:
                assert answer.status == 200
                return await answer.read()
        polls = [asyncio.ensure_future(poll()) for _ in range(HELD)]
        streams = []
        for _ in range(HELD):  # were connections held, the pool's 5 s wait would end in 503s
            stream = await asyncio.wait_for(session.get(
                f"/api/v1/games/{game_id}/stream?timeout=30&after={version}"), 10)
            streams.append(stream)
            assert stream.status == 200, f"stream {len(streams)}: {stream.status}"
        await asyncio.sleep(2)  # every poll checked and waiting
        assert not [p.result() for p in polls if p.done()], "a poll answered with nothing new"
        counts["threads_waiting"] = threads_of(pid)
        # The pool (4 connections) serves another request at once: none is held.
        began = time.monotonic()
        async with session.get(f"/api/v1/games/{game_id}") as other:
            counts["other_status"] = other.status
        counts["other_ms"] = int((time.monotonic() - began) * 1000)
        for waiting in polls:
            waiting.cancel()
        for stream in streams:
            stream.close()
    # The requests end as the server sees their clients gone: their threads are let go.
    wait_until(lambda: threads_of(pid) - counts["threads_before"] <= KEPT_AFTER + SPARE_THREADS,
               20, "the threads of ended requests were kept", lambda: str(threads_of(pid)))
    counts["threads_after"] = threads_of(pid)
    return counts


def test_two_hundred_long_polls_and_streams_wait_holding_no_connection_and_one_idle_thread(
        server: Server, players) -> None:  # type: ignore[no-untyped-def]
    a, _, game_id, version = started(players)
    began = time.monotonic()
    counts = asyncio.run(hold(server, a.token, game_id, version))
    assert time.monotonic() - began < 60
    assert counts["threads_waiting"] - counts["threads_before"] <= 2 * HELD + SPARE_THREADS, counts
    # Every request opened on a pool of 4 connections (5 s to wait for one: 200 checks at
    # once on a loaded machine queue for a few seconds; held connections would never come
    # back), and another is answered at once: none is held by a waiting request.
    assert counts["other_status"] == 200 and counts["other_ms"] < 3000, counts
    if settings.REDIS_URL:  # the slots are counted in Redis, which this test can read
        # The clients went away mid-wait: each body's end gave its slot back at once.
        user = get_user_model().objects.get(username=a.username)
        wait_until(lambda: RedisSlots(settings.REDIS_URL).count(user.pk) == 0, 5,
                   "the slots of the requests whose clients went away were kept",
                   lambda: str(RedisSlots(settings.REDIS_URL).count(user.pk)))
