"""The service really started: uvicorn serving config.asgi in a subprocess, on the test
database, as production and `dev.py run` serve it."""

from __future__ import annotations

import os
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.clocks.worker import ROOT, free_port, test_database_url, wait_until
from tests.support.processes import stop_group


class Server:
    """One uvicorn process on 127.0.0.1 (`workers` worker processes behind it, if more
    than one), with the test settings (or `env`'s)."""

    def __init__(self, workdir: Path, *, workers: int = 1, **env: str) -> None:
        self.port = free_port()
        self.workers = workers
        self.log = workdir / f"server-{self.port}.log"
        self.env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings_test",
                    "DATABASE_URL": test_database_url(), "DICE_VAR_DIR": str(workdir), **env}
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "config.asgi:application",
             "--host", "127.0.0.1", "--port", str(self.port), "--lifespan", "off",
             "--no-proxy-headers", "--timeout-graceful-shutdown", "3",
             *(["--workers", str(self.workers)] if self.workers > 1 else [])],
            cwd=ROOT, env=self.env, stdout=self.log.open("w"), stderr=subprocess.STDOUT,
            start_new_session=True)
        wait_until(self._answers, 30, "the server did not start", self.tail)

    def stop(self) -> None:
        """uvicorn's graceful shutdown, then its group killed (its worker processes too,
        with `workers` > 1)."""
        if self.proc is not None:
            stop_group(self.proc)
        self.proc = None

    def tail(self) -> str:
        return self.log.read_text()[-3000:] if self.log.exists() else ""

    # What answers once the server is ready (a subclass may name another path).
    ready_path = "/api/v1/game-types"

    def _answers(self) -> bool:
        if self.proc is not None and self.proc.poll() is not None:
            raise AssertionError(f"the server exited:\n{self.tail()}")
        try:
            with urllib.request.urlopen(f"{self.url}{self.ready_path}", timeout=1) as answer:
                return answer.status == 200
        except OSError:
            return False


@contextmanager
def two_servers_in(workdir: Path, **env: str) -> Iterator[tuple[Server, Server]]:
    """Two servers on the same database, each in a folder of its own under `workdir` ("a"
    and "b"), started with `env`; both stopped on leaving (whichever started)."""
    servers: list[Server] = []
    try:
        for name in ("a", "b"):
            (workdir / name).mkdir()
            server = Server(workdir / name, **env)
            servers.append(server)
            server.start()
        yield servers[0], servers[1]
    finally:
        for server in servers:
            server.stop()
