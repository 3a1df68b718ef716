"""The contract, the store and the standalone verifier take the service's own events from
their one home, games/service_events.py: the contract types exactly the events the store
and the verifier keep apart from the rules'."""

from __future__ import annotations

from contract import games as game_schema
from events import store
from games import service_events
from games.verify import anchors, replay


def test_the_contract_types_every_service_event_and_no_other() -> None:
    assert game_schema.SERVICE_EVENTS is service_events.EVENTS
    assert {kind.TYPE for kind in game_schema.SERVICE_EVENTS} == service_events.TYPES
    assert service_events.TYPES == {"table_seated", "client_seeds_fixed", "game_abandoned",
                                    "seed_revealed"}


def test_the_store_and_the_verifier_keep_apart_the_module_s_types() -> None:
    assert replay.SERVICE_EVENTS is service_events.TYPES
    assert anchors.SERVICE_EVENTS is service_events.TYPES
    assert store.SERVICE_EVENTS is service_events.TYPES


def test_the_verifier_starts_a_batch_at_each_service_event() -> None:
    events = [{"type": kind, "command": None} for kind in sorted(service_events.TYPES)]
    events.insert(1, {"type": "some_rules_event", "command": None})
    assert [len(batch) for batch in replay.batches(events)] == [1, 1, 1, 1, 1]
