"""The per-game hash chain: hash = SHA-256(previous hash + canonical JSON of the event).

The canonical JSON is `json.dumps(body, sort_keys=True, separators=(",", ":"),
ensure_ascii=False)` encoded as UTF-8, where `body` holds every stored field of the
event but its hash (docs/fairness.md lists them). The first event's previous hash is
64 zeros. A verifier needs nothing but the exported events to check it.

The service hashes with these same functions when it appends (events/store/chain.py adds only
the reading of a stored row).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, Mapping

GENESIS = "0" * 64
HASHED_FIELDS = (
    "game_id", "seq", "type", "schema_version", "data", "private", "actor", "command",
    "draws", "idempotency_key", "recorded_at", "prev_hash",
)


def canonical(body: Mapping[str, Any]) -> bytes:
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def event_hash(body: Mapping[str, Any]) -> str:
    """The hash of an event given as a dict of HASHED_FIELDS (recorded_at as a string)."""
    hashed = {name: body[name] for name in HASHED_FIELDS}
    return hashlib.sha256(body["prev_hash"].encode() + canonical(hashed)).hexdigest()
