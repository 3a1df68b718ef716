"""The tests' worker (tests/clocks/worker.py) leaves nothing running once stopped, its
embedded beat included: a beat child that outlived a killed worker went on scheduling,
re-parented to pid 1, after a CI run (decision 0019 says why the service runs beat on
its own; the tests' worker keeps `--beat` and ends its whole process group)."""

from __future__ import annotations

import pytest

from tests.support.processes import alive, children, wait_for

from .worker import Worker

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_stopping_a_worker_that_was_killed_ends_its_beat(worker: Worker) -> None:
    assert worker.proc is not None
    pid = worker.proc.pid
    assert wait_for(lambda: len(children(pid)) == 1, 20), "no embedded beat child"
    (beat,) = children(pid)
    worker.proc.kill()   # the worker alone, as stop() does to one stuck in its shutdown
    worker.proc.wait(10)
    worker.stop()
    assert wait_for(lambda: not alive(beat), 10), f"the beat child {beat} outlived its worker"
