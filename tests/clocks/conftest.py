from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pytest
from django.conf import settings

from .worker import RedisServer, Worker


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
    server = None
    url = settings.REDIS_URL
    if not url:
        server = RedisServer(tmp_path)
        server.start()
        url = server.url
    running = Worker(url, tmp_path)
    running.start()
    yield running
    running.stop()
    if server:
        server.stop()
