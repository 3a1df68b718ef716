"""Benchmark of a burst of moves under held streams (issue #35 item 3; a script, not a
test; report in docs/benchmarks.md).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379/9 \
        .venv/bin/python -m tests.benchmarks.burst [--games 200] [--streams 2000]

The server, games and streams of tests/benchmarks/live.py (one uvicorn server, two
workers, Snake Bones games of two, `--streams` SSE streams spread over them, half per
player). Once every stream has caught up, both players of every game post their first
stake at once (`--games` x 2 moves, gathered in one go), while another process times
`GET /api/v1/game-types` 5 times a second. For every move, the time from its POST's
answer to the arrival of its last event at each stream of its game (an arrival before the
answer counts as 0); every event must arrive. Bounded: ~3 minutes, the server and the
database removed at the end whatever happens.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import time
from datetime import datetime
from typing import Any

import aiohttp

from .live import Bench, ms, pct, ready_to_measure

PROBE_SECONDS = 15.0  # the probe's window: the burst starts 2 s into it


class Burst(Bench):
    """live.py's bench with one phase: the streams held, then every game's two stakes."""

    DB = "dice_burst_benchmark"
    LOG = "/tmp/dice-burst-benchmark-server.log"

    def __init__(self, args: argparse.Namespace) -> None:
        super().__init__(args)
        self.answered: dict[tuple[str, int], float] = {}

    async def stake(self, session: aiohttp.ClientSession, game: dict, token: str) -> None:
        """One player's first stake (both seats are awaited at a round's start)."""
        sent = time.time()
        # `If-Match: *`: the two stakes of a game are posted at once, in either order.
        headers = {"Authorization": f"Token {token}", "If-Match": "*"}
        async with session.post(f"{self.url}/api/v1/games/{game['id']}/actions",
                                json={"action": {"type": "stake", "coins": 1}},
                                headers=headers) as response:
            result = await response.json(content_type=None)
            if response.status != 201:
                raise RuntimeError(f"stake: {response.status} {result}")
        answered = time.time()
        last = result["events"][-1]
        key = (game["id"], last["seq"])
        self.moves[key] = datetime.fromisoformat(last["recorded_at"]).timestamp()
        self.posted[key], self.answered[key] = sent, answered

    async def burst(self, session: aiohttp.ClientSession) -> tuple[list[float], float, int]:
        """Every game's two stakes at once, 2 s into the probe's window; the probe's
        times, the seconds the burst took to be answered and the refused moves."""
        until = time.monotonic() + PROBE_SECONDS
        probing = asyncio.ensure_future(self.probe(session, until))
        await asyncio.sleep(2)
        began = time.monotonic()
        posts = [self.stake(session, g, token) for g in self.games for token in g["tokens"]]
        results = await asyncio.gather(*posts, return_exceptions=True)
        answered_in = time.monotonic() - began
        refused = sum(isinstance(r, BaseException) for r in results)
        return await probing, answered_in, refused

    def from_answers(self, per_game: int) -> dict[str, Any]:
        seen: dict[tuple[str, int], list[float]] = {}
        for game_id, seq, at in self.arrivals:
            seen.setdefault((game_id, seq), []).append(at)
        after, missing = [], 0
        for key, answered in self.answered.items():
            arrived = seen.get(key, [])
            missing += max(0, per_game - len(arrived))
            after += [max(0.0, at - answered) for at in arrived]
        return {"deliveries": len(after), "missing": missing,
                "p50": pct(after, 50), "p99": pct(after, 99), "max": max(after, default=0.0)}

    async def streams_phase(self, session: aiohttp.ClientSession) -> None:
        per_game = self.args.streams // len(self.games)
        ready, stop = {"n": 0}, asyncio.Event()
        tasks = await self.open_streams(session, per_game, ready, stop)
        await self.settled()
        probe, answered_in, refused = await self.burst(session)
        deadline = time.monotonic() + 35
        while (time.monotonic() < deadline
               and self.from_answers(per_game)["missing"] > 0):
            await asyncio.sleep(0.25)
        got = self.from_answers(per_game)
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.report += [
            f"### {ready['n']} SSE streams over {len(self.games)} games, "
            f"{len(self.answered)} moves posted at once", "",
            f"- the burst answered in {answered_in:.2f} s, {refused} moves refused",
            f"- {got['deliveries']} deliveries, {got['missing']} missing",
            f"- POST answer to arrival at every stream of the game: p50 {ms(got['p50'])}, "
            f"p99 {ms(got['p99'])}, max {ms(got['max'])}",
            f"- GET /api/v1/game-types in the {PROBE_SECONDS:.0f} s around it "
            f"({len(probe)} requests): p50 {ms(pct(probe, 50))}, p99 {ms(pct(probe, 99))}, "
            f"max {ms(max(probe))}", ""]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--streams", type=int, default=2000)
    parser.add_argument("--port", type=int, default=8798)
    parser.add_argument("--db", default="",
                        help=f"the throwaway database (default {Burst.DB})")
    args = parser.parse_args()
    args.polls, args.seconds, args.interval, args.idle, args.wave = 0, 0.0, 8.0, 0.0, False
    bench = Burst(args)
    ready_to_measure(bench)
    random.seed(7)
    bench.serve(timeout=180)
    print(f"## A burst of moves under held streams (load average before: "
          f"{bench.load_before})\n")
    print("\n".join(bench.report))


if __name__ == "__main__":
    main()
