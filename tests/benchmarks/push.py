"""Benchmark of Web Push (a script, not a test; report in docs/benchmarks.md, "Web Push").

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379/3 \
        .venv/bin/python -m tests.benchmarks.push [--games 200] [--seconds 30] [--interval 8]

As tests/benchmarks/live.py (whose server, set-up and moves it reuses: two uvicorn worker
processes, Snake Bones games of two, each game a move every `--interval` s on average, the
live benchmark's rate) on a throwaway PostgreSQL database (`dice_push_benchmark`, created
and dropped) and Redis, plus ONE Celery worker process (`--pool=solo`, with beat: the
sweeper and the projector run in it too) and the test push service
(tests/support/push_service.py, real TLS on 127.0.0.1, every push's VAPID JWT verified
and its body decrypted) in this process:

1. registers 2 players per game, subscribes each to Web Push, starts the games (both
   seats stake; from then on every move pushes `your_turn` to the other seat), and waits
   until the start's pushes are all in;
2. moves for `--seconds`: each push is timed from the move's commit (its last event's
   `recorded_at`, stamped just before the commit) to its arrival at the push service, so
   a bound on commit to the push leaving the worker (plus a TLS handshake on loopback);
3. stops the worker (SIGSTOP) while moves are made for `--backlog-seconds`, then resumes
   it: the pushes per second with which one worker drains the backlog.

Bounded: the whole run at most ~6 minutes; the server, the worker, the push service and
the database are removed at the end whatever happens.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import aiohttp
import psycopg
from cryptography.hazmat.primitives.asymmetric import ec

from tests.benchmarks.live import ROOT, Bench, cpu_seconds, ms, pct, ready_to_measure
from tests.support.push_service import PushService, b64url, point


class PushBench(Bench):
    DB = "dice_push_benchmark"
    WORKERS = 2
    LOG = "/tmp/dice-push-benchmark-server.log"

    def __init__(self, args: argparse.Namespace) -> None:
        super().__init__(args)
        key = ec.generate_private_key(ec.SECP256R1())
        self.vapid_key = b64url(key.private_numbers().private_value.to_bytes(32, "big"))
        self.folder = Path(f"/tmp/{self.DB}")
        self.service = PushService(self.folder / "tls", b64url(point(key.public_key())))
        self.worker: subprocess.Popen | None = None
        self.clients: dict[str, Any] = {}  # player token -> the test service's Client

    def env(self) -> dict[str, str]:
        return {**super().env(), "DICE_TEST_WORKER": "1",  # the broker: Redis, not memory
                "DICE_PUSH_ENABLED": "true", "DICE_VAPID_PRIVATE_KEY": self.vapid_key,
                "DICE_PUSH_EXTRA_CA_FILE": str(self.service.ca_file)}

    def serve(self, timeout: float) -> None:
        self.service.start()
        try:
            super().serve(timeout)
        finally:
            self.service.stop()

    def start_server(self) -> None:
        super().start_server()
        self.worker = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "config", "worker", "--beat",
             "--pool=solo", "--loglevel=WARNING", "--without-mingle", "--without-gossip",
             "--without-heartbeat", "-s", str(self.folder / "beat-schedule")],
            cwd=ROOT, env=self.env(), stdout=self.log, stderr=subprocess.STDOUT,
            start_new_session=True)

    def stop_server(self) -> None:
        if self.worker and self.worker.poll() is None:
            self.worker.send_signal(signal.SIGCONT)
            self.worker.terminate()
            try:
                self.worker.wait(15)
            except subprocess.TimeoutExpired:
                self.worker.kill()
                self.worker.wait(5)
        super().stop_server()

    async def subscribe(self, session: aiohttp.ClientSession) -> None:
        gate = asyncio.Semaphore(20)

        async def one(token: str) -> None:
            client = self.service.subscribe()
            async with gate:
                await self.call(session, "POST", "/me/push-subscriptions", token,
                                client.subscription())
            self.clients[token] = client
        await asyncio.gather(*(one(t) for g in self.games for t in g["tokens"]))

    async def quiet(self, seconds: float = 3, deadline: float = 60) -> None:
        """Until no push has arrived for `seconds` (`deadline` at most)."""
        end = time.monotonic() + deadline
        count, since = len(self.service.received), time.monotonic()
        while time.monotonic() < end:
            await asyncio.sleep(0.25)
            if len(self.service.received) != count:
                count, since = len(self.service.received), time.monotonic()
            elif time.monotonic() - since >= seconds:
                return

    async def make_moves(self, session: aiohttp.ClientSession, seconds: float) -> None:
        self.moves.clear()
        self.posted.clear()
        until = time.monotonic() + seconds
        rng = random.Random(11)
        await asyncio.gather(*(self.play(session, g, until, random.Random(rng.random()))
                               for g in self.games))

    def timed(self, since: int) -> list[float]:
        """Commit-to-arrival of the pushes received after index `since` that a measured
        move caused (a stake while the other seat is awaited already pushes nothing)."""
        arrived = {(r.payload["game"], r.payload["version"]): r.at
                   for r in self.service.received[since:] if r.status == 201}
        return [arrived[key] - at for key, at in self.moves.items() if key in arrived]

    def outbox(self) -> str:
        """The push rows by status, from the database."""
        with psycopg.connect(self.db_url, autocommit=True) as conn:
            rows = conn.execute("SELECT status, count(*) FROM events_pushdelivery "
                                "GROUP BY status ORDER BY status").fetchall()
        return ", ".join(f"{status} {count}" for status, count in rows)

    async def run(self) -> None:
        connector = aiohttp.TCPConnector(limit=0)
        async with aiohttp.ClientSession(connector=connector) as session:
            await self.ready(session)
            began = time.monotonic()
            await self.setup_games(session)
            await self.subscribe(session)
            # Both seats stake at once: a first stake calls no one; from the second on,
            # every move asks the other seat (a `your_turn` push a move).
            await self.make_moves(session, 2 * self.args.interval)
            await self.quiet()
            self.report.append(f"set-up: {len(self.games)} games, {len(self.clients)} players "
                               f"each with a subscription, in {time.monotonic() - began:.0f} s;"
                               f" {len(self.service.received)} pushes so far\n")
            assert self.worker is not None
            worker_cpu = cpu_seconds(self.worker.pid)
            since = len(self.service.received)
            await self.make_moves(session, self.args.seconds)
            await self.quiet()
            used = (cpu_seconds(self.worker.pid) - worker_cpu) / self.args.seconds
            delays = self.timed(since)
            rate = len(self.moves) / self.args.seconds
            self.report += [
                f"### Under the live benchmark's move rate ({self.args.seconds:.0f} s)\n",
                "| | |", "| --- | --- |",
                f"| moves / s | {rate:.1f} |",
                f"| moves / pushes they caused, timed | {len(self.moves)} / {len(delays)} |",
                f"| commit → at the push service, p50 / **p99** / max | {ms(pct(delays, 50))} / "
                f"**{ms(pct(delays, 99))}** / {ms(max(delays, default=float('nan')))} |",
                f"| the worker's CPU (cores) | {used:.2f} |",
                f"| pushes refused by the service (bad JWT, undecryptable) | "
                f"{len(self.service.rejected)} |", ""]
            # The backlog: the worker stopped while moves are made, then resumed.
            self.worker.send_signal(signal.SIGSTOP)
            since = len(self.service.received)
            await self.make_moves(session, self.args.backlog_seconds)
            backlog = len(self.moves)
            resumed = time.time()
            worker_cpu = cpu_seconds(self.worker.pid)
            self.worker.send_signal(signal.SIGCONT)
            await self.quiet()
            drained = [r.at for r in self.service.received[since:]]
            span = max(drained, default=resumed) - resumed
            used = (cpu_seconds(self.worker.pid) - worker_cpu) / span if span > 0 else 0
            self.report += [
                f"### One worker draining a backlog ({backlog} moves made while it was "
                "stopped)\n", "| | |", "| --- | --- |",
                f"| pushes delivered / seconds from resume to the last | {len(drained)} / "
                f"{span:.1f} |",
                f"| **pushes per second, one worker** | **{len(drained) / span:.0f}** |"
                if span > 0 else "| pushes per second | (none) |",
                f"| the worker's CPU meanwhile (cores) | {used:.2f} |",
                f"| pushes refused by the service | {len(self.service.rejected)} |",
                f"| the outbox at the end (every push of the run) | {self.outbox()} |", ""]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30, help="moves phase length")
    parser.add_argument("--interval", type=float, default=8,
                        help="mean seconds between two moves of one game (live.py's rate)")
    parser.add_argument("--backlog-seconds", type=float, default=20)
    parser.add_argument("--port", type=int, default=8797)
    parser.add_argument("--db", default="", help=f"the throwaway database (default "
                                                 f"{PushBench.DB})")
    args = parser.parse_args()
    bench = PushBench(args)
    ready_to_measure(bench)
    bench.serve(timeout=360)
    print(f"## Web Push, {os.cpu_count()} cores, one uvicorn server (2 workers), one Celery "
          "worker (solo pool, with beat), the test push service in the client's process; "
          "PostgreSQL and Redis on loopback; load average before "
          f"{bench.load_before}, after {os.getloadavg()[0]:.1f}\n")
    print("\n".join(bench.report))


if __name__ == "__main__":
    main()
