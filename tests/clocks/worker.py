"""A real Celery worker (with beat) in a subprocess, on Redis, against the test database."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

from django.db import connection

from tests.support.processes import stop_group

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_database_url() -> str:
    db = connection.settings_dict
    user = db.get("USER") or "postgres"
    password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
    host = db.get("HOST") or "127.0.0.1"
    port = db.get("PORT") or 5432
    return f"postgres://{user}{password}@{host}:{port}/{db['NAME']}"


class RedisServer:
    """A private redis-server, so a test may stop and restart it without harming others."""

    def __init__(self, workdir: Path) -> None:
        self.port = free_port()
        self.workdir = workdir
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        binary = shutil.which("redis-server")
        assert binary, "redis-server is needed for the clock tests"
        self.proc = subprocess.Popen(
            [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--dir", str(self.workdir)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_until(self._answers, 10, "redis-server did not start")

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)
        self.proc = None

    def _answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as s:
                s.sendall(b"PING\r\n")
                return s.recv(16).startswith(b"+PONG")
        except OSError:
            return False


@contextmanager
def own_broker(workdir: Path, redis: bool) -> Iterator[dict[str, str]]:
    """The environment that gives served processes a broker no other test shares: with
    `redis`, REDIS_URL of a private redis-server (stopped on leaving); else an empty
    REDIS_URL, the embedded default (its filesystem broker under the processes'
    DICE_VAR_DIR)."""
    if not redis:
        yield {"REDIS_URL": ""}
        return
    server = RedisServer(workdir)
    server.start()
    try:
        yield {"REDIS_URL": server.url}
    finally:
        server.stop()


class Worker:
    """`celery worker --beat` with the test settings, logging to a file. `app`: the Celery
    app module (a test may wrap config's to change what the worker runs).

    The embedded beat is a child process of the worker's, which outlives a worker killed
    outright (decision 0019: why the service runs beat on its own). Seen in CI: a beat
    child that missed its SIGTERM (swallowed in a `__del__`) held the worker's warm
    shutdown until `stop()` killed the worker, and went on scheduling, re-parented to pid
    1. So the worker starts in a session of its own, and `stop()` ends the whole group."""

    def __init__(self, redis_url: str, workdir: Path, app: str = "config", **env: str) -> None:
        self.app = app
        self.log = workdir / "worker.log"
        self.env = {
            **os.environ, "DJANGO_SETTINGS_MODULE": "config.settings_test",
            "DICE_TEST_WORKER": "1", "DATABASE_URL": test_database_url(),
            "REDIS_URL": redis_url, "DICE_SWEEP_INTERVAL": "0.5", "DICE_AUTOPLAY_GRACE": "0.2",
            "DICE_WEBHOOK_BACKOFF_SECONDS": "0.3", "DICE_VAR_DIR": str(workdir), **env,
        }
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", self.app, "worker", "--beat", "--pool=solo",
             "--loglevel=INFO", "--without-mingle", "--without-gossip", "--without-heartbeat",
             "-s", str(self.log.parent / "beat-schedule")],
            cwd=ROOT, env=self.env, stdout=self.log.open("w"), stderr=subprocess.STDOUT,
            start_new_session=True)
        wait_until(lambda: "ready." in self.log.read_text(), 30,
                   "the worker did not start", self.tail)

    def stop(self) -> None:
        """A warm shutdown (its beat stopped with it), then whatever is left of the
        group killed (tests/support/processes.py `stop_group`)."""
        if self.proc is not None:
            stop_group(self.proc)
        self.proc = None

    def tail(self) -> str:
        return self.log.read_text()[-3000:] if self.log.exists() else ""


def wait_until(check: Callable[[], bool], seconds: float, message: str,
               context: Callable[[], str] = lambda: "") -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if check():
            return
        time.sleep(0.1)
    raise AssertionError(f"{message}\n{context()}")


def running_worker(workdir: Path, app: str = "config", **env: str) -> Iterator[Worker]:
    """A started Worker on the Redis of REDIS_URL (a private one if it is unset), stopped
    when the generator is closed: the body of the tests' `worker` fixtures."""
    from django.conf import settings

    server = None
    url = settings.REDIS_URL
    if not url:
        server = RedisServer(workdir)
        server.start()
        url = server.url
    running = Worker(url, workdir, app=app, **env)
    running.start()
    try:
        yield running
    finally:
        running.stop()
        if server:
            server.stop()
