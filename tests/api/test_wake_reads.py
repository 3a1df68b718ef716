"""A woken long poll or stream reads its new rows on its request's thread, as Django runs
the request's other sync work (api/live_bodies.py `off_loop`), not on the event loop's
default threads: a burst of other work that takes every one of those does not hold a
delivery back."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection

from tests.support.api import started
from tests.support.asgi import served, served_app

pytestmark = pytest.mark.django_db(transaction=True)

BUSY = 5.0  # how long the default threads are kept busy


def test_a_woken_long_poll_is_answered_while_the_default_threads_are_busy(
        players) -> None:  # type: ignore[no-untyped-def]
    a, b, game_id, version = started(players)
    app = served_app()

    def stake() -> None:
        try:
            answer = b.act(game_id, {"type": "stake", "coins": 1}, version)
            assert answer.status_code == 201, answer.content
        finally:
            connection.close()

    async def scenario() -> tuple[list[dict], float]:
        loop = asyncio.get_running_loop()
        default = ThreadPoolExecutor(max_workers=2)
        loop.set_default_executor(default)
        poll = asyncio.ensure_future(served(app, f"/api/v1/games/{game_id}/events",
                                         f"after={version}&wait=20", a.token))
        await asyncio.sleep(1.0)  # checked, listening, waiting
        assert not poll.done()
        # Every default thread busy (as by the checks of a burst of new requests).
        for _ in range(2):
            loop.run_in_executor(None, time.sleep, BUSY)
        mover = threading.Thread(target=stake)
        mover.start()
        began = loop.time()
        sent = await asyncio.wait_for(poll, 15)
        took = loop.time() - began
        mover.join()
        return sent, took

    sent, took = asyncio.run(scenario())
    assert sent[0]["status"] == 200
    assert [e["seq"] for e in json.loads(sent[1]["body"])["events"]] == [version + 1]
    assert took < BUSY - 1, "the woken poll's read waited behind the busy default threads"
