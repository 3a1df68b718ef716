"""Benchmark of live updates (a script, not a test; report in docs/benchmarks.md).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379/9 \
        .venv/bin/python -m tests.benchmarks.live [--games 200] [--streams 2000] [--polls 1000]

One uvicorn server with two worker processes, on a throwaway PostgreSQL database
(`dice_live_benchmark`, created and dropped) and Redis. One asyncio client (aiohttp) in
this process:

1. registers 2 players per game, opens and starts the games (Snake Bones, 2 seats);
2. opens `--streams` SSE streams spread evenly over the games (half per player), waits
   until each has the game so far, then measures, while they are held idle (after a
   VACUUM ANALYZE, so that autovacuum does not count as the server): the server's
   database transactions per second (pg_stat_database.xact_commit, less this script's
   own), and its memory (RSS of the worker processes, before and after);
3. makes moves in every game (each game one move every `--interval` s on average, the
   awaited seat picking a random legal action) for `--seconds`, and records for every
   stream of the game when the move's last event arrives: latency = arrival - the
   event's recorded_at (stamped just before the commit, on this machine's clock), so a
   bound on commit-to-arrival; meanwhile GET /api/v1/game-types 5 times a second, from a
   process of its own (so that it times the server, not this client's busy loop);
4. the same with `--polls` long polls (`/events?after=N&wait=30`, re-polled at once),
   on a new server and new games: memory that the streams freed would stay in the old
   workers' heap, where the polls' would fit without showing, and games end (a phase on
   the streams' games would carry fewer moves). Opened together and then left idle, the
   polls' first waits run out together (a wave of re-polls within the wait's 3 s
   spread): the moves begin once every poll has come back and the server's workers are
   quiet again, or with `--wave` right away, so that the moves meet the wave.

Each moves phase also reports the CPU each worker process used (cores, from /proc).

Bounded: every phase has a deadline, the whole run at most ~7 minutes; the server and the
database are removed at the end whatever happens.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import resource
import signal
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path
from typing import Any

import aiohttp
import psycopg
import uvloop

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from games.core.legal import expand_all  # noqa: E402

DB = "dice_live_benchmark"


# The /game-types probe, run in a process of its own (Bench.probe): url, token, seconds.
PROBE = """
import asyncio, json, sys, time
import aiohttp, uvloop

async def main(url, token, seconds):
    took = []
    until = time.monotonic() + seconds
    async with aiohttp.ClientSession(headers={"Authorization": "Token " + token}) as session:
        while time.monotonic() < until:
            began = time.monotonic()
            async with session.get(url) as response:
                await response.read()
                assert response.status == 200, response.status
            took.append(time.monotonic() - began)
            await asyncio.sleep(0.2)
    print(json.dumps(took))

uvloop.run(main(sys.argv[1], sys.argv[2], float(sys.argv[3])))
"""


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def ms(value: float) -> str:
    return f"{value * 1000:.0f} ms"


def status_field(pid: int, name: str) -> int:
    """A number from /proc/<pid>/status: VmRSS (KiB), Threads."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(f"{name}:"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) process `pid` has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def children(pid: int) -> list[int]:
    out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True,
                         text=True).stdout.split()
    return [int(p) for p in out]


