"""The per-game hash chain, as the service uses it when it appends.

The hashing itself (GENESIS, HASHED_FIELDS, canonical JSON, event_hash) has its one home
in games/verify/chain.py, which the standalone verifier ships; this module adds what
only the service needs: the timestamp format and the hashed fields of a stored row.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from games.verify.chain import GENESIS, HASHED_FIELDS, canonical, event_hash  # noqa: F401


def timestamp(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


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
