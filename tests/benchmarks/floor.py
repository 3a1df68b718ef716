"""The write path against its floor (issue #13; a script, not a test; report in
docs/benchmarks.md).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379/12 \\
        .venv/bin/python -m tests.benchmarks.floor [--games 16] [--seconds 20] [--rounds 2]

The same client plays `--games` two-seat games at once against two services, each served
the way the product ships (uvicorn, `--workers` 2 as the Docker image's WEB_CONCURRENCY,
the Dockerfile's flags), each on a throwaway PostgreSQL database of its own:

- the product (config.asgi, its shipping settings: config.settings with REDIS_URL, so
  throttles, metrics, logs and the live fan-out are on; the user throttle raised so that
  no request is refused), playing Snake Bones;
- the floor (tests/benchmarks/floor_service): a minimal DRF service with token
  authentication whose POST locks one game row, inserts one JSONB event and bumps the
  version, and whose GETs read the game row;
- the same floor as a plain DRF app is usually served: gunicorn, sync workers
  (`--gunicorn-workers`, by default gunicorn's suggested 2 x cores + 1), its WSGI
  application (tests/benchmarks/floor_service/wsgi.py), on the floor's database.

A move is `GET /games/{id}` (who is awaited, the version) + `GET /legal-actions` +
`POST /actions` by the awaited seat, with a random legal action (calls of a bluff rarely
and never a resignation, so games last; finished games are replaced by games started
before the clock runs).
Rounds alternate floor, gunicorn floor, product, floor...; each runs `--seconds` after a
short warm-up. Prints moves per second, the ratios product / floor and product / gunicorn
floor, each request's p50, and the server's CPU time a move (its processes' user + system
time over the measured seconds, from /proc: less swayed than the rates by other work on
a shared machine).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import aiohttp
import psycopg

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from games.core.legal import sample  # noqa: E402

FLOOR_DB, PRODUCT_DB = "floor_benchmark", "product_benchmark"  # after --db-prefix
WORKERS = "2"  # the Docker image's WEB_CONCURRENCY
SERVER_FLAGS = ["--lifespan", "off", "--no-proxy-headers", "--timeout-keep-alive", "5",
                "--timeout-graceful-shutdown", "30"]


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))] if ordered \
        else float("nan")


class Service:
    def __init__(self, name: str, db: str, app: str, settings: str, port: int,
                 admin_url: str, extra_env: dict[str, str], gunicorn: int = 0) -> None:
        self.name, self.db, self.app, self.settings, self.port = name, db, app, settings, port
        self.gunicorn = gunicorn  # sync workers under gunicorn (WSGI); 0: uvicorn (ASGI)
        self.admin_url = admin_url
        self.url = f"http://127.0.0.1:{port}"
        self.env = {**os.environ, "DATABASE_URL": admin_url.rsplit("/", 1)[0] + "/" + db,
                    "DJANGO_SETTINGS_MODULE": settings, **extra_env}
        self.proc: subprocess.Popen | None = None

    def database(self, create: bool) -> None:
        with psycopg.connect(self.admin_url, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {self.db} WITH (FORCE)")
            if create:
                conn.execute(f"CREATE DATABASE {self.db}")

    def manage(self, *args: str) -> str:
        return subprocess.run([sys.executable, "-c", "import sys; from django.core.management "
                               "import execute_from_command_line as x; x(sys.argv)", *args],
                              cwd=ROOT, env=self.env, check=True, capture_output=True,
                              text=True).stdout

    def start(self) -> None:
        log = open(f"/tmp/dice-floor-benchmark-{self.name}.log", "w")
        command = ([sys.executable, "-m", "gunicorn", self.app, "--bind",
                    f"127.0.0.1:{self.port}", "--workers", str(self.gunicorn),
                    "--worker-class", "sync"] if self.gunicorn else
                   [sys.executable, "-m", "uvicorn", self.app, "--host", "127.0.0.1",
                    "--port", str(self.port), "--workers", WORKERS, *SERVER_FLAGS])
        self.proc = subprocess.Popen(command, cwd=ROOT, env=self.env, stdout=log,
                                     stderr=subprocess.STDOUT, start_new_session=True)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(5)
        self.proc = None


FLOOR_SETUP = """
import json, django; django.setup()
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token
from tests.benchmarks.floor_service.models import FloorGame
games = []
for i in range({n}):
    users = [get_user_model().objects.create_user(f"f{{i}}x{{s}}") for s in range(2)]
    game = FloorGame.objects.create(players=[u.pk for u in users])
    games.append({{"id": str(game.id),
                  "tokens": [Token.objects.create(user=u).key for u in users]}})
