"""An audit's events as they were stored (docs/decisions/0031-typed-audits.md).

The audit serves every event upcast to the current shapes (`type`, `schema_version`,
`data`: what the typed contract describes). An event stored at an older schema version
also carries `stored`: the canonical JSON its hash was computed over (games/verify/chain.py),
as text; an event stored in the current shape has `stored: null`, its fields being the
stored ones. The checks run on the stored events (`rows`), and the served fields of an
event with `stored` must be exactly the stored ones upcast (`mismatches`), so that a
reader of the typed fields reads what the hash covers.
"""

from __future__ import annotations

import json
from typing import Any, Mapping

from .chain import HASHED_FIELDS
from .upcasters import names_players_by_username, upcast_event, schema_version_of, \
    with_player_ids


def row(event: Mapping[str, Any]) -> Mapping[str, Any]:
    """The event as stored: `stored` read back, with its hash (else the event itself)."""
    stored = event.get("stored")
    if not isinstance(stored, str):
        return event
    return {**json.loads(stored), "hash": event.get("hash")}


def rows(audit: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    return [row(event) for event in audit.get("events") or []]


def served(stored: Mapping[str, Any], ids: Mapping[int, str | None]) -> dict[str, Any]:
    """The hashed fields of a stored event as the audit serves them (upcast; the players
    of a table_seated that named them by username named by their ids)."""
    kind, data = upcast_event(stored["type"], int(stored["schema_version"]),
                              dict(stored["data"]))
    if names_players_by_username(stored["type"], int(stored["schema_version"])):
        data = with_player_ids(data, ids)
    return {**{name: stored[name] for name in HASHED_FIELDS}, "type": kind,
            "schema_version": schema_version_of(kind), "data": data}


def mismatches(audit: Mapping[str, Any]) -> list[tuple[int | None, str, str]]:
    """(seq, field, detail) for each served field that is not its stored value upcast."""
    ids = {seat.get("seat"): seat.get("player_id")
           for seat in (audit.get("game") or {}).get("seats") or []}
    found = []
    for event in audit.get("events") or []:
        if not isinstance(event.get("stored"), str):
            continue
        want = served(row(event), ids)
        for name in HASHED_FIELDS:
            if event.get(name) != want[name]:
                found.append((event.get("seq"), name, "differs from the stored event "
                              "(`stored`) upcast"))
    return found
