"""A long poll never misses a commit made between its check and its wait
(api/live_views.py `events`): if this process follows the game already, the poll listens
before its check and the check's read is its last look (no other read); if not, it
listens after the check and reads the head once."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest
from django.db import connection

from api import live_views
from events import selectors
from events.live import broadcast
from tests.support.api import Player, started

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def heads(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every single-row head read a long poll makes."""
    seen: list[Any] = []
    original = selectors.head_of

    def counted(game_id: Any) -> int:
        seen.append(game_id)
        return original(game_id)
    monkeypatch.setattr(selectors, "head_of", counted)
    return seen


def move_right_after_the_check(monkeypatch: pytest.MonkeyPatch, mover: Player, game_id: str,
                               version: int) -> None:
    """The next long poll's check reads the game; then, before the poll waits, `mover`
    stakes (committed in a thread of its own)."""
    original = live_views.check_request

    def stake() -> None:
        try:
            answer = mover.act(game_id, {"type": "stake", "coins": 1}, version)
            assert answer.status_code == 201, answer.content
        finally:
            connection.close()

    async def check_then_move(view: Any, request: Any, **kwargs: Any) -> Any:
        answer = await original(view, request, **kwargs)
        await asyncio.to_thread(stake)
        return answer
    monkeypatch.setattr(live_views, "check_request", check_then_move)


def test_a_long_poll_of_a_followed_game_hears_a_commit_right_after_its_check_unread(
        players, heads, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    a, b, game_id, version = started(players)
    # A first poll runs out: this process follows the game now (for a while after).
    assert a.get(f"/games/{game_id}/events", after=version, wait=0.2).json()["events"] == []
    assert broadcast.transport().follows(game_id)
    heads.clear()
    move_right_after_the_check(monkeypatch, b, game_id, version)
    began = time.monotonic()
    page = a.get(f"/games/{game_id}/events", after=version, wait=10).json()
    assert [e["seq"] for e in page["events"]] == [version + 1]
    assert time.monotonic() - began < 5, "the poll slept through the commit"
    assert heads == [], "a followed game's poll read the head again after its check"


def test_a_long_poll_of_a_game_not_followed_here_reads_the_head_once_after_listening(
        players, heads, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    if isinstance(broadcast.transport(), broadcast.LocalTransport):
        pytest.skip("without Redis, a process that has listened once hears every game")
    a, b, game_id, version = started(players)
    assert not broadcast.transport().follows(game_id)
    move_right_after_the_check(monkeypatch, b, game_id, version)
    began = time.monotonic()
    page = a.get(f"/games/{game_id}/events", after=version, wait=10).json()
    assert [e["seq"] for e in page["events"]] == [version + 1]
    assert time.monotonic() - began < 5, "the poll slept through the commit"
    assert len(heads) == 1


def test_a_followed_games_long_poll_with_nothing_new_waits_and_answers_the_head(
        players, heads) -> None:  # type: ignore[no-untyped-def]
    a, _, game_id, version = started(players)
    a.get(f"/games/{game_id}/events", after=version, wait=0.2)
    heads.clear()
    began = time.monotonic()
    page = a.get(f"/games/{game_id}/events", after=version, wait=0.8).json()
    assert time.monotonic() - began >= 0.75
    assert page["events"] == [] and page["version"] == version
    assert page["game_type"] == "snake-bones"
    assert heads == []


def test_a_long_wait_ends_up_to_a_tenth_early_so_polls_opened_together_come_back_spread() -> None:
    assert live_views.spread(5) == 5  # a short wait is kept whole
    waits = [live_views.spread(30) for _ in range(300)]
    assert all(27 <= w <= 30 for w in waits)
    assert max(waits) - min(waits) > 2, "polls opened together would all come back together"