print(json.dumps(games))
"""


class Client:
    def __init__(self, service: Service, session: aiohttp.ClientSession) -> None:
        self.service, self.session = service, session
        self.timings: dict[str, list[float]] = {"game": [], "legal": [], "post": []}
        self.moves = 0
        self.errors = 0

    async def call(self, method: str, path: str, token: str, body: Any = None,
                   timing: str | None = None) -> tuple[int, Any]:
        began = time.perf_counter()
        async with self.session.request(
                method, f"{self.service.url}/api/v1{path}", json=body,
                headers={"Authorization": f"Token {token}"}) as response:
            data = await response.json(content_type=None)
        if timing:
            self.timings[timing].append(time.perf_counter() - began)
        return response.status, data


async def product_games(client: Client, count: int) -> list[dict]:
    run = random.randrange(10**6)
    gate = asyncio.Semaphore(8)

    async def register(name: str) -> str:
        for _ in range(20):  # 503 login_busy: the password hashers are all busy (a loaded machine)
            async with client.session.post(f"{client.service.url}/api/v1/auth/register",
                                           json={"username": name,
                                                 "password": "floor-bench-secret-1"}) as r:
                if r.status != 503:
                    return (await r.json())["token"]
            await asyncio.sleep(1)
        raise RuntimeError("registration stayed busy")

    async def one(i: int) -> dict:
        async with gate:
            tokens = [await register(f"p{run}x{i}x{s}") for s in range(2)]
            _, created = await client.call("POST", "/games", tokens[0],
                                           {"game_type": "snake-bones", "seats": 2})
            await client.call("POST", f"/games/{created['id']}/join", tokens[1], {})
            spares = []
            for _ in range(8):  # games to go on with when one ends
                _, game = await client.call("POST", "/games", tokens[0],
                                            {"game_type": "snake-bones", "seats": 2})
                await client.call("POST", f"/games/{game['id']}/join", tokens[1], {})
                await client.call("POST", f"/games/{game['id']}/start", tokens[0],
                                  {"first_player": 0})
                spares.append(game["id"])
            await client.call("POST", f"/games/{created['id']}/start", tokens[0],
                              {"first_player": 0})
            return {"id": created["id"], "tokens": tokens, "spares": spares}

    return await asyncio.gather(*(one(i) for i in range(count)))


async def play(client: Client, game: dict, until: float, measure_from: float,
               product: bool, rng: random.Random) -> None:
    while time.monotonic() < until:
        measured = time.monotonic() >= measure_from
        status, view = await client.call("GET", f"/games/{game['id']}", game["tokens"][0],
                                         timing="game" if measured else None)
        if product and view.get("status") == "finished":
            if not game["spares"]:
                return
            game["id"] = game["spares"].pop()
            continue
        seat = view["awaiting"][0]["seat"]
        token = game["tokens"][seat]
        status, listing = await client.call("GET", f"/games/{game['id']}/legal-actions", token,
                                            timing="legal" if measured else None)
        # Never `resign` (listed since the games gained it): a game would end in a move or
        # two, every spare would be used up in the warm-up, and the rate would count games.
        items = [a for a in listing["actions"] if a["type"] != "resign"]
        calm = [a for a in items if not a["type"].startswith("call")]
        item = rng.choice(calm if calm and rng.random() < 0.93 else items)
        status, _ = await client.call(
            "POST", f"/games/{game['id']}/actions", token,
            {"expected_version": listing["version"], "action": sample(item, rng.randrange)},
            timing="post" if measured else None)
        if status == 201:
            if measured and time.monotonic() < until:
                client.moves += 1
        else:
            client.errors += 1


def server_cpu(service: Service) -> float:
    """CPU seconds (user + system) used so far by the server's processes: its session
    (the master and its workers; Service.start starts a new one)."""
    assert service.proc is not None
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # ended meanwhile
        if int(fields[3]) == service.proc.pid:  # the session id (field 6)
            total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14, 15)
    return total / os.sysconf("SC_CLK_TCK")


async def cpu_during(service: Service, begin: float, end: float) -> float:
    """The server's CPU seconds between two monotonic times."""
    await asyncio.sleep(begin - time.monotonic())
    first = server_cpu(service)
    await asyncio.sleep(end - time.monotonic())
    return server_cpu(service) - first


async def run_round(service: Service, games: list[dict], seconds: float, warmup: float,
                    product: bool) -> dict:
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as session:
        client = Client(service, session)
        start = time.monotonic()
        rng = random.Random(1)
        cpu = asyncio.ensure_future(cpu_during(service, start + warmup,
                                               start + warmup + seconds))
        await asyncio.gather(*(play(client, g, start + warmup + seconds, start + warmup,
                                    product, random.Random(rng.random())) for g in games))
        cpu_seconds = await cpu
    return {"moves_per_s": client.moves / seconds, "moves": client.moves,
            "errors": client.errors, "cpu_ms_per_move": cpu_seconds * 1000 / max(1, client.moves),
            **{f"{k}_p50": pct(v, 50) * 1000 for k, v in client.timings.items()},
            **{f"{k}_p95": pct(v, 95) * 1000 for k, v in client.timings.items()}}


