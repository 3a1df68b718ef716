"""The contract types exactly the service's own events that the store keeps apart from
the rules' (contract/games.py and games/verify/replay.py name them in two places)."""

from __future__ import annotations

from contract import games as game_schema
from games.verify.replay import SERVICE_EVENTS


def test_the_contract_types_every_service_event_and_no_other() -> None:
    assert {kind.TYPE for kind in game_schema.SERVICE_EVENTS} == set(SERVICE_EVENTS)
