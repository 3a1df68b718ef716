"""An audit event stored in an older shape is served upcast with `stored`, the bytes its
hash covers (docs/decisions/0031-typed-audits.md, games/verify/stored.py)."""

from __future__ import annotations

import copy

from games.verify import chain, stored
from tests.fairness import independent

GAME = "00000000-0000-4000-8000-00000000d1ce"
ROW = {"game_id": GAME, "seq": 1, "type": "table_seated", "schema_version": 3,
       "data": {"game_id": GAME, "game_type": "snake-bones", "options": {},
                "server_seed_hash": "0" * 64, "dice_scheme": 2, "rated": True,
                "seats": [{"seat": 0, "player": "p_a", "client_seed": "mine"}]},
       "private": {}, "actor": "system", "command": None, "draws": [],
       "idempotency_key": None, "recorded_at": "2026-11-27T10:02:04.842416Z",
       "prev_hash": chain.GENESIS}


def served_audit() -> dict:
    """The audit as the service serves a v3 table_seated (events/audits/export.py)."""
    event = {**stored.served(ROW, {}), "hash": chain.event_hash(ROW),
             "stored": chain.canonical(ROW).decode()}
    return {"game": {"seats": [{"seat": 0, "player_id": "p_a"}]}, "events": [event]}


def test_the_served_event_is_upcast_and_its_stored_bytes_hash() -> None:
    audit = served_audit()
    event = audit["events"][0]
    assert event["schema_version"] == 4 and event["data"]["seats"][0]["seed_commitment"] is None
    assert stored.row(event) == {**ROW, "hash": event["hash"]}
    assert chain.event_hash(stored.row(event)) == event["hash"]
    assert independent.event_hash(event) == event["hash"]  # the second verifier too
    assert stored.mismatches(audit) == []


def test_a_served_field_that_is_not_the_stored_one_upcast_is_a_problem() -> None:
    audit = copy.deepcopy(served_audit())
    audit["events"][0]["data"]["seats"][0]["client_seed"] = "not mine"
    assert stored.mismatches(audit) == [(1, "data", "differs from the stored event "
                                             "(`stored`) upcast")]


def test_an_event_without_stored_is_its_own_row() -> None:
    event = {**ROW, "hash": chain.event_hash(ROW), "stored": None}
    assert stored.row(event) is event
