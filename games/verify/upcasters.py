"""Upcasters: stored events of an older schema version read as the current one.

Pure (standard library only), so the standalone verifier upcasts exactly as the service
does (this is their one home; events/upcasters.py re-exports them). Stored rows are never
rewritten; each upcaster turns the data of one (event type, schema version) into the data
of the next version, and `upcast` chains them.
"""

from __future__ import annotations

from typing import Callable

# The schema version each event type is written with now (1 unless listed).
SCHEMA_VERSIONS: dict[str, int] = {
    "table_seated": 2,  # v2 records the game's dice scheme (docs/fairness.md)
}


def schema_version_of(event_type: str) -> int:
    return SCHEMA_VERSIONS.get(event_type, 1)


def table_seated_v1_to_v2(data: dict) -> dict:
    """Games seated before v2 rolled their dice under scheme 1 (seeds joined by ",")."""
    return {**data, "dice_scheme": 1}


UPCASTERS: dict[tuple[str, int], Callable[[dict], dict]] = {
    ("table_seated", 1): table_seated_v1_to_v2,
}


def upcast(event_type: str, schema_version: int, data: dict) -> dict:
    while (event_type, schema_version) in UPCASTERS:
        data = UPCASTERS[(event_type, schema_version)](data)
        schema_version += 1
    return data


def upcast_steps(event_type: str, schema_version: int, data: dict) -> list[dict]:
    """The data as stored, then as each later schema version reads it, up to the current
    one (a reader served the event at any of these versions saw one of them)."""
    steps = [data]
    while (event_type, schema_version) in UPCASTERS:
        steps.append(UPCASTERS[(event_type, schema_version)](steps[-1]))
        schema_version += 1
    return steps
