"""A game's end kicks the projector once the batch has committed, so the leaderboard and
the histories follow within moments (beat's `events.project` catches up whatever a kick
missed: a broker down, a worker restarted). Wired by events/apps.py."""

from __future__ import annotations

import logging
from typing import Callable

from django.db import transaction

from ..writes.hooks import Appended

log = logging.getLogger(__name__)


def _no_dispatch() -> None:
    """Before apps.py hands over the worker's enqueuer: nothing (beat catches up)."""


dispatch: Callable[[], None] = _no_dispatch


def on_appended(change: Appended) -> None:
    if change.outcome is not None:
        transaction.on_commit(lambda: dispatch())
