"""Under pytest-xdist each worker has a Redis database of its own (config/settings_test.py),
so one worker's throttle buckets and `cache.clear()` never reach the other's."""

from __future__ import annotations

import os

from django.conf import settings

from config.settings_test import _redis_of_this_worker


def test_worker_k_uses_the_database_k_after_the_urls() -> None:
    assert _redis_of_this_worker("redis://127.0.0.1:6379/14", "gw0") == "redis://127.0.0.1:6379/14"
    assert _redis_of_this_worker("redis://127.0.0.1:6379/14", "gw1") == "redis://127.0.0.1:6379/15"
    assert _redis_of_this_worker("redis://127.0.0.1:6379/15", "gw1") == "redis://127.0.0.1:6379/0"
    assert _redis_of_this_worker("redis://:pw@cache:6380", "gw2") == "redis://:pw@cache:6380/2"


def test_this_process_and_what_it_starts_share_the_workers_database() -> None:
    assert settings.REDIS_URL == os.environ.get("REDIS_URL", "")
