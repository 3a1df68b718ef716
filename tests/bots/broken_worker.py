"""A worker whose Dark Knights bot raises at every move: the Celery app of config, with
the game's bots replaced once the worker's Django is set up (tests/bots/test_worker_bots.py)."""

from __future__ import annotations

from typing import Any

from celery.signals import worker_init

from config.celery import app  # noqa: F401 (the app this module hands to `celery -A`)


def _broken(seen: Any, rng: Any) -> dict:
    raise RuntimeError("this bot is broken on purpose")


@worker_init.connect
def _break_the_bot(**_: Any) -> None:
    from games import registry

    registry.BOTS["dark-knights"] = {"basic": _broken}
