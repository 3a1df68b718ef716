from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pytest

from .worker import RedisServer, Worker, running_worker


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    """A private Redis that a test may stop and start."""
    server = RedisServer(tmp_path)
    server.start()
    yield server
    server.stop()


@pytest.fixture
def worker(tmp_path: Path) -> Iterator[Worker]:
    """A real worker with beat on the Redis of REDIS_URL (a private one if it is unset)."""
    yield from running_worker(tmp_path)
