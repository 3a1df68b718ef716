"""A Celery pool process dies with the worker that forked it (config/celery.py), even
when the worker ended before the pool process asked the kernel for the parent-death
signal: a race that a worker killed with SIGKILL right after "ready." lost under load,
leaving a pool process blocked for good on the pool's queue lock (decision 0019).

Both hooks are driven through Celery's own signals, in a process forked as the prefork
pool forks its children, so the race is reproduced on purpose instead of by luck. And a
real prefork worker, on either broker, shows that the signal the hook remembers its pid
by is sent there: the pool without an event loop (the filesystem broker) never sent the
one first used (decision 0019, "The pool without an event loop").
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.clocks.worker import ROOT, own_broker
from tests.support.processes import Session, alive, children, wait_for

# The "worker": sends the signal a worker sends as it is set up, forks, prints the
# child's pid, then ends at once ("first") or ("later") waits until the pool process has
# started, says so and waits to be killed. The "pool process" ("first": once its worker
# is gone) sends Celery's start-up signal and, if still alive, writes the marker and
# sleeps (an orphan would sleep on).
POOL = """
import os, sys, time
import django
django.setup()
from celery import signals
import config.celery
marker, worker_ends_first = sys.argv[1], sys.argv[2] == "first"
signals.worker_init.send(sender=None)
worker = os.getpid()  # read before the fork: the worker may end before its child first runs
child = os.fork()
if child == 0:
    while worker_ends_first and os.getppid() == worker:
        time.sleep(0.01)
    signals.worker_process_init.send(sender="pool")
    open(marker, "w").write("carried on")
    time.sleep(60)
    os._exit(0)
print(child, flush=True)
if worker_ends_first:
    os._exit(0)
while not os.path.exists(marker):
    time.sleep(0.01)
print("started", flush=True)
time.sleep(60)
"""


def environment(tmp_path: Path) -> dict[str, str]:
    return {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings",
            "DICE_VAR_DIR": str(tmp_path)}


def start(tmp_path: Path, when: str) -> tuple[subprocess.Popen[str], int, Path]:
    marker = tmp_path / "carried-on"
    worker = subprocess.Popen([sys.executable, "-c", POOL, str(marker), when], cwd=ROOT,
                              env=environment(tmp_path), stdout=subprocess.PIPE, text=True)
    assert worker.stdout is not None
    return worker, int(worker.stdout.readline()), marker


def test_a_pool_process_whose_worker_already_ended_exits_instead_of_starting(
        tmp_path: Path) -> None:
    worker, pool_process, marker = start(tmp_path, "first")
    try:
        worker.wait(10)
        assert wait_for(lambda: not alive(pool_process), 10), "the orphan carried on"
        assert not marker.exists()
    finally:
        if alive(pool_process):
            os.kill(pool_process, 9)


def test_a_started_pool_process_dies_when_its_worker_is_killed(tmp_path: Path) -> None:
    worker, pool_process, marker = start(tmp_path, "later")
    try:
        assert worker.stdout is not None and worker.stdout.readline() == "started\n"
        assert alive(pool_process) and marker.exists()
        worker.kill()
        worker.wait(10)
        assert wait_for(lambda: not alive(pool_process), 10), "it outlived its worker"
    finally:
        worker.kill()
        if alive(pool_process):
            os.kill(pool_process, 9)


SOLO = """
import django
django.setup()
from billiard.util import get_pdeathsig
from celery import signals
import config.celery
signals.worker_process_init.send(sender="solo")
print(get_pdeathsig())
"""


def test_the_solo_pool_keeps_the_worker_s_own_parent_death_signal(tmp_path: Path) -> None:
    """The solo pool (dev.py run's worker) sends `worker_process_init` in the worker itself,
    which dev.py asked for SIGTERM on its death: the hook must leave that alone."""
    solo = subprocess.run([sys.executable, "-c", SOLO], cwd=ROOT, check=False,
                          env=environment(tmp_path), capture_output=True, text=True,
                          timeout=60)
    assert solo.returncode == 0, solo.stderr
    assert solo.stdout.strip() == "0"


@pytest.mark.served
@pytest.mark.parametrize("broker", ["filesystem", "redis"])
def test_a_real_worker_s_pool_processes_know_their_worker(tmp_path: Path, broker: str) -> None:
    """Each pool process of `celery worker` (prefork) has its worker's pid to check."""
    log = tmp_path / "pool.log"
    env = {**environment(tmp_path), "DICE_TEST_POOL_LOG": str(log)}
    env.pop("DATABASE_URL", None)  # the worker runs no task: the embedded default's SQLite
    with own_broker(tmp_path, redis=broker == "redis") as broker_env:
        worker = Session([sys.executable, "-m", "celery", "-A", "tests.ops.pool_parent_worker",
                          "worker", "--concurrency", "2", "--loglevel=INFO"],
                         tmp_path / "worker.log", ROOT, {**env, **broker_env})
        try:
            assert wait_for(lambda: log.exists() and len(log.read_text().splitlines()) >= 2,
                            40), worker.tail()
            pool = children(worker.pid)
            noted = [line.split() for line in log.read_text().splitlines()]
            assert {int(pid) for pid, _, _ in noted} <= set(pool), (noted, pool)
            assert all(remembered == parent == str(worker.pid)
                       for _, remembered, parent in noted), noted
        finally:
            worker.end()
