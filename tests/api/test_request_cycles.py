"""A request served by a view of the API leaves no garbage cycle holding its DRF Request
(api/base.py) or its body's or query's serializer and fields (api/validation.py `valid`):
reference counting frees them, and what they hold (the request, the user, the parsed
body), when the request ends; the cyclic collector, whose long pauses stop a worker, has
less to do."""

from __future__ import annotations

import gc
from collections import Counter
from typing import Any

import pytest
from rest_framework.fields import Field
from rest_framework.request import Request

from tests.support.api import table

pytestmark = pytest.mark.django_db(transaction=True)


def cyclic_garbage(call: Any, times: int = 5) -> Counter:
    """The kinds of objects `call` leaves to the cyclic collector."""
    call()  # warm: caches, lazy imports
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        for _ in range(times):
            call()
        gc.collect()
        return Counter(type(o).__name__ for o in gc.garbage
                       if isinstance(o, (Request, Field)))
    finally:
        gc.set_debug(0)
        gc.garbage.clear()


def test_reads_and_moves_leave_no_request_in_a_cycle(players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    game_id = table(a, [b], "snake-bones")
    version = a.start(game_id, first_player=0)["version"]
    reads = {
        "game": lambda: a.get(f"/games/{game_id}"),
        "legal actions": lambda: a.get(f"/games/{game_id}/legal-actions"),
        "events": lambda: a.get(f"/games/{game_id}/events", after=0),
        "game types": lambda: a.get("/game-types"),
        "a problem": lambda: a.get("/games/00000000-0000-0000-0000-000000000000"),
    }
    for name, call in reads.items():
        assert cyclic_garbage(call) == Counter(), name
    stakes = iter(range(1, 6))

    def stake() -> None:
        # The first stakes; the ones after are stale-version problems: both paths count.
        b.act(game_id, {"type": "stake", "coins": next(stakes)}, version)
    assert cyclic_garbage(stake, times=4) == Counter()