async def wait_up(service: Service) -> None:
    async with aiohttp.ClientSession() as session:
        for _ in range(200):
            try:
                async with session.get(f"{service.url}/api/v1/games/"
                                       "00000000-0000-0000-0000-000000000000") as r:
                    if r.status in (401, 403, 404):
                        return
            except aiohttp.ClientError:
                pass
            await asyncio.sleep(0.3)
    raise RuntimeError(f"{service.name} did not start")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--warmup", type=float, default=4)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--db-prefix", default="dice",
                        help="the throwaway databases' names start with this")
    parser.add_argument("--gunicorn-workers", type=int, default=2 * (os.cpu_count() or 1) + 1,
                        help="the gunicorn floor's sync workers (0: leave it out)")
    args = parser.parse_args()
    # A run stopped by SIGTERM (a timeout) still stops its servers and drops its databases.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    load_before = os.getloadavg()[0]
    admin = os.environ["DATABASE_URL"].rsplit("/", 1)[0] + "/postgres"
    redis = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/12")
    floor = Service("floor", f"{args.db_prefix}_{FLOOR_DB}",
                    "tests.benchmarks.floor_service.asgi:application",
                    "tests.benchmarks.floor_service.settings", 8811, admin, {})
    product = Service("product", f"{args.db_prefix}_{PRODUCT_DB}", "config.asgi:application",
                      "config.settings", 8812, admin,
                      {"REDIS_URL": redis,
                       # the production settings, as docker/compose.yaml runs them
                       "DICE_ENV": "production",
                       "DJANGO_SECRET_KEY": "floor-benchmark-only",
                       # plain HTTP on 127.0.0.1, as behind a proxy ending TLS
                       "DJANGO_ALLOWED_HOSTS": "127.0.0.1", "DICE_SSL_REDIRECT": "false",
                       "DICE_THROTTLE_USER": "100000/min",
                       "DICE_THROTTLE_ANON": "100000/min",
                       "DICE_VAR_DIR": "/tmp/dice-floor-benchmark"})
    gunicorn = Service("gunicorn-floor", floor.db,
                       "tests.benchmarks.floor_service.wsgi:application", floor.settings, 8813,
                       admin, {}, gunicorn=args.gunicorn_workers)
    served = [floor, gunicorn, product] if args.gunicorn_workers else [floor, product]
    results: dict[str, list[dict]] = {s.name: [] for s in served}
    try:
        for service in (floor, product):
            service.database(create=True)
        floor.manage("migrate", "-v", "0")
        floor_games = json.loads(subprocess.run(
            [sys.executable, "-c", FLOOR_SETUP.format(n=args.games)], cwd=ROOT, env=floor.env,
            check=True, capture_output=True, text=True).stdout)
        product.manage("migrate", "-v", "0")
        for _ in range(args.rounds):
            for service in served:
                service.start()
                try:
                    asyncio.run(wait_up(service))
                    if service is not product:
                        games = floor_games
                    else:
                        async def setup() -> list[dict]:
                            async with aiohttp.ClientSession() as session:
                                return await product_games(Client(product, session), args.games)
                        games = asyncio.run(setup())
                    results[service.name].append(asyncio.run(asyncio.wait_for(run_round(
                        service, games, args.seconds, args.warmup, service is product),
                        args.seconds + args.warmup + 60)))
                finally:
                    service.stop()
    finally:
        for service in served:
            service.stop()
        for service in (floor, product):
            service.database(create=False)
    print(f"## Product vs floor: {args.games} two-seat games at once, uvicorn --workers "
          f"{WORKERS} (gunicorn floor: {args.gunicorn_workers} sync workers), PostgreSQL on "
          f"loopback, {os.cpu_count()} cores, load average {load_before:.1f} before, "
          f"{os.getloadavg()[0]:.1f} after\n")
    print("| round | service | moves/s | GET game p50 | GET legal p50 | POST p50 | POST p95 "
          "| server CPU a move | errors |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for i in range(args.rounds):
        for name in results:
            r = results[name][i]
            print(f"| {i + 1} | {name} | {r['moves_per_s']:.1f} | {r['game_p50']:.1f} ms | "
                  f"{r['legal_p50']:.1f} ms | {r['post_p50']:.1f} ms | {r['post_p95']:.1f} ms "
                  f"| {r['cpu_ms_per_move']:.1f} ms | {r['errors']} |")
    p_rate = statistics.mean(r["moves_per_s"] for r in results["product"])
    p_post = statistics.mean(r["post_p50"] for r in results["product"])
    for name in (n for n in results if n != "product"):
        f_rate = statistics.mean(r["moves_per_s"] for r in results[name])
        f_post = statistics.mean(r["post_p50"] for r in results[name])
        print(f"vs {name}: moves/s: product {p_rate:.1f}, {name} {f_rate:.1f}: ratio "
              f"{p_rate / f_rate:.2f}x; POST p50: product {p_post:.1f} ms, {name} "
              f"{f_post:.1f} ms: {p_post / f_post:.2f}x")
    for name, rounds in results.items():
        print(f"server CPU a move, {name}: "
              f"{statistics.mean(r['cpu_ms_per_move'] for r in rounds):.1f} ms")


if __name__ == "__main__":
    main()
