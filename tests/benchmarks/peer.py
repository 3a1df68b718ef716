"""The cost of a move against boardgame.io (issue #35; a script, not a test; report in
docs/benchmarks.md, decision docs/decisions/0033-cost-of-a-move.md).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379/7 \\
        .venv/bin/python -m tests.benchmarks.peer [--peer ../shared/peer-bgio] [--games 16] \\
        [--seconds 10] [--rounds 3] [--modes three,one] [--spy FOLDER]

Side by side in one run, legs alternating (peer, service three, service one, peer, ...):

- the peer: boardgame.io 0.50.2 + bgio-postgres playing liar's dice (`--peer`, by default
  `../shared/peer-bgio` from the repository root; its README says what it is). Its
  `node_modules` is used if present, else the folder is copied to a temporary one and
  `npm ci` installs it there. One `node server.js` process on its own PostgreSQL database
  (`bgio_peer`, created if missing), loaded by its `load.js` (closed loop, `--games`
  matches of two socket.io players).
- the service as shipped (README "Serving": gunicorn with `config/gunicorn_conf.py`,
  `WEB_CONCURRENCY=2` uvicorn workers, the production settings with Redis), on a
  throwaway PostgreSQL database, `--games` two-seat Snake Bones games at once. Client
  modes: `three` (GET game + GET legal-actions + POST, as tests/benchmarks/floor.py),
  `one` (POST only: the next legal actions come from the POST answer's `legal_actions`,
  and for the other seat from a long poll of the game's events; skipped, and said so, while
  the answer lacks them).

Each leg runs `--seconds` (the service's after a short warm-up) and prints moves/s, the
move's p50/p99, the server's CPU per 1,000 moves (its processes' utime + stime, children
included, from /proc over the timed window), PostgreSQL's (every `postgres` process), and
the load average. Every process started is stopped by its PID (its session). `--spy`
also samples the service's workers with py-spy over each timed window and prints where
they spent it, by layer (tests/benchmarks/served_profile.py).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp
import psycopg

from tests.benchmarks import served_profile
from tests.benchmarks.floor import ROOT, Client, Service, pct, play, product_games, wait_up

SERVICE_DB, PEER_DB = "dice_peer_benchmark", "bgio_peer"
SERVICE_PORT, PEER_PORT = 8821, 8822
HZ = os.sysconf("SC_CLK_TCK")


def proc_cpu(keep: Any) -> float:
    """CPU seconds (utime + stime + the reaped children's) of the processes `keep(pid,
    fields)` picks, from /proc."""
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue  # ended meanwhile
        name, fields = text[text.index("(") + 1:text.rindex(")")], text.rsplit(")", 1)[1].split()
        if keep(name, fields):
            total += sum(int(f) for f in fields[11:15])  # utime stime cutime cstime
    return total / HZ


def session_cpu(pid: int) -> float:
    """The CPU of a server started in a session of its own (its master and workers)."""
    return proc_cpu(lambda _name, fields: int(fields[3]) == pid)


def postgres_cpu() -> float:
    return proc_cpu(lambda name, _fields: name == "postgres" or name.startswith("postgres:"))


def stop(proc: subprocess.Popen | None) -> None:
    """Stop a server by its PID's session: SIGTERM, then SIGKILL."""
    if proc is None or proc.poll() is not None:
        return
    os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(40)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(5)


class Shipped(Service):
    """The service as README's "Serving" runs it: gunicorn + uvicorn workers."""

    def start(self) -> None:
        with open("/tmp/dice-peer-benchmark-service.log", "w") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "gunicorn", "--config", "python:config.gunicorn_conf",
                 "--bind", f"127.0.0.1:{self.port}"], cwd=ROOT,
                env={**self.env, "WEB_CONCURRENCY": "2"}, stdout=log,
                stderr=subprocess.STDOUT, start_new_session=True)

    def stop(self) -> None:
        stop(self.proc)
        self.proc = None


def peer_folder(path: Path) -> Path:
    """A folder to run the peer from: its own if installed, else a copy with `npm ci`."""
    if not (path / "server.js").exists():
        raise SystemExit(f"the boardgame.io peer is missing: no {path / 'server.js'} "
                         "(pass --peer PATH)")
    if (path / "node_modules").is_dir():
        return path
    copy = Path(tempfile.mkdtemp(prefix="dice-peer-bgio-"))
    for name in ("server.js", "load.js", "game.js", "package.json", "package-lock.json"):
        shutil.copy(path / name, copy / name)
        (copy / name).chmod(0o644)
    subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=copy, check=True,
                   capture_output=True, timeout=300)
    return copy


def peer_leg(folder: Path, admin: str, games: int, seconds: float) -> dict:
    """One leg of the peer: its server started, loaded by its load.js, stopped."""
    env = {**os.environ, "BGIO_DB_URL": admin.rsplit("/", 1)[0] + "/" + PEER_DB,
           "PORT": str(PEER_PORT)}
    with open("/tmp/dice-peer-benchmark-bgio.log", "w") as log:
        server = subprocess.Popen(["node", "server.js"], cwd=folder, env=env, stdout=log,
                                  stderr=subprocess.STDOUT, start_new_session=True)
    try:
        return asyncio.run(peer_load(folder, server, games, seconds))
    finally:
        stop(server)


async def peer_load(folder: Path, server: subprocess.Popen, games: int,
                    seconds: float) -> dict:
    load = None
    try:
        for _ in range(100):
            try:
                _, writer = await asyncio.open_connection("127.0.0.1", PEER_PORT)
                writer.close()
                break
            except OSError:
                await asyncio.sleep(0.2)
        load = await asyncio.create_subprocess_exec(
            "node", "load.js", f"http://127.0.0.1:{PEER_PORT}", "--conc", str(games),
            "--seconds", str(seconds), cwd=folder, stdout=asyncio.subprocess.PIPE,
            start_new_session=True)
        assert load.stdout is not None
        line = await asyncio.wait_for(load.stdout.readline(), 60)
        if not line.startswith(b"# start"):
            raise RuntimeError(f"the peer's load said {line!r}")
        cpu, pg = session_cpu(server.pid), postgres_cpu()
        result = json.loads(await asyncio.wait_for(load.stdout.readline(), seconds + 60))
        cpu, pg = session_cpu(server.pid) - cpu, postgres_cpu() - pg
        await load.wait()
    finally:
        if load is not None and load.returncode is None:
            os.killpg(load.pid, signal.SIGKILL)
            await load.wait()
    moves = max(1, result["moves"])
    return {"moves_per_s": result["moves_per_s"], "moves": result["moves"],
            "p50": result["move_p50_ms"], "p99": result["move_p99_ms"],
            "cpu_per_1000": cpu * 1000 / moves, "pg_per_1000": pg * 1000 / moves,
            "errors": sum(result["errors"].values())}


def choose(items: list[dict], rng: random.Random) -> dict:
    """floor.py's choice: never `resign`; calls of a bluff rarely, so games last."""
    from games.core.legal import sample
    items = [a for a in items if a["type"] != "resign"]
    calm = [a for a in items if not a["type"].startswith("call")]
    return sample(rng.choice(calm if calm and rng.random() < 0.93 else items), rng.randrange)


def next_mover(answer: dict) -> tuple[int | None, list[dict] | None]:
    """The awaited seat and, when the POST answer carries them, the mover's legal actions."""
    awaiting = answer.get("awaiting") or (answer.get("view") or {}).get("awaiting") or []
    seat = awaiting[0]["seat"] if awaiting and isinstance(awaiting[0], dict) else (
        awaiting[0] if awaiting else None)
    legal = answer.get("legal_actions")
    if isinstance(legal, dict):
        legal = legal.get("actions")
    return seat, legal


async def play_one(client: Client, game: dict, until: float, measure_from: float,
                   rng: random.Random, extra: list[int]) -> None:
    """One request a move: POST, then the next actions from its answer, or, for the other
    seat, from a long poll of the events (a GET legal-actions when neither says them).
    `extra` counts the long polls and the GET legal-actions made besides the POSTs."""
    _, listing = await client.call("GET", f"/games/{game['id']}/legal-actions",
                                   game["tokens"][0])
    seat, version, items = listing["seat"], listing["version"], listing["actions"]
    while time.monotonic() < until:
        measured = time.monotonic() >= measure_from
        status, answer = await client.call(
            "POST", f"/games/{game['id']}/actions", game["tokens"][seat],
            {"expected_version": version, "action": choose(items, rng)},
            timing="post" if measured else None)
        if status != 201:
            client.errors += 1
            return
        if measured and time.monotonic() < until:
            client.moves += 1
        version = answer.get("version", version + 1)
        mover, legal = next_mover(answer)
        if mover is None:  # finished: go on with a spare
            if not game["spares"]:
                return
            game["id"] = game["spares"].pop()
            _, listing = await client.call("GET", f"/games/{game['id']}/legal-actions",
                                           game["tokens"][0])
            seat, version, items = listing["seat"], listing["version"], listing["actions"]
            continue
        if mover == seat and legal:
            items = legal
            continue
        seat = mover
        extra[0] += 1
        _, page = await client.call("GET", f"/games/{game['id']}/events?after={version - 1}"
                                    "&wait=5", game["tokens"][seat])
        turn = (page or {}).get("turn") or {}
        if turn.get("seat") == seat and turn.get("legal_actions"):
            version, items = turn["version"], turn["legal_actions"]
        else:
            extra[1] += 1
            _, listing = await client.call("GET", f"/games/{game['id']}/legal-actions",
                                           game["tokens"][seat])
            version, items = listing["version"], listing["actions"]


async def answer_has_legal_actions(service: Service) -> bool:
    async with aiohttp.ClientSession() as session:
        client = Client(service, session)
        game = (await product_games(client, 1))[0]
        _, listing = await client.call("GET", f"/games/{game['id']}/legal-actions",
                                       game["tokens"][0])
        _, answer = await client.call(
            "POST", f"/games/{game['id']}/actions", game["tokens"][listing["seat"]],
            {"expected_version": listing["version"],
             "action": choose(listing["actions"], random.Random(0))})
        return isinstance(answer, dict) and "legal_actions" in answer


async def service_leg(service: Service, mode: str, games: int, seconds: float,
                      warmup: float, spy: Path | None = None, label: str = "") -> dict:
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:
        client = Client(service, session)
        tables = await product_games(client, games)
        start = time.monotonic()
        begin, end = start + warmup, start + warmup + seconds
        rng, extra = random.Random(1), [0, 0]
        if mode == "three":
            loops = [play(client, g, end, begin, True, random.Random(rng.random()))
                     for g in tables]
        else:
            loops = [play_one(client, g, end, begin, random.Random(rng.random()), extra)
                     for g in tables]
        assert service.proc is not None

        async def window() -> tuple[float, float, float]:
            await asyncio.sleep(begin - time.monotonic())
            spies = served_profile.start(service.proc.pid, seconds, spy, label) if spy else []
            cpu, pg = session_cpu(service.proc.pid), postgres_cpu()
            await asyncio.sleep(end - time.monotonic())
            for process in spies:
                await asyncio.to_thread(process.wait, 60)
            return session_cpu(service.proc.pid) - cpu, postgres_cpu() - pg, os.getloadavg()[0]

        sampled = asyncio.ensure_future(window())
        await asyncio.wait_for(asyncio.gather(*loops), warmup + seconds + 60)
        cpu, pg, load = await sampled
    # A move's round trip: its requests' p50 added up (three) or the POST's (one).
    moves = max(1, client.moves)
    per_move = [sum(t) for t in zip(*(client.timings[k] for k in ("game", "legal", "post")))] \
        if mode == "three" else client.timings["post"]
    return {"moves_per_s": client.moves / seconds, "moves": client.moves,
            "p50": pct(per_move, 50) * 1000, "p99": pct(per_move, 99) * 1000,
            "cpu_per_1000": cpu * 1000 / moves, "pg_per_1000": pg * 1000 / moves,
            "errors": client.errors, "load": load, "long_polls": extra[0], "legal_gets": extra[1]}


def shipped_service(admin: str, redis: str) -> Shipped:
    return Shipped("service", SERVICE_DB, "config.asgi:application", "config.settings",
                   SERVICE_PORT, admin, {
                       "REDIS_URL": redis, "DICE_ENV": "production",
                       "DJANGO_SECRET_KEY": "peer-benchmark-only",
                       "DJANGO_ALLOWED_HOSTS": "127.0.0.1", "DICE_SSL_REDIRECT": "false",
                       "DICE_THROTTLE_USER": "100000/min", "DICE_THROTTLE_ANON": "100000/min",
                       "DICE_VAR_DIR": "/tmp/dice-peer-benchmark"})


def report(rows: list[tuple[int, str, dict]], args: argparse.Namespace, skipped: str) -> None:
    print(f"## boardgame.io peer vs the service: {args.games} two-player games at once, "
          f"{args.rounds} rounds x {args.seconds:.0f} s legs, {os.cpu_count()} cores\n")
    print("| round | leg | moves/s | move p50 | move p99 | server CPU / 1,000 moves "
          "| PostgreSQL CPU / 1,000 moves | load avg (1 min) | errors |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for number, leg, r in rows:
        print(f"| {number} | {leg} | {r['moves_per_s']:.1f} | {r['p50']:.1f} ms | "
              f"{r['p99']:.1f} ms | {r['cpu_per_1000']:.2f} s | {r['pg_per_1000']:.2f} s | "
              f"{r['load']:.2f} | {r['errors']} |")
    if skipped:
        print(f"\n{skipped}")
    for number, leg, r in rows:
        if leg == "service one":
            print(f"round {number}, one: besides the POSTs, {r['long_polls']} long polls and "
                  f"{r['legal_gets']} GET legal-actions (a stream frame without the seat's "
                  "legal actions)")
    legs = sorted({leg for _, leg, _ in rows})
    mean = {leg: {k: statistics.mean(r[k] for _, name, r in rows if name == leg)
                  for k in ("moves_per_s", "cpu_per_1000", "pg_per_1000")} for leg in legs}
    print()
    for leg in legs:
        if leg != "peer" and "peer" in mean:
            m, p = mean[leg], mean["peer"]
            print(f"{leg}: {m['moves_per_s'] / p['moves_per_s']:.2f}x the peer's moves/s "
                  f"(goal >= 0.6x), {m['cpu_per_1000'] / p['cpu_per_1000']:.2f}x its server "
                  f"CPU per move (goal <= 2x), {m['cpu_per_1000']:.2f} ms server CPU a move "
                  f"(goal <= 5 ms)")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--peer", default=str(ROOT.parent / "shared" / "peer-bgio"))
    parser.add_argument("--games", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--warmup", type=float, default=3)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--modes", default="three,one")
    parser.add_argument("--spy", type=Path, help="py-spy the service's workers over each "
                        "timed window into this folder, a new one: every record in it is "
                        "counted (tests/benchmarks/served_profile.py)")
    args = parser.parse_args()
    args.rounds = min(args.rounds, 10)
    args.seconds = min(args.seconds, 120)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    folder = peer_folder(Path(args.peer))
    admin = os.environ["DATABASE_URL"].rsplit("/", 1)[0] + "/postgres"
    redis = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/7")
    with psycopg.connect(admin, autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s",
                            (PEER_DB,)).fetchone():
            conn.execute(f"CREATE DATABASE {PEER_DB}")
    service = shipped_service(admin, redis)
    modes, rows, skipped = args.modes.split(","), [], ""
    try:
        service.database(create=True)
        service.manage("migrate", "-v", "0")
        for number in range(1, args.rounds + 1):
            peer = peer_leg(folder, admin, args.games, args.seconds)
            rows.append((number, "peer", {**peer, "load": os.getloadavg()[0]}))
            for mode in modes:
                service.start()
                try:
                    asyncio.run(wait_up(service))
                    if mode == "one" and not asyncio.run(answer_has_legal_actions(service)):
                        skipped = ("mode `one` skipped: the POST /actions answer has no "
                                   "`legal_actions` yet")
                        modes = [m for m in modes if m != "one"]
                        continue
                    rows.append((number, f"service {mode}", asyncio.run(service_leg(
                        service, mode, args.games, args.seconds, args.warmup, args.spy,
                        f"{mode}-{number}"))))
                finally:
                    service.stop()
    finally:
        service.stop()
        service.database(create=False)
    report(rows, args, skipped)
    for mode in args.modes.split(",") if args.spy else []:
        if spied := sorted(args.spy.glob(f"{mode}-*.txt")):
            print(f"\nThe service's workers in the `{mode}` legs, by layer:\n")
            print(served_profile.table(spied))


if __name__ == "__main__":
    main()
