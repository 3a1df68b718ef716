"""Logins under a burst (issue #29 item 5): the service served as in production (uvicorn,
two workers, PostgreSQL, Redis, Django's real PBKDF2 hasher, the production limits), then

1. 40 parallel `POST /auth/token` with wrong passwords for one real user, while another
   user reads a game (`GET /games/{id}`) and her games (`GET /games?mine=true`);
2. 25 parallel registrations.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \\
    REDIS_URL=redis://127.0.0.1:6379/6 .venv/bin/python -m tests.benchmarks.login_burst

A throwaway database is created on DATABASE_URL's server and dropped at the end; the
Redis database of REDIS_URL is flushed first (use one of your own). Prints the statuses
(and `code`s) of each burst, how many wrong passwords were checked (the 401s: a refused
attempt is a 429 and checks nothing) and the reads' statuses and latencies.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from tests.support.concurrency import at_once

ROOT = Path(__file__).resolve().parents[2]
API = "/api/v1"


def call(base: str, method: str, path: str, body: Any = None, token: str | None = None,
         timeout: float = 30) -> tuple[int, Any, float]:
    data = json.dumps(body).encode() if body is not None else None
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Token {token}"
    request = urllib.request.Request(base + API + path, data=data, method=method,
                                     headers=headers)
    began = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            status, raw = answer.status, answer.read()
    except urllib.error.HTTPError as error:
        status, raw = error.code, error.read()
    took = time.perf_counter() - began
    try:
        payload = json.loads(raw) if raw else None
    except ValueError:
        payload = raw
    return status, payload, took



def tally(answers: list[tuple[int, Any, float]]) -> str:
    counts = Counter(f"{status} {payload.get('code', '')}".strip()
                     if isinstance(payload, dict) and status >= 400 else str(status)
                     for status, payload, _ in answers)
    return ", ".join(f"{k}: {v}" for k, v in sorted(counts.items()))


def main() -> None:
    server_url = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres")
    redis_url = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/6")
    parts = urlsplit(server_url)
    name = f"dg_login_burst_{os.getpid()}"
    admin = ["psql", urlunsplit(parts._replace(path="/postgres")), "-qc"]
    subprocess.run([*admin, f"CREATE DATABASE {name}"], check=True)
    database_url = urlunsplit(parts._replace(path=f"/{name}"))
    workdir = Path(tempfile.mkdtemp(prefix="login-burst-"))
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings",
           "DATABASE_URL": database_url, "REDIS_URL": redis_url,
           "DICE_VAR_DIR": str(workdir), "DICE_ENV": "development"}
    server = None
    try:
        python = sys.executable
        subprocess.run([python, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
        flush = "import os, redis; redis.Redis.from_url(os.environ['REDIS_URL']).flushdb()"
        subprocess.run([python, "-c", flush], env=env, check=True)
        port = 8791
        base = f"http://127.0.0.1:{port}"
        log = (workdir / "server.log").open("w")
        server = subprocess.Popen(
            [python, "-m", "uvicorn", "config.asgi:application", "--host", "127.0.0.1",
             "--port", str(port), "--workers", "2", "--lifespan", "off",
             "--no-proxy-headers", "--timeout-graceful-shutdown", "3"],
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
        for _ in range(300):
            try:
                if call(base, "GET", "/game-types", timeout=1)[0] == 200:
                    break
            except OSError:
                pass
            time.sleep(0.1)
        else:
            raise SystemExit("the server did not start")
        status, victim, _ = call(base, "POST", "/auth/register",
                                 {"username": "victim", "password": "victim-secret-1"})
        assert status == 201, (status, victim)
        status, reader, _ = call(base, "POST", "/auth/register",
                                 {"username": "reader", "password": "reader-secret-1"})
        assert status == 201, (status, reader)
        token = reader["token"]
        status, game, _ = call(base, "POST", "/games", {"game_type": "snake-bones", "seats": 2},
                               token)
        assert status == 201, (status, game)
        call(base, "GET", f"/games/{game['id']}", token=token)  # warm

        def wrong_or_read(i: int) -> tuple[int, Any, float]:
            if i == 40:
                time.sleep(0.3)  # the hashes are under way
                return call(base, "GET", f"/games/{game['id']}", token=token)
            if i == 41:
                time.sleep(0.3)
                return call(base, "GET", "/games?mine=true", token=token)
            return call(base, "POST", "/auth/token",
                        {"username": "victim", "password": f"wrong-guess-{i}"})

        began = time.perf_counter()
        answers = at_once(42, timeout=None, work=wrong_or_read)
        took = time.perf_counter() - began
        logins, reads = answers[:40], answers[40:]
        print(f"## 40 wrong logins for one account ({took:.2f} s)")
        print(f"- answers: {tally(logins)}")
        print(f"- wrong passwords checked (401s): {sum(1 for a in logins if a[0] == 401)}")
        print(f"- slowest login answer: {max(a[2] for a in logins):.2f} s")
        for label, (status, _, latency) in zip(["GET /games/{id}", "GET /games?mine=true"],
                                               reads):
            print(f"- another user's {label}: {status} in {latency * 1000:.0f} ms")

        began = time.perf_counter()
        registrations = at_once(25, timeout=None, work=lambda i: call(
            base, "POST", "/auth/register",
            {"username": f"newcomer{i}", "password": f"plum-orbit-{i:02d}-kettle"}))
        took = time.perf_counter() - began
        print(f"## 25 registrations ({took:.2f} s)")
        print(f"- answers: {tally(registrations)}")
        print(f"- slowest: {max(a[2] for a in registrations):.2f} s")
    finally:
        if server is not None:
            server.terminate()
            server.wait(20)
        subprocess.run([*admin, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"], check=False)


if __name__ == "__main__":
    main()
