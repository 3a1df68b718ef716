"""The event store: a game's stream (read, append with the hash chain), the fold of a
stream into the rules' state (cache and snapshots), upcasters of stored events.

    stream.py     rows, append (Batch), stored events read back as typed ones
    chain.py      the hash chain as the service uses it (its one home: games/verify)
    upcasters.py  stored schema versions, upcast on read (one home: games/verify)
    fold.py       fold, the state cache, state_at
    snapshots.py  derived states every SNAPSHOT_EVERY events, keyed by the rules' code
"""

from .fold import CACHE, StateCache, fold, replay, state_at
from .stream import (
    SERVICE_EVENTS,
    Batch,
    append,
    insert,
    insert_with_head,
    rows,
    StoredEvent,
    rules_of,
    stored_event,
    to_rule_event,
    written,
)
from .upcasters import UPCASTERS, schema_version_of, upcast, upcast_event

__all__ = [
    "CACHE", "StateCache", "fold", "replay", "state_at", "SERVICE_EVENTS", "Batch", "append",
    "insert", "insert_with_head", "rows", "StoredEvent", "rules_of", "stored_event",
    "to_rule_event", "written", "UPCASTERS", "schema_version_of", "upcast", "upcast_event"
]
