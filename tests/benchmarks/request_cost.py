"""The server CPU of one request, by kind (issue #35; a script, not a test; figures in
docs/decisions/0033-cost-of-a-move.md).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379/7 \\
        .venv/bin/python -m tests.benchmarks.request_cost [--seconds 6] [--games 16]

The service as tests/benchmarks/peer.py serves it (gunicorn, two uvicorn workers, the
production settings) on a throwaway database; `--games` clients at once repeat one kind
of request for `--seconds`, kind after kind, from a bare Django answer (`/healthz`) to
the two GETs of a move. Prints each kind's rate, the server's and PostgreSQL's CPU per
request (from /proc over its window) and the load average: what a request costs before
the game is touched, and what a move's GETs add.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import time
from collections.abc import Callable
from typing import Any

import aiohttp

from tests.benchmarks.floor import Client, product_games, wait_up
from tests.benchmarks.peer import Shipped, postgres_cpu, session_cpu, shipped_service

Path = Callable[[dict], str]
KINDS: list[tuple[str, Path, bool]] = [  # (kind, path of a table, with its token)
    ("GET /healthz (Django, no DRF)", lambda g: "/healthz", False),
    ("GET /api/v1/game-types (DRF, anonymous)", lambda g: "/api/v1/game-types", False),
    ("GET /api/v1/me (DRF, a token)", lambda g: "/api/v1/me", True),
    ("GET /api/v1/games/{id}", lambda g: f"/api/v1/games/{g['id']}", True),
    ("GET /api/v1/games/{id}/legal-actions",
     lambda g: f"/api/v1/games/{g['id']}/legal-actions", True),
]


async def repeat(client: Client, tables: list[dict], path: Path, token: bool,
                 seconds: float) -> tuple[int, float, float]:
    """Requests made, the server's and PostgreSQL's CPU ms per request."""
    assert client.service.proc is not None
    made, end = 0, time.monotonic() + seconds

    async def loop(table: dict) -> None:
        nonlocal made
        headers = {"Authorization": f"Token {table['tokens'][0]}"} if token else {}
        while time.monotonic() < end:
            async with client.session.get(client.service.url + path(table),
                                          headers=headers) as response:
                await response.read()
            made += 1

    cpu, pg = session_cpu(client.service.proc.pid), postgres_cpu()
    await asyncio.gather(*(loop(t) for t in tables))
    cpu, pg = session_cpu(client.service.proc.pid) - cpu, postgres_cpu() - pg
    return made, cpu * 1000 / max(1, made), pg * 1000 / max(1, made)


async def measure(service: Shipped, games: int, seconds: float) -> list[str]:
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:
        client: Any = Client(service, session)
        tables = await product_games(client, games)
        rows = []
        for kind, path, token in KINDS:
            made, cpu, pg = await repeat(client, tables, path, token, seconds)
            rows.append(f"| {kind} | {made / seconds:.0f}/s | {cpu:.2f} ms | {pg:.2f} ms | "
                        f"{os.getloadavg()[0]:.1f} |")
        return rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=6)
    args = parser.parse_args()
    admin = os.environ["DATABASE_URL"].rsplit("/", 1)[0] + "/postgres"
    service = shipped_service(admin, os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/7"))
    try:
        service.database(create=True)
        service.manage("migrate", "-v", "0")
        service.start()
        asyncio.run(wait_up(service))
        rows = asyncio.run(asyncio.wait_for(
            measure(service, args.games, min(args.seconds, 60)), 600))
    finally:
        service.stop()
        service.database(create=False)
    print(f"| request ({args.games} clients at once) | rate | server CPU a request "
          "| PostgreSQL CPU a request | load avg (1 min) |")
    print("| --- | --- | --- | --- | --- |")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
