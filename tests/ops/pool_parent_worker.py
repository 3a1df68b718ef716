"""The Celery app of config, with each pool process noting, once set up, the worker that
config/celery.py remembered for it and its actual parent (DICE_TEST_POOL_LOG: a file; one
line "pid remembered parent" per pool process). tests/ops/test_celery_pool_parent.py."""

from __future__ import annotations

import os
from typing import Any

from celery.signals import worker_process_init

from config.celery import app, pool_parent  # noqa: F401 (the app handed to `celery -A`)


@worker_process_init.connect
def _note_the_worker(**_: Any) -> None:
    """Runs after config.celery's own receiver (connected first, as it was imported)."""
    with open(os.environ["DICE_TEST_POOL_LOG"], "a") as log:
        log.write(f"{os.getpid()} {pool_parent.get('pid')} {os.getppid()}\n")
