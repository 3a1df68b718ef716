"""Benchmark of the service behind a load balancer (a script, not a test; report in
docs/benchmarks.md and docs/scaling.md, "Past one machine").

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379/9 \
        .venv/bin/python -m tests.benchmarks.balancer [--games 40] [--streams 400]

The shape of tests/support/cluster.py: two servers (production's command, one uvicorn
worker each) behind HAProxy (docker/haproxy.cfg), two Celery workers and beat, on a
throwaway PostgreSQL database (`dice_balancer_benchmark`, created and dropped) and Redis.
The client is the live benchmark's (tests/benchmarks/live.py), speaking to the balancer
only:

1. the streams phase of the live benchmark: `--streams` SSE streams over `--games`
   games, held idle (database transactions per stream), then a move every `--interval`
   s in each game for `--seconds`: commit-to-arrival at every stream of the game, and
   GET /api/v1/game-types meanwhile;
2. then the most moves it takes: `--busy-games` new games, each played with no pause between
   moves (the awaited seat's random legal action; GET legal-actions, then POST) for
   `--seconds`, no streams open: moves/s and /game-types meanwhile.

Bounded: at most ~4 minutes; every process and the database are removed at the end.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

import aiohttp

from games.core.legal import expand_all
from tests.benchmarks.live import Bench, ms, pct, ready_to_measure, status_field
from tests.support.cluster import Cluster

ROOT = Path(__file__).resolve().parents[2]


class BalancedBench(Bench):
    DB = "dice_balancer_benchmark"
    LOG = "/tmp/dice-balancer-benchmark.log"  # (the cluster's processes log in its folder)
    WORKERS = 1  # uvicorn workers per server: two servers, two workers in all

    def __init__(self, args: argparse.Namespace) -> None:
        super().__init__(args)
        self.cluster: Cluster | None = None
        self.post_took: list[float] = []  # each POST /actions of the most-moves phase
        self.workdir = tempfile.TemporaryDirectory(prefix="dice-balancer-bench-")

    def env(self) -> dict[str, str]:
        # The web processes send Celery's work to Redis, where the two workers take it.
        return {**super().env(), "DICE_TEST_WORKER": "1"}

    def start_server(self) -> None:
        subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
                       cwd=ROOT, env=self.env(), check=True)
        self.cluster = Cluster(Path(self.workdir.name), self.env(), workers=self.WORKERS)
        self.cluster.start()
        self.url = self.cluster.url

    def stop_server(self) -> None:
        if self.cluster:
            self.cluster.stop()
        self.workdir.cleanup()

    def workers(self) -> list[int]:
        """The uvicorn worker processes of both servers."""
        assert self.cluster
        from tests.support.processes import children
        return [w for s in self.cluster.servers if s for w in children(s.pid)]

    def workers_rss(self) -> int:
        return sum(status_field(p, "VmRSS") for p in self.workers())

    async def play(self, session: aiohttp.ClientSession, game: dict, until: float,
                   rng: random.Random) -> None:
        """With an interval: the live benchmark's paced moves. Without: one move after
        the other until `until` or the game's end."""
        if self.args.interval:
            return await super().play(session, game, until, rng)
        path = f"/games/{game['id']}"
        while time.monotonic() < until:
            for token in rng.sample(game["tokens"], 2):
                listing = await self.call(session, "GET", f"{path}/legal-actions", token)
                actions = [a for a in expand_all(listing["actions"]) if a["type"] != "resign"]
                if actions:
                    sent, began = time.time(), time.monotonic()
                    result = await self.call(session, "POST", f"{path}/actions", token,
                                             {"expected_version": listing["version"],
                                              "action": rng.choice(actions)})
                    self.post_took.append(time.monotonic() - began)
                    last = result["events"][-1]
                    key = (game["id"], last["seq"])
                    self.moves[key] = datetime.fromisoformat(last["recorded_at"]).timestamp()
                    self.posted[key] = sent
                    break
            else:
                return  # nobody may move: the game is over

    async def most_moves_phase(self, session: aiohttp.ClientSession) -> None:
        """Many games (a Snake Bones game ends after a few dozen moves), so that games
        still run when the phase ends."""
        began = time.monotonic()
        games, self.args.games = self.args.games, self.args.busy_games
        try:
            await self.setup_games(session)
        finally:
            self.args.games = games
        set_up = time.monotonic() - began
        interval, self.args.interval = self.args.interval, 0.0
        try:
            probe = await self.moves_phase(session, self.args.seconds, per_game=0)
        finally:
            self.args.interval = interval
        moves = len(self.moves)
        self.report += [
            (f"### the most moves: {len(self.games)} new games (set up in {set_up:.0f} s), "
            "each played with no pause, no stream open"), "",
            (f"- moves: {moves} in {self.args.seconds:.0f} s "
            f"({moves / self.args.seconds:.1f}/s); POST /actions p50 "
            f"{ms(pct(self.post_took, 50))}, p99 {ms(pct(self.post_took, 99))}"),
            (f"- GET /api/v1/game-types meanwhile ({len(probe)} requests): "
            f"p50 {ms(pct(probe, 50))}, p99 {ms(pct(probe, 99))}, max {ms(max(probe))}"),
            f"- {self.cpu_line()}", ""]

    async def run(self) -> None:
        connector = aiohttp.TCPConnector(limit=0, force_close=False)
        async with aiohttp.ClientSession(connector=connector) as session:
            await self.ready(session)
            began = time.monotonic()
            await self.setup_games(session)
            self.report.append(f"set-up: {len(self.games)} games, {2 * len(self.games)} "
                               f"players in {time.monotonic() - began:.0f} s\n")
            await self.streams_phase(session)
            await self.most_moves_phase(session)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--streams", type=int, default=400)
    parser.add_argument("--seconds", type=float, default=30, help="each moves phase's length")
    parser.add_argument("--interval", type=float, default=2,
                        help="mean seconds between two moves of one game (streams phase)")
    parser.add_argument("--busy-games", type=int, default=150,
                        help="games of the most-moves phase")
    parser.add_argument("--idle", type=float, default=10)
    args = parser.parse_args()
    args.port, args.polls, args.wave = 0, 0, False  # the live benchmark's, unused here
    bench = BalancedBench(args)
    ready_to_measure(bench)
    bench.serve(timeout=240)
    print(f"## behind HAProxy, {os.cpu_count()} cores: two servers (gunicorn, one uvicorn "
          "worker each), two Celery workers and beat, PostgreSQL and Redis on loopback; "
          f"load average before {bench.load_before}, after {os.getloadavg()[0]:.1f}\n")
    print("\n".join(bench.report))


if __name__ == "__main__":
    main()
