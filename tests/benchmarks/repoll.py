"""The cost of a long poll's check (a script, not a test; report in docs/benchmarks.md).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379/9 \
        .venv/bin/python -m tests.benchmarks.repoll [--seconds 20] [--clients 20]

Every long-poll delivery ends a request and the client opens the next one, which the
server checks in full (the token, the throttles, a stream slot, the game) before it
waits. This measures that cost alone: one uvicorn worker on PostgreSQL and Redis, games
that a held long poll keeps followed in the process (as in tests/benchmarks/live.py),
and `--clients` clients each sending `GET /events?after=<head>&wait=0.05` again and
again (`--rate` requests a second in all): a check, a 50 ms wait, the empty page. Reported:
requests per second, the worker's CPU per request (from /proc), and PostgreSQL's and Redis's.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import time

import aiohttp

from tests.benchmarks.live import Bench, cpu_seconds, ms, pct


class RepollBench(Bench):
    DB = "dice_repoll_benchmark"
    WORKERS = 1
    LOG = "/tmp/dice-repoll-benchmark-server.log"

    def worker_pid(self) -> int:
        assert self.server
        return self.server.pid  # one worker: uvicorn serves in its own process

    async def holder(self, session: aiohttp.ClientSession, game: dict) -> None:
        """A long poll held on the game, so that the process follows it."""
        headers = {"Authorization": f"Token {game['tokens'][0]}"}
        while True:
            async with session.get(f"{self.url}/api/v1/games/{game['id']}/events"
                                   f"?after={game['version']}&wait=30",
                                   headers=headers) as response:
                await response.read()

    async def client(self, session: aiohttp.ClientSession, game: dict, token: str,
                     until: float, took: list[float], errors: list[int]) -> None:
        headers = {"Authorization": f"Token {token}"}
        url = f"{self.url}/api/v1/games/{game['id']}/events?after={game['version']}&wait=0.05"
        gap = self.args.clients / self.args.rate  # each client's share of --rate
        next_at = time.monotonic() + random.uniform(0, gap)
        while time.monotonic() < until:
            await asyncio.sleep(max(0.0, next_at - time.monotonic()))
            next_at += gap
            began = time.monotonic()
            async with session.get(url, headers=headers) as response:
                await response.read()
                if response.status != 200:
                    errors.append(response.status)
                    continue
            took.append(time.monotonic() - began)

    async def run(self) -> None:
        connector = aiohttp.TCPConnector(limit=0)
        async with aiohttp.ClientSession(connector=connector) as session:
            await self.ready(session)
            await self.setup_games(session)
            holders = [asyncio.ensure_future(self.holder(session, g)) for g in self.games]
            await asyncio.sleep(1)
            took: list[float] = []
            errors: list[int] = []
            warm = time.monotonic() + 3  # warm up: connections, pools, caches
            await asyncio.gather(*(self.client(session, self.games[i % len(self.games)],
                                               self.games[i % len(self.games)]["tokens"][i % 2],
                                               warm, [], errors)
                                   for i in range(self.args.clients)))
            others = self.others_cpu()
            pid = self.worker_pid()
            used = cpu_seconds(pid)
            began = time.monotonic()
            until = began + self.args.seconds
            await asyncio.gather(*(self.client(session, self.games[i % len(self.games)],
                                               self.games[i % len(self.games)]["tokens"][i % 2],
                                               until, took, errors)
                                   for i in range(self.args.clients)))
            spent = time.monotonic() - began
            worker = cpu_seconds(pid) - used
            rest = {k: v - others[k] for k, v in self.others_cpu().items()}
            for task in holders:
                task.cancel()
            await asyncio.gather(*holders, return_exceptions=True)
        n = len(took)
        self.report += [
            f"- {n} checked long polls in {spent:.0f} s from {self.args.clients} clients: "
            f"{n / spent:.0f}/s, {len(errors)} errors",
            f"- each (a check, a 50 ms wait, the empty page): p50 {ms(pct(took, 50))}, "
            f"p99 {ms(pct(took, 99))}",
            f"- the worker's CPU: {worker / n * 1000:.2f} ms a request "
            f"({worker / spent:.2f} cores)",
            "- and per request: " + ", ".join(f"{k} {v / n * 1000:.2f} ms"
                                              for k, v in rest.items())]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--rate", type=float, default=100,
                        help="requests per second in all, at most (below what saturates "
                             "the worker, so that the CPU a request costs is its own)")
    parser.add_argument("--port", type=int, default=8798)
    bench = RepollBench(parser.parse_args())
    bench.serve(timeout=180)
    print(f"## a long poll's check, {os.cpu_count()} cores, one uvicorn worker, PostgreSQL "
          f"and Redis on loopback; load average after {os.getloadavg()[0]:.1f}\n")
    print("\n".join(bench.report))


if __name__ == "__main__":
    main()
