"""Under pytest-xdist each worker has a Redis database of its own (config/settings_test.py),
so one worker's throttle buckets and `cache.clear()` never reach the other's."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from django.conf import settings

from config.settings_test import _redis_of_this_worker


def test_worker_k_uses_the_database_k_after_the_urls() -> None:
    assert _redis_of_this_worker("redis://127.0.0.1:6379/14", "gw0") == "redis://127.0.0.1:6379/14"
    assert _redis_of_this_worker("redis://127.0.0.1:6379/14", "gw1") == "redis://127.0.0.1:6379/15"
    assert _redis_of_this_worker("redis://127.0.0.1:6379/15", "gw1") == "redis://127.0.0.1:6379/0"
    assert _redis_of_this_worker("redis://:pw@cache:6380", "gw2") == "redis://:pw@cache:6380/2"


def test_this_process_and_what_it_starts_share_the_workers_database() -> None:
    assert settings.REDIS_URL == os.environ.get("REDIS_URL", "")


def test_a_process_a_test_starts_keeps_the_workers_database() -> None:
    """A server or Celery worker started by xdist worker gw1 inherits its environment (the
    moved REDIS_URL and the worker's name) and must not move the database again."""
    env = {**os.environ, "PYTEST_XDIST_WORKER": "gw1", "REDIS_URL": "redis://127.0.0.1:6379/14",
           "DJANGO_SETTINGS_MODULE": "config.settings_test"}
    env.pop("DICE_TEST_REDIS_MOVED", None)
    read = [sys.executable, "-c", "from django.conf import settings; print(settings.REDIS_URL)"]
    root = Path(__file__).resolve().parents[2]
    moved = subprocess.run(read, env=env, cwd=root, capture_output=True, text=True, check=True)
    assert moved.stdout.strip() == "redis://127.0.0.1:6379/15"
    child = {**env, "REDIS_URL": "redis://127.0.0.1:6379/15", "DICE_TEST_REDIS_MOVED": "1"}
    kept = subprocess.run(read, env=child, cwd=root, capture_output=True, text=True, check=True)
    assert kept.stdout.strip() == "redis://127.0.0.1:6379/15"
