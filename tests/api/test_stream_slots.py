"""A user's open streams and long polls, counted across processes in Redis (api/live.py
RedisSlots): past the limit a slot is refused, a released one counts no more, and the
count outlives every slot in it (a short long poll never shortens a stream's life)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from api.live import RedisSlots
from tests.clocks.worker import RedisServer


@pytest.fixture(scope="module")
def slots(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisSlots]:
    server = RedisServer(Path(tmp_path_factory.mktemp("redis")))
    server.start()
    yield RedisSlots(server.url)
    server.stop()


def test_slots_past_the_limit_are_refused(slots: RedisSlots) -> None:
    held = [slots.acquire("u1", 2, 30) for _ in range(2)]
    assert all(held)
    assert slots.acquire("u1", 2, 30) is None
    assert slots.count("u1") == 2, "a refused slot was counted"
    assert slots.acquire("u2", 2, 30) is not None, "another user's slots were counted"


def test_a_released_slot_counts_no_more(slots: RedisSlots) -> None:
    first = slots.acquire("u3", 1, 30)
    assert first is not None and slots.acquire("u3", 1, 30) is None
    first.release()
    assert slots.count("u3") == 0
    assert slots.acquire("u3", 1, 30) is not None


def test_a_short_slot_never_shortens_the_life_of_a_longer_one(slots: RedisSlots) -> None:
    assert slots.acquire("u4", 5, 300) is not None  # a stream
    assert slots.acquire("u4", 5, 1) is not None  # then a long poll of a second
    assert slots.redis.ttl(slots.key("u4")) > 300, \
        "the stream's slot would vanish with the long poll's"
