"""An SSE response gives its user's stream slot back however it ends (api/live.py
EventStream): when its body ends, when Django closes a response whose body never
started (the client went away first), or when such a response is collected."""

from __future__ import annotations

import gc
from collections.abc import AsyncIterator

import pytest

from api.live import EventStream, LocalSlots

# Closing a response sends Django's request_finished, which looks at the database
# connections (close_old_connections).
pytestmark = pytest.mark.django_db


async def _never_read() -> AsyncIterator[str]:
    yield "retry: 2000\n\n"


def test_closing_a_stream_whose_body_never_started_gives_the_slot_back() -> None:
    slots = LocalSlots()
    slot = slots.acquire("u", 1, 30)
    assert slot is not None
    response = EventStream(_never_read(), slot)
    assert response["Content-Type"] == "text/event-stream"
    assert response["Cache-Control"] == "no-cache"
    assert slots.acquire("u", 1, 30) is None, "the slot was not held"
    response.close()
    assert slots.count("u") == 0
    response.close()  # twice: released once
    assert slots.count("u") == 0


def test_a_stream_collected_unclosed_gives_the_slot_back() -> None:
    slots = LocalSlots()
    slot = slots.acquire("u", 1, 30)
    assert slot is not None
    response = EventStream(_never_read(), slot)
    del response, slot
    gc.collect()
    assert slots.count("u") == 0