class Bench:
    DB = DB  # the throwaway database
    WORKERS = 2  # uvicorn's worker processes
    LOG = "/tmp/dice-live-benchmark-server.log"

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        if args.db:  # several runs on one machine at once: each its own database and files
            self.DB, self.LOG = args.db, f"/tmp/{args.db}-server.log"
        base = os.environ["DATABASE_URL"].rsplit("/", 1)[0]
        self.admin_url = f"{base}/postgres"
        self.db_url = f"{base}/{self.DB}"
        self.redis_url = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/9")
        self.port = args.port
        self.url = f"http://127.0.0.1:{self.port}"
        self.server: subprocess.Popen | None = None
        self.log: Any = None  # the server's output: one file for every server of a run
        self.games: list[dict] = []
        # (game_id, seq) -> recorded_at (epoch seconds) of moves made in the measured phase
        self.moves: dict[tuple[str, int], float] = {}
        self.posted: dict[tuple[str, int], float] = {}
        self.arrivals: list[tuple[str, int, float]] = []
        self.report: list[str] = []
        self.load_before = ""
        self.workers_cpu: list[float] = []  # cores each worker used in the last moves phase
        self.others: dict[str, float] = {}  # and the machine's other work (others_cpu)

    # --- set-up -----------------------------------------------------------------------------
    def database(self, create: bool) -> None:
        with psycopg.connect(self.admin_url, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {self.DB} WITH (FORCE)")
            if create:
                conn.execute(f"CREATE DATABASE {self.DB}")

    def env(self) -> dict[str, str]:
        return {**os.environ, "DATABASE_URL": self.db_url, "REDIS_URL": self.redis_url,
                # The test settings: a fast password hasher (400 registrations) and no
                # request throttles; everything else as in production.
                "DJANGO_SETTINGS_MODULE": "config.settings_test", "DICE_LOG_LEVEL": "WARNING",
                "DICE_VAR_DIR": f"/tmp/{self.DB}", "DICE_STREAM_HEARTBEAT": "15",
                "DICE_LONG_POLL_MAX": "30"}

    def start_server(self) -> None:
        subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
                       cwd=ROOT, env=self.env(), check=True)
        self.server = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "config.asgi:application", "--host", "127.0.0.1",
             "--port", str(self.port), "--workers", str(self.WORKERS), "--lifespan", "off",
             "--no-proxy-headers", "--no-access-log", "--timeout-keep-alive", "30",
             "--timeout-graceful-shutdown", "3"],
            cwd=ROOT, env=self.env(), stdout=self.log, stderr=subprocess.STDOUT,
            start_new_session=True)

    def serve(self, timeout: float) -> None:
        """`run()` against a new database and server, both removed at the end whatever
        happens; in `timeout` seconds at most."""
        self.database(create=True)
        self.log = open(self.LOG, "w")
        try:
            self.start_server()
            # uvloop, as the server's uvicorn uses: the client's loop must not be what lags.
            uvloop.run(asyncio.wait_for(self.run(), timeout=timeout))
        finally:
            self.stop_server()
            self.log.close()
            self.database(create=False)

    def stop_server(self) -> None:
        if self.server and self.server.poll() is None:
            self.server.send_signal(signal.SIGINT)
            try:
                self.server.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(self.server.pid, signal.SIGKILL)
                self.server.wait(5)

    async def ready(self, session: aiohttp.ClientSession) -> None:
        """Once the server answers (30 s at most)."""
        for _ in range(100):
            with contextlib.suppress(aiohttp.ClientError):
                async with session.get(f"{self.url}/api/v1/game-types") as r:
                    if r.status in (200, 401):
                        return
            await asyncio.sleep(0.3)

    def workers_rss(self) -> int:
        assert self.server
        return sum(status_field(p, "VmRSS") for p in children(self.server.pid))

    def workers_threads(self) -> int:
        return sum(status_field(p, "Threads") for p in self.workers())

    def workers(self) -> list[int]:
        """The uvicorn worker processes (not multiprocessing's resource tracker)."""
        assert self.server
        return [p for p in children(self.server.pid)
                if b"spawn_main" in Path(f"/proc/{p}/cmdline").read_bytes()]

    async def settled(self, deadline: float = 20) -> float:
        """Once the worker processes have used under a tenth of a core for a second (the
        requests in hand all answered); the seconds that took."""
        began = time.monotonic()
        workers = self.workers()
        while time.monotonic() - began < deadline:
            used = sum(cpu_seconds(p) for p in workers)
            await asyncio.sleep(1)
            if sum(cpu_seconds(p) for p in workers) - used < 0.1:
                break
        return time.monotonic() - began

    def xact(self) -> int:
        with psycopg.connect(self.admin_url, autocommit=True) as conn:
            row = conn.execute("SELECT xact_commit + xact_rollback FROM pg_stat_database "
                               "WHERE datname = %s", [self.DB]).fetchone()
            return int(row[0])

    def vacuum(self) -> int:
        """VACUUM ANALYZE the database (so that autovacuum, whose transactions
        pg_stat_database counts too, has nothing left to do while the server is measured
        idle); then the number of autovacuum and autoanalyze runs so far."""
        with psycopg.connect(self.db_url, autocommit=True) as conn:
            conn.execute("VACUUM ANALYZE")
        return self.autovacuums()

    def autovacuums(self) -> int:
        with psycopg.connect(self.db_url, autocommit=True) as conn:
            row = conn.execute("SELECT sum(autovacuum_count + autoanalyze_count) "
                               "FROM pg_stat_all_tables").fetchone()
            return int(row[0] or 0)

    def quiet_for(self) -> float:
        """Seconds since the server's connections last changed state (ran a statement)."""
        with psycopg.connect(self.admin_url, autocommit=True) as conn:
            row = conn.execute("SELECT extract(epoch FROM now() - max(state_change)) "
                               "FROM pg_stat_activity WHERE datname = %s", [self.DB]).fetchone()
            return float(row[0]) if row and row[0] is not None else 60.0

    async def idle_transactions(self) -> tuple[float, int]:
        """The database transactions per second while nothing happens, from PostgreSQL's
        counters, and the autovacuum runs in that time (which those counters count too).
        A backend that stays connected (the server's pools) reports its transactions up to
        10 s after it made them: the count starts 12 s after the server's connections
        went quiet (pg_stat_activity), and the server must stay quiet for it to be 0."""
        vacuums = await asyncio.to_thread(self.vacuum)
        deadline = time.monotonic() + 20
        while (quiet := self.quiet_for()) < 1 and time.monotonic() < deadline:
            await asyncio.sleep(0.5)
        await asyncio.sleep(max(0.0, 12 - quiet))
        x0, t0 = self.xact(), time.monotonic()
        await asyncio.sleep(self.args.idle)
        x1, t1 = self.xact(), time.monotonic()
        return (x1 - x0) / (t1 - t0), await asyncio.to_thread(self.autovacuums) - vacuums

    async def call(self, session: aiohttp.ClientSession, method: str, path: str,
                   token: str | None = None, body: Any = None) -> Any:
        headers = {"Authorization": f"Token {token}"} if token else {}
        async with session.request(method, f"{self.url}/api/v1{path}", json=body,
                                   headers=headers) as response:
            data = await response.json(content_type=None)
            if response.status >= 400:
                raise RuntimeError(f"{method} {path}: {response.status} {data}")
            return data

    async def setup_games(self, session: aiohttp.ClientSession) -> None:
        gate = asyncio.Semaphore(20)
        run = random.randrange(10**6)

        async def register(name: str) -> str:
            async with gate:
                return (await self.call(session, "POST", "/auth/register", None,
                                        {"username": name, "password": "bench-secret-1"}))["token"]

        async def game(i: int) -> dict:
            host = await register(f"h{run}x{i}")
            guest = await register(f"g{run}x{i}")
            async with gate:
                created = await self.call(session, "POST", "/games", host,
                                          {"game_type": "snake-bones", "seats": 2})
                await self.call(session, "POST", f"/games/{created['id']}/join", guest, {})
                started = await self.call(session, "POST", f"/games/{created['id']}/start",
                                          host, {"first_player": 0})
            return {"id": created["id"], "tokens": [host, guest], "version": started["version"]}

        self.games = await asyncio.gather(*(game(i) for i in range(self.args.games)))

    # --- moves ------------------------------------------------------------------------------
    async def play(self, session: aiohttp.ClientSession, game: dict, until: float,
                   rng: random.Random) -> None:
        await asyncio.sleep(rng.uniform(0, self.args.interval))
        while time.monotonic() < until:
            for token in rng.sample(game["tokens"], 2):
                listing = await self.call(session, "GET", f"/games/{game['id']}/legal-actions",
                                          token)
                actions = [a for a in expand_all(listing["actions"]) if a["type"] != "resign"]
                if not actions:
                    continue
                calm = [a for a in actions if not a["type"].startswith("call")]
                action = rng.choice(calm if calm and rng.random() < 0.9 else actions)
                sent = time.time()
                try:
                    result = await self.call(session, "POST", f"/games/{game['id']}/actions",
                                             token, {"expected_version": listing["version"],
                                                     "action": action})
                except RuntimeError:
                    break  # a stale version or the game over: try again later
                last = result["events"][-1]
                key = (game["id"], last["seq"])
                self.moves[key] = datetime.fromisoformat(last["recorded_at"]).timestamp()
                self.posted[key] = sent
                game["version"] = last["seq"]
                break
            await asyncio.sleep(rng.uniform(0.5, 1.5) * self.args.interval)

    async def probe(self, session: aiohttp.ClientSession, until: float) -> list[float]:
        """GET /game-types 5 times a second from a process of its own: what the server
        answers, not how late this process's loop (2,000 streams, the moves) reads it."""
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-c", PROBE, f"{self.url}/api/v1/game-types",
            self.games[0]["tokens"][0], str(until - time.monotonic()),
            stdout=subprocess.PIPE)
        out, _ = await process.communicate()
        return list(json.loads(out))

    async def moves_phase(self, session: aiohttp.ClientSession, seconds: float,
                          per_game: int) -> list[float]:
        self.moves.clear()
        self.posted.clear()
        self.arrivals.clear()
        until = time.monotonic() + seconds
        rng = random.Random(7)
        workers = self.workers()
        used = [cpu_seconds(p) for p in workers]
        others = self.others_cpu()
        print(f"# {time.strftime('%H:%M:%S')} moves begin", file=sys.stderr, flush=True)
        results = await asyncio.gather(
            self.probe(session, until),
            *(self.play(session, g, until, random.Random(rng.random())) for g in self.games))
        self.workers_cpu = [(cpu_seconds(p) - u) / seconds for p, u in zip(workers, used)]
        self.others = {name: (used_now - others[name]) / seconds
                       for name, used_now in self.others_cpu().items()}
        print(f"# {time.strftime('%H:%M:%S')} moves end", file=sys.stderr, flush=True)
        # The last moves' deliveries: until every one has come, 35 s at most (longer than
        # a long poll's wait: a reader that missed a wake-up would have read by then).
        deadline = time.monotonic() + 35
        while time.monotonic() < deadline and len(self.arrivals) < per_game * len(self.moves):
            await asyncio.sleep(0.25)
        return results[0]

    def latencies(self, per_game: dict[str, int]) -> dict[str, Any]:
        seen: dict[tuple[str, int], list[float]] = {}
        for game_id, seq, at in self.arrivals:
            seen.setdefault((game_id, seq), []).append(at)
        from_commit, from_post, missing = [], [], 0
        for key, recorded in self.moves.items():
            arrived = seen.get(key, [])
            missing += max(0, per_game[key[0]] - len(arrived))
            from_commit += [at - recorded for at in arrived]
            from_post += [at - self.posted[key] for at in arrived]
        return {"moves": len(self.moves), "deliveries": len(from_commit), "missing": missing,
                "p50": pct(from_commit, 50), "p99": pct(from_commit, 99),
                "max": max(from_commit, default=float("nan")),
                "post_p50": pct(from_post, 50), "post_p99": pct(from_post, 99)}

    # --- streams ----------------------------------------------------------------------------
    async def stream(self, session: aiohttp.ClientSession, game: dict, token: str,
                     ready: dict[str, int], stop: asyncio.Event) -> None:
        headers = {"Authorization": f"Token {token}", "Accept": "text/event-stream"}
        timeout = aiohttp.ClientTimeout(total=None, sock_read=None)
        async with session.get(f"{self.url}/api/v1/games/{game['id']}/stream?timeout=300",
                               headers=headers, timeout=timeout) as response:
            assert response.status == 200, response.status
            reading = asyncio.ensure_future(self._lines(response, game, ready, False))
            stopping = asyncio.ensure_future(stop.wait())
            await asyncio.wait([reading, stopping], return_when=asyncio.FIRST_COMPLETED)
            reading.cancel()
            stopping.cancel()

    async def _lines(self, response: Any, game: dict, ready: dict[str, int],
                     counted: bool) -> None:
        seq = 0
        async for line in response.content:
            if line.startswith(b"id: "):
                seq = int(line[4:])
            # An event's frame; the `turn` frame after a batch (decision 0032) repeats the
            # batch's last seq and is not a delivery of it.
            if line.startswith(b"event: ") and line.strip() != b"event: turn":
                self.arrivals.append((game["id"], seq, time.time()))
                if not counted and seq >= game["version"]:
                    counted = True
                    ready["n"] += 1

    async def open_streams(self, session: aiohttp.ClientSession, per_game: int,
                           ready: dict[str, int], stop: asyncio.Event) -> list[Any]:
        """`per_game` streams on every game (its players in turn), opened gradually; once
        each has caught up (90 s at most), their tasks (they end when `stop` is set)."""
        tasks = []
        for i in range(per_game):
            for game in self.games:
                tasks.append(asyncio.ensure_future(
                    self.stream(session, game, game["tokens"][i % 2], ready, stop)))
            await asyncio.sleep(0.05)
        deadline = time.monotonic() + 90
        while ready["n"] < per_game * len(self.games) and time.monotonic() < deadline:
            await asyncio.sleep(0.2)
        return tasks

    async def streams_phase(self, session: aiohttp.ClientSession) -> None:
        n = self.args.streams
        per_game = n // len(self.games)
        ready = {"n": 0}
        stop = asyncio.Event()
        rss_before, threads_before = self.workers_rss(), self.workers_threads()
        began = time.monotonic()
        tasks = await self.open_streams(session, per_game, ready, stop)
        opened = time.monotonic() - began
        held = ready["n"]
        idle_tps, vacuums = await self.idle_transactions()
        rss_after, threads_after = self.workers_rss(), self.workers_threads()
        probe = await self.moves_phase(session, self.args.seconds, per_game)
        lat = self.latencies({g["id"]: per_game for g in self.games})
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.report += [
            f"### {held} SSE streams over {len(self.games)} games ({per_game} per game)", "",
            f"- opened and caught up in {opened:.1f} s",
            f"- idle ({self.args.idle:.0f} s, all streams held): {idle_tps:.2f} database "
            f"transactions/s in all = {idle_tps / max(held, 1):.4f} per stream per second "
            f"({vacuums} autovacuum runs meanwhile)",
            f"- memory: workers' RSS {rss_before / 1024:.0f} MiB before, "
            f"{rss_after / 1024:.0f} MiB with the streams: "
            f"{(rss_after - rss_before) / max(held, 1):.1f} KiB per stream; the workers' "
            f"threads {threads_before} before, {threads_after} with the streams",
            f"- moves: {lat['moves']} in {self.args.seconds:.0f} s "
            f"({lat['moves'] / self.args.seconds:.1f}/s), "
            f"{lat['deliveries']} deliveries, {lat['missing']} missing",
            f"- commit to arrival at every stream of the game: p50 {ms(lat['p50'])}, "
            f"p99 {ms(lat['p99'])}, max {ms(lat['max'])} (from the POST's sending: "
            f"p50 {ms(lat['post_p50'])}, p99 {ms(lat['post_p99'])})",
            f"- GET /api/v1/game-types meanwhile ({len(probe)} requests): "
            f"p50 {ms(pct(probe, 50))}, p99 {ms(pct(probe, 99))}, max {ms(max(probe))}",
            f"- {self.cpu_line()}", ""]

    @staticmethod
    def others_cpu() -> dict[str, float]:
        """The CPU seconds used so far by the machine's other work: this client (and the
        /game-types probe, its child), PostgreSQL's and Redis's processes."""
        own = resource.getrusage(resource.RUSAGE_SELF)
        kids = resource.getrusage(resource.RUSAGE_CHILDREN)  # the probes that ended
        used = {"this client": own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime,
                "PostgreSQL": 0.0, "Redis": 0.0}
        for name, command in (("PostgreSQL", "postgres"), ("Redis", "redis-server")):
            pids = subprocess.run(["pgrep", "-x", command], capture_output=True,
                                  text=True, check=False).stdout.split()
            for pid in pids:
                with contextlib.suppress(OSError):
                    used[name] += cpu_seconds(int(pid))
        return used

    def cpu_line(self) -> str:
        cores = " + ".join(f"{c:.2f}" for c in self.workers_cpu)
        rest = ", ".join(f"{name} {c:.2f}" for name, c in self.others.items())
        return f"CPU meanwhile, in cores: the workers {cores}; {rest}"

    # --- long polls -------------------------------------------------------------------------
    async def poller(self, session: aiohttp.ClientSession, game: dict, token: str,
                     state: dict, stop: asyncio.Event) -> None:
        after = game["version"]
        counted = came_back = False
        headers = {"Authorization": f"Token {token}"}
        while not stop.is_set():
            if not counted:
                counted = True
                state["waiting"] += 1
            async with session.get(
                    f"{self.url}/api/v1/games/{game['id']}/events?after={after}&wait=30",
                    headers=headers) as response:
                page = await response.json()
                if response.status != 200:
                    state["errors"] += 1
                    await asyncio.sleep(1)
                    continue
            now = time.time()
            if not came_back:
                came_back = True
                state["came_back"] += 1
            for event in page["events"]:
                if event["batch_end"]:
                    self.arrivals.append((game["id"], event["seq"], now))
                after = event["seq"]

    async def polls_phase(self, session: aiohttp.ClientSession) -> None:
        n = self.args.polls
        per_game = n // len(self.games)
        for game in self.games:  # the head now
            page = await self.call(session, "GET", f"/games/{game['id']}", game["tokens"][0])
            game["version"] = page["version"]
        state = {"waiting": 0, "errors": 0, "came_back": 0}
        stop = asyncio.Event()
        rss_before, threads_before = self.workers_rss(), self.workers_threads()
        tasks = [asyncio.ensure_future(self.poller(session, g, g["tokens"][i % 2], state, stop))
                 for i in range(per_game) for g in self.games]
        # Once the server has opened the polls (a check and a head read each, a few
        # seconds for 1,000), and over before their 30 s wait runs out.
        idle_tps, vacuums = await self.idle_transactions()
        rss_after, threads_after = self.workers_rss(), self.workers_threads()
        wave = "moves began as the polls' first wait ran out (--wave)"
        if not self.args.wave:
            # Opened together and left idle, the polls' waits run out together: a wave of
            # 1,000 re-polls within the wait's spread (3 s). The moves begin once every
            # poll has come back and the server has re-opened them all (its workers quiet
            # again), as for clients that opened their polls at different times; --wave
            # measures the moves during the wave.
            began = time.monotonic()
            while state["came_back"] < len(tasks) and time.monotonic() - began < 45:
                await asyncio.sleep(0.25)
            settling = await self.settled()
            wave = (f"moves began once every poll had come back from its first wait and the "
                    f"server had re-opened them all ({time.monotonic() - began:.0f} s after "
                    f"the idle count, the last {settling:.0f} s waiting for its workers "
                    f"to be quiet)")
        probe = await self.moves_phase(session, self.args.seconds, per_game)
        lat = self.latencies({g["id"]: per_game for g in self.games})
        stop.set()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.report += [
            f"### {len(tasks)} long polls over {len(self.games)} games ({per_game} per game)", "",
            f"- idle ({self.args.idle:.0f} s, all polls waiting): {idle_tps:.2f} database "
            f"transactions/s in all = {idle_tps / len(tasks):.4f} per long poll per second "
            f"({vacuums} autovacuum runs meanwhile)",
            f"- memory: workers' RSS {rss_before / 1024:.0f} MiB before, "
            f"{rss_after / 1024:.0f} MiB with the polls waiting: "
            f"{(rss_after - rss_before) / len(tasks):.1f} KiB per long poll; the workers' "
            f"threads {threads_before} before, {threads_after} with the polls waiting",
            f"- {wave}",
            f"- moves: {lat['moves']} in {self.args.seconds:.0f} s "
            f"({lat['moves'] / self.args.seconds:.1f}/s), {lat['deliveries']} "
            f"deliveries, {lat['missing']} missing, {state['errors']} errors",
            f"- commit to arrival at every long poll of the game: p50 {ms(lat['p50'])}, "
            f"p99 {ms(lat['p99'])}, max {ms(lat['max'])} (from the POST's sending: "
            f"p50 {ms(lat['post_p50'])}, p99 {ms(lat['post_p99'])})",
            f"- GET /api/v1/game-types meanwhile ({len(probe)} requests): "
            f"p50 {ms(pct(probe, 50))}, p99 {ms(pct(probe, 99))}, max {ms(max(probe))}",
            f"- {self.cpu_line()}", ""]

    async def run(self) -> None:
        phases = [self.streams_phase] + ([self.polls_phase] if self.args.polls else [])
        for i, phase in enumerate(phases):
            if i:
                # A new server for each phase: memory that one phase's requests freed stays
                # in the workers' heap, where the next phase's would fit without showing.
                self.stop_server()
                self.start_server()
            connector = aiohttp.TCPConnector(limit=0, force_close=False)
            async with aiohttp.ClientSession(connector=connector) as session:
                await self.ready(session)
                # New games for each phase: Snake Bones games end, and a phase on the games
                # of the one before would carry fewer moves than it says.
                began = time.monotonic()
                await self.setup_games(session)
                self.report.append(f"set-up: {len(self.games)} new games, "
                                   f"{2 * len(self.games)} players in "
                                   f"{time.monotonic() - began:.0f} s\n")
                await phase(session)


