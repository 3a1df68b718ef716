"""The per-game hash chain: hash = SHA-256(previous hash + canonical JSON of the event).

The canonical JSON is `json.dumps(body, sort_keys=True, separators=(",", ":"),
ensure_ascii=False)` encoded as UTF-8, where `body` holds every stored field of the
event but its hash (docs/fairness.md lists them). The first event's previous hash is
64 zeros. A verifier needs nothing but the exported events to check it.
"""

from __future__ import annotations

import hashlib
import json
from datetime import datetime, timezone
from typing import Any, Mapping

GENESIS = "0" * 64
HASHED_FIELDS = (
    "game_id", "seq", "type", "schema_version", "data", "private", "actor", "command",
    "draws", "idempotency_key", "recorded_at", "prev_hash",
)


def timestamp(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def canonical(body: Mapping[str, Any]) -> bytes:
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def event_hash(body: Mapping[str, Any]) -> str:
    """The hash of an event given as a dict of HASHED_FIELDS (recorded_at as a string)."""
    hashed = {name: body[name] for name in HASHED_FIELDS}
    return hashlib.sha256(body["prev_hash"].encode() + canonical(hashed)).hexdigest()


def row_body(row: Any) -> dict[str, Any]:
    """The hashed fields of a stored Event row."""
    return {
        "game_id": str(row.game_id),
        "seq": row.seq,
        "type": row.type,
        "schema_version": row.schema_version,
        "data": row.data,
        "private": row.private,
        "actor": row.actor,
        "command": row.command,
        "draws": row.draws,
        "idempotency_key": row.idempotency_key,
        "recorded_at": timestamp(row.recorded_at),
        "prev_hash": row.prev_hash,
    }

