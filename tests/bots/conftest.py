"""A real worker (with beat) for the bot tests: the clock tests' worker, with bot moves
that a lost task left overdue handed out again quickly (DICE_BOT_STALL)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.clocks.worker import Worker, running_worker

# The test process has no broker (memory://): the moves it causes reach the worker through
# the sweeper, after this stall; the worker's own moves hand the next ones over at once.
STALL = "0.3"


def start_worker(tmp_path: Path, app: str = "config") -> Iterator[Worker]:
    yield from running_worker(tmp_path, app=app, DICE_BOT_STALL=STALL, DICE_BOT_DELAY="0")


@pytest.fixture
def worker(tmp_path: Path) -> Iterator[Worker]:
    yield from start_worker(tmp_path)


@pytest.fixture
def broken_worker(tmp_path: Path) -> Iterator[Worker]:
    """A worker whose Dark Knights bot raises at every move (tests/bots/broken_worker.py)."""
    yield from start_worker(tmp_path, app="tests.bots.broken_worker")
