"""Benchmark of the player channels (a script, not a test; report in docs/benchmarks.md).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379/4 \
        .venv/bin/python -m tests.benchmarks.channels [--players 2000] [--interval 40]

As tests/benchmarks/live.py (whose set-up, moves and measures it reuses) but for GET
/api/v1/me/stream, on ONE uvicorn process (one worker) with REDIS_URL, on a throwaway
PostgreSQL database (`dice_channel_benchmark`, created and dropped):

1. registers `--players` players, two per Snake Bones game, starts the games, and both
   seats stake (from then on every move asks the other seat: a `your_turn` a move);
2. opens one channel per player (`/me/stream?timeout=300`), waits until each has served
   its first notices, then, held idle, counts the server's database transactions per
   second and its memory (RSS before and after);
3. makes moves in every game (each game one move every `--interval` s on average) for
   `--seconds`; every notice that reaches a channel is timed: latency = arrival - the
   notice's `at` (stamped inside the writing transaction, just before its commit, on this
   machine's clock): a bound on commit-to-arrival;
4. then asks GET /me/notices of every player after the last seq its channel served:
   whatever is there was missed by the channel; the seqs each channel served must be
   1, 2, 3 ... with no gap.

Bounded: every phase has a deadline, the whole run at most ~7 minutes; the server and the
database are removed at the end whatever happens.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import resource
import sys
import time
from datetime import datetime
from typing import Any

import aiohttp

from tests.benchmarks.live import Bench, cpu_seconds, ms, pct, status_field


class ChannelBench(Bench):
    DB = "dice_channel_benchmark"
    WORKERS = 1
    LOG = "/tmp/dice-channel-benchmark-server.log"

    def __init__(self, args: argparse.Namespace) -> None:
        args.games = args.players // 2
        super().__init__(args)
        self.served: dict[str, list[int]] = {}  # token -> seqs its channel served
        self.delays: list[float] = []  # arrival - the notice's `at`, in the moves phase
        self.measuring = False
        self.lags: list[float] = []  # how late this client's loop woke, while measuring

    def workers(self) -> list[int]:
        assert self.server
        return [self.server.pid]  # one process: uvicorn serves in it (no worker processes)

    def workers_rss(self) -> int:
        assert self.server
        return status_field(self.server.pid, "VmRSS")

    async def channel(self, session: aiohttp.ClientSession, token: str, ready: dict[str, int],
                      stop: asyncio.Event) -> None:
        headers = {"Authorization": f"Token {token}", "Accept": "text/event-stream"}
        timeout = aiohttp.ClientTimeout(total=None, sock_read=None)
        seqs = self.served.setdefault(token, [])
        async with session.get(f"{self.url}/api/v1/me/stream?timeout=300", headers=headers,
                               timeout=timeout) as response:
            assert response.status == 200, response.status
            reading = asyncio.ensure_future(self._notices(response, seqs, ready))
            stopping = asyncio.ensure_future(stop.wait())
            await asyncio.wait([reading, stopping], return_when=asyncio.FIRST_COMPLETED)
            reading.cancel()
            stopping.cancel()

    async def _notices(self, response: Any, seqs: list[int], ready: dict[str, int]) -> None:
        async for line in response.content:
            if not line.startswith(b"data: "):
                continue
            arrived = time.time()
            notice = json.loads(line[6:])
            if not seqs:
                ready["n"] += 1
            seqs.append(notice["seq"])
            if self.measuring:
                self.delays.append(arrived - datetime.fromisoformat(notice["at"]).timestamp())

    async def lag(self) -> None:
        """How late this client's own event loop wakes (a sleep of 50 ms, timed): what the
        client adds to every arrival it stamps."""
        loop = asyncio.get_running_loop()
        while True:
            began = loop.time()
            await asyncio.sleep(0.05)
            if self.measuring:
                self.lags.append(loop.time() - began - 0.05)

    async def missed(self, session: aiohttp.ClientSession) -> int:
        gate = asyncio.Semaphore(20)

        async def left(token: str) -> int:
            after = max(self.served[token], default=0)
            async with gate:
                page = await self.call(session, "GET", f"/me/notices?after={after}", token)
            return len(page["notices"])
        return sum(await asyncio.gather(*(left(t) for t in self.served)))

    def gaps(self) -> int:
        return sum(seqs != list(range(1, len(seqs) + 1)) for seqs in self.served.values())

    async def channels_phase(self, session: aiohttp.ClientSession) -> None:
        tokens = [t for g in self.games for t in g["tokens"]]
        ready = {"n": 0}
        stop = asyncio.Event()
        rss_before = self.workers_rss()
        began = time.monotonic()
        tasks = []
        for i in range(0, len(tokens), 100):
            tasks += [asyncio.ensure_future(self.channel(session, t, ready, stop))
                      for t in tokens[i:i + 100]]
            await asyncio.sleep(0.1)
        deadline = time.monotonic() + 90
        while ready["n"] < len(tokens) and time.monotonic() < deadline:
            await asyncio.sleep(0.2)
        opened, held = time.monotonic() - began, ready["n"]
        idle_tps, vacuums = await self.idle_transactions()
        rss_after = self.workers_rss()
        self.measuring = True
        lagging = asyncio.ensure_future(self.lag())
        cpu = cpu_seconds(self.server.pid) if self.server else 0.0
        others = self.others_cpu()
        began = time.monotonic()
        probe = await self.moves_phase(session, self.args.seconds, 0)
        await asyncio.sleep(3)  # the last moves' notices
        self.measuring = False
        # Per second of the phase as it ran (the games' last sleeps end after `--seconds`).
        took = time.monotonic() - began
        cores = ((cpu_seconds(self.server.pid) if self.server else 0.0) - cpu) / took
        rest = ", ".join(f"{name} {(used - others[name]) / took:.2f}"
                         for name, used in self.others_cpu().items())
        lagging.cancel()
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
        missed = await self.missed(session)
        d = self.delays
        self.report += [
            f"### {held} player channels ({len(self.games)} games, one uvicorn process)", "",
            f"- opened and caught up in {opened:.1f} s",
            f"- idle ({self.args.idle:.0f} s, all channels held): {idle_tps:.2f} database "
            f"transactions/s in all ({vacuums} autovacuum runs meanwhile)",
            f"- memory: the server's RSS {rss_before / 1024:.0f} MiB before, "
            f"{rss_after / 1024:.0f} MiB with the channels: "
            f"{(rss_after - rss_before) / max(held, 1):.1f} KiB per channel",
            f"- moves: {len(self.moves)} in {self.args.seconds:.0f} s "
            f"({len(self.moves) / self.args.seconds:.1f}/s); {len(d)} notices delivered, "
            f"{missed} missed (found by GET /me/notices after), {self.gaps()} channels "
            "with a gap in their seqs",
            f"- notice written to arrival: p50 {ms(pct(d, 50))}, p99 {ms(pct(d, 99))}, "
            f"max {ms(max(d, default=float('nan')))}",
            f"- GET /api/v1/game-types meanwhile ({len(probe)} requests): "
            f"p50 {ms(pct(probe, 50))}, p99 {ms(pct(probe, 99))}, max {ms(max(probe))}",
            f"- this client's own loop woke late by p50 {ms(pct(self.lags, 50))}, "
            f"p99 {ms(pct(self.lags, 99))}, max {ms(max(self.lags, default=float('nan')))} "
            "(included in the arrivals above)",
            f"- CPU meanwhile, in cores: the server {cores:.2f}; {rest}", ""]

    async def stake(self, session: aiohttp.ClientSession) -> None:
        """Both seats of every game stake a coin, so that from then on every move (a bid,
        or a call that starts the next round) asks the other seat: a notice a move."""
        gate = asyncio.Semaphore(20)

        async def both(game: dict) -> None:
            for token in game["tokens"]:
                async with gate:
                    result = await self.call(session, "POST", f"/games/{game['id']}/actions",
                                             token, {"expected_version": game["version"],
                                              "action": {"type": "stake", "coins": 1}})
                game["version"] = result["events"][-1]["seq"]
        await asyncio.gather(*(both(g) for g in self.games))

    async def run(self) -> None:
        connector = aiohttp.TCPConnector(limit=0, force_close=False)
        async with aiohttp.ClientSession(connector=connector) as session:
            await self.ready(session)
            began = time.monotonic()
            await self.setup_games(session)
            await self.stake(session)
            self.report.append(f"set-up: {len(self.games)} games, {2 * len(self.games)} "
                               f"players in {time.monotonic() - began:.0f} s\n")
            await self.channels_phase(session)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--seconds", type=float, default=40, help="moves phase length")
    parser.add_argument("--interval", type=float, default=40,
                        help="mean seconds between two moves of one game")
    parser.add_argument("--idle", type=float, default=10)
    parser.add_argument("--port", type=int, default=8793)
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 65536), hard))
    bench = ChannelBench(args)
    load_before = f"{os.getloadavg()[0]:.1f}"
    gc.freeze()
    gc.disable()  # as tests/benchmarks/live.py: the client's collector must not count
    bench.serve(timeout=420)
    print(f"## player channels, {os.cpu_count()} cores, one uvicorn process, PostgreSQL "
          f"and Redis on loopback; load average before {load_before}, after "
          f"{os.getloadavg()[0]:.1f}\n", file=sys.stdout)
    print("\n".join(bench.report))


if __name__ == "__main__":
    main()
