"""A long poll never misses a commit made between its check and its wait
(api/live_bodies.py `_wait_for_page`): the view checks the request and reads the game,
the body listens, then looks once (one read of the rows after `after`), then waits."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from django.db import connection

from api import live_bodies, live_views
from tests.support.api import Player, started
from tests.support.live import page_of

pytestmark = pytest.mark.django_db(transaction=True)


def move_right_after_the_check(monkeypatch: pytest.MonkeyPatch, mover: Player, game_id: str,
                               version: int) -> None:
    """The next long poll's view checks the request and reads the game; then, before its
    body listens, `mover` stakes (committed on a thread of its own)."""
    original = live_views.waiting_page

    def stake() -> None:
        try:
            answer = mover.act(game_id, {"type": "stake", "coins": 1}, version)
            assert answer.status_code == 201, answer.content
        finally:
            connection.close()

    def check_then_move(*args: Any, **kwargs: Any) -> Any:
        mover_thread = threading.Thread(target=stake)
        mover_thread.start()
        mover_thread.join()
        return original(*args, **kwargs)
    monkeypatch.setattr(live_views, "waiting_page", check_then_move)


def test_a_long_poll_hears_a_commit_made_between_its_check_and_its_wait(
        players, settings, reads, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    settings.DICE_EMBEDDED_POLL = 0  # one process: its own commits are all it must hear
    a, b, game_id, version = started(players)
    move_right_after_the_check(monkeypatch, b, game_id, version)
    began = time.monotonic()
    page = page_of(a.get(f"/games/{game_id}/events", after=version, wait=10))
    assert [e["seq"] for e in page["events"]] == [version + 1]
    assert time.monotonic() - began < 5, "the poll slept through the commit"
    assert reads.of(game_id) == [version], "the look after listening is the poll's only read"


def test_a_long_poll_with_nothing_new_waits_and_answers_the_head(
        players, settings, reads) -> None:  # type: ignore[no-untyped-def]
    settings.DICE_EMBEDDED_POLL = 0
    a, _, game_id, version = started(players)
    began = time.monotonic()
    page = page_of(a.get(f"/games/{game_id}/events", after=version, wait=0.8))
    assert time.monotonic() - began >= 0.75
    assert page == {"game_type": "snake-bones", "version": version, "events": [],
                    "next_after": None}
    assert reads.of(game_id) == [version], "a quiet poll read more than its one look"


def test_a_long_wait_ends_up_to_a_tenth_early_so_polls_opened_together_come_back_spread() -> None:
    assert live_bodies.spread(5) == 5  # a short wait is kept whole
    waits = [live_bodies.spread(30) for _ in range(300)]
    assert all(27 <= w <= 30 for w in waits)
    assert max(waits) - min(waits) > 2, "polls opened together would all come back together"
