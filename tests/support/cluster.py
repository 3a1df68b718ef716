"""The service as it grows past one machine, on this one: two web servers (production's
command, config/gunicorn_conf.py) behind HAProxy (docker/haproxy.cfg as it stands, its
addresses from the environment), two Celery workers and one beat, on one PostgreSQL and
one Redis. Every process in a session of its own, all ended by `stop()` whatever
happened. Used by tests/service/test_load_balancer.py and tests/benchmarks/balancer.py."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from tests.clocks.worker import ROOT, free_port
from tests.support.processes import Session, children, healthy, wait_for

HAPROXY_CFG = ROOT / "docker" / "haproxy.cfg"


class Cluster:
    """`env`: the processes' environment (settings, DATABASE_URL, REDIS_URL, ...);
    `workers`: uvicorn worker processes per server."""

    def __init__(self, workdir: Path, env: dict[str, str], workers: int = 1) -> None:
        self.workdir = workdir
        self.env = {**env, "DICE_VAR_DIR": str(workdir), "DICE_TRUSTED_PROXIES": "1"}
        self.workers = workers
        self.ports = [free_port(), free_port()]
        self.port = free_port()  # the balancer's
        self.servers: list[Session | None] = [None, None]
        self.others: list[Session] = []

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        try:
            for i in range(2):
                self.servers[i] = self._server(i)
            celery = [sys.executable, "-m", "celery", "-A", "config"]
            quiet = ["--without-mingle", "--without-gossip", "--loglevel=INFO"]
            for n in (1, 2):
                self._other([*celery, "worker", "--pool=solo", "-n", f"worker{n}@%h", *quiet],
                            f"worker{n}")
            self._other([*celery, "beat", "--loglevel=INFO", "-s",
                         str(self.workdir / "beat-schedule")], "beat")
            haproxy = shutil.which("haproxy") or "/usr/sbin/haproxy"
            assert Path(haproxy).exists(), "install Debian's haproxy (.ci/run does)"
            balancer = self._other([haproxy, "-f", str(HAPROXY_CFG)], "haproxy", {
                "DICE_LB_BIND": f"127.0.0.1:{self.port}",
                "DICE_WEB_1": f"127.0.0.1:{self.ports[0]}",
                "DICE_WEB_2": f"127.0.0.1:{self.ports[1]}"})
            for i in range(2):
                server = self.servers[i]
                assert server is not None
                assert wait_for(lambda i=i, server=server: healthy(self.ports[i])
                                and len(children(server.pid)) == self.workers, 60), \
                    server.tail()
            assert wait_for(lambda: healthy(self.port), 20), balancer.tail()
            for worker in self.others[:2]:
                assert wait_for(lambda w=worker: "ready." in w.tail(), 60), worker.tail()
        except BaseException:
            self.stop()
            raise

    def kill_server(self, i: int) -> None:
        """SIGKILL to server `i`'s master and workers at once (a machine lost)."""
        server = self.servers[i]
        assert server is not None
        server.end()

    def stop(self) -> None:
        for session in [s for s in self.servers if s] + self.others:
            session.end()

    def tails(self) -> str:
        return "\n".join(f"--- {s.log.name}\n{s.tail()}"
                         for s in [s for s in self.servers if s] + self.others)

    def _server(self, i: int) -> Session:
        command = [sys.executable, "-m", "gunicorn", "--config", "python:config.gunicorn_conf",
                   "--bind", f"127.0.0.1:{self.ports[i]}", "--workers", str(self.workers)]
        return Session(command, self.workdir / f"web{i + 1}.log", ROOT, self.env)

    def _other(self, command: list[str], name: str, env: dict[str, str] | None = None
               ) -> Session:
        session = Session(command, self.workdir / f"{name}.log", ROOT, {**self.env, **(env or {})})
        self.others.append(session)
        return session
