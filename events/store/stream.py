"""Reading and appending a game's stream.

The stream holds the rules' events plus the service's own (SERVICE_EVENTS, their types;
their classes are in games/service_events.py):
`table_seated` (who sits where, the seed commitment) opens it, `game_abandoned` ends a
game every seat of which was left to the clock, and `seed_revealed` closes it. Those are
not folded by the rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from django.utils import timezone

from games import registry
from games.core import GameEvent
from games.core.fairness import Draw
from games.core.rules import GameRules
from games.service_events import TYPES as SERVICE_EVENTS  # noqa: F401 (re-exported)
from games.service_events import TableSeated
from infra.sql import insert as insert_rows
from infra.sql import insert_and_update

from ..models import Event, Game
from . import chain
from .upcasters import schema_version_of, upcast_event


# An event as stored: {"type", "data", "private": {"<seat>": {...}}} (`GameEvent.to_json`).
StoredEvent = Mapping[str, Any]


def stored_event(row: Event) -> dict[str, Any]:
    """A row's event in its stored form, upcast to the current shape."""
    kind, data = upcast_event(row.type, row.schema_version, row.data)
    return {"type": kind, "data": data, "private": row.private or {}}


def to_rule_event(row: Event, rules: GameRules) -> GameEvent:
    """A row of the rules' events as the game's typed event."""
    return rules.events.parse_event(stored_event(row))


def rules_of(game: Game) -> GameRules:
    return registry.get(game.game_type)


def rows(game: Game, after: int = 0, upto: int | None = None) -> list[Event]:
    query = Event.objects.filter(game=game, seq__gt=after)
    if upto is not None:
        query = query.filter(seq__lte=upto)
    return list(query.order_by("seq"))


@dataclass(frozen=True)
class Batch:
    """Events decided together, with what caused them and the dice they used: the rules'
    typed events, or the service's own (games/service_events.py)."""

    events: Sequence[GameEvent]
    actor: str
    command: dict | None = None
    draws: Sequence[Draw] = ()
    idempotency_key: str | None = None


def append(game: Game, batch: Batch, *, write: bool = True) -> list[Event]:
    """Append a batch at the head of a locked game's stream (caller holds the lock).

    The previous hash is the game row's `head_hash` (kept with `version`, no read of the
    stream); the caller saves the game row in the same transaction. `write=False`: the
    rows are made and the head moved, but the caller inserts them (`insert`, several
    batches in one statement) before the transaction ends."""
    prev_hash = game.head_hash or chain.GENESIS
    now = timezone.now()
    new_rows: list[Event] = []
    for index, event in enumerate(batch.events):
        raw = event.to_json()
        version, data = written(raw["type"], raw["data"])
        row = Event(
            game=game, seq=game.version + index + 1, type=raw["type"],
            schema_version=version, data=data,
            private=raw["private"],
            actor=batch.actor, command=batch.command if index == 0 else None,
            draws=[d.to_list() for d in batch.draws] if index == 0 else [],
            idempotency_key=batch.idempotency_key if index == 0 else None,
            recorded_at=now, prev_hash=prev_hash, hash="",
        )
        row.hash = chain.event_hash(chain.row_body(row))
        prev_hash = row.hash
        new_rows.append(row)
    if write:
        insert(new_rows)
    game.version += len(new_rows)
    game.dice_used += len(batch.draws)
    game.head_hash = prev_hash
    return new_rows


# A lobby opened before dice scheme 3 is seated in table_seated's version 3 (each seat
# with its seed, none with a commitment): the version is the written event's, not only
# its type's (docs/decisions/0029-committed-seeds.md, "Old games").
SEEDS_IN_TABLE_SEATED = 3


def written(kind: str, data: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """The schema version an event is written in, and its data in that version's shape."""
    if kind == TableSeated.TYPE and data.get("dice_scheme") in (1, 2):
        seats = [{key: value for key, value in seat.items() if key != "seed_commitment"}
                 for seat in data["seats"]]
        return SEEDS_IN_TABLE_SEATED, {**data, "seats": seats}
    return schema_version_of(kind), data


def insert(new_rows: list[Event]) -> None:
    """Insert rows made by `append(..., write=False)`, in order, in one statement."""
    insert_rows(new_rows)  # bulk_create's INSERT, without the ORM's compilation


def insert_with_head(new_rows: list[Event], game: Game, fields: list[str]) -> None:
    """Insert rows made by `append(..., write=False)` and save the game row's `fields`
    (its new head): one statement on PostgreSQL, two on SQLite (infra/sql.py)."""
    insert_and_update(new_rows, game, fields)
