"""Stored rows are never rewritten: old schema versions are upcast when read."""

from __future__ import annotations

import pytest

from events import selectors, store
from events.models import Event
from tests.support.api import table


@pytest.fixture
def bid_upcaster(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """Pretend bid_made is now at schema version 2, which adds a field to version 1."""
    def v1_to_v2(data: dict) -> dict:
        return {**data, "upcast": True}
    monkeypatch.setitem(store.UPCASTERS, ("bid_made", 1), v1_to_v2)
    yield


def test_reads_upcast_without_rewriting_rows(players, bid_upcaster) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    game_id = table(a, [b], "snake-bones")
    version = a.start(game_id, first_player=0)["version"]
    version = a.act(game_id, {"type": "stake", "coins": 1}, version).json()["version"]
    version = b.act(game_id, {"type": "stake", "coins": 1}, version).json()["version"]
    a.act(game_id, {"type": "bid", "quantity": 2, "face": 3}, version)
    row = Event.objects.get(game_id=game_id, type="bid_made")
    assert row.schema_version == 1 and "upcast" not in row.data
    served = next(e for e in a.events(game_id) if e["type"] == "bid_made")
    assert served["data"]["upcast"] is True
    assert store.stored_event(row)["data"]["upcast"] is True
    assert selectors.visible_event(row, None, batch_end=True)["data"]["quantity"] == 2