def ready_to_measure(bench: Bench) -> None:
    """This client process made ready: a descriptor per connection, the load average
    noted, and its own collector off: arrivals are stamped when this loop reads them, so
    a pause of this process's collector (tens of thousands of arrivals, 2,000
    connections) would count as the server's latency. A run is short."""
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 65536), hard))
    bench.load_before = f"{os.getloadavg()[0]:.1f}"
    gc.freeze()
    gc.disable()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--streams", type=int, default=2000)
    parser.add_argument("--polls", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=45, help="moves phase length")
    parser.add_argument("--interval", type=float, default=8,
                        help="mean seconds between two moves of one game")
    parser.add_argument("--idle", type=float, default=10)
    parser.add_argument("--port", type=int, default=8799)
    parser.add_argument("--db", default="", help=f"the throwaway database (default {DB})")
    parser.add_argument("--wave", action="store_true",
                        help="begin the long polls' moves as their first wait runs out")
    args = parser.parse_args()
    bench = Bench(args)
    ready_to_measure(bench)
    bench.serve(timeout=420)
    print(f"## live updates, {os.cpu_count()} cores, one uvicorn server (2 workers), "
          "PostgreSQL and Redis on loopback; load average before "
          f"{bench.load_before}, after {os.getloadavg()[0]:.1f}\n")
    print("\n".join(bench.report))


if __name__ == "__main__":
    main()
