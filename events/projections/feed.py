"""The events of all games in commit order, from a position (docs/projections.md).

A reader that remembers "the last event id I saw" can skip an event: PostgreSQL hands out
ids when rows are inserted, not when their transactions commit, so a transaction holding
id 7 may commit after another one's id 8 was read. Here each PostgreSQL event row keeps
the id of the transaction that inserted it (`tx`, set by the database:
events/migrations/0012_projections.py), and a read takes only rows whose transaction
is below the oldest one still running that may write them (the snapshot's xmin, leaving
out transactions of other databases of the cluster, which cannot): every transaction
below it has ended, so no row below it can appear later. Rows are read in (tx, id) order
and a position is the last (tx, id) read: a row that becomes visible later has a tx at or
above the bound of every earlier read, so above every position given.

The projections of this package read a game's whole stream when its last event
(`seed_revealed`) comes (events/projections/finished.py): none depends on the order of
one game's events in the feed, only on the order in which games end.

SQLite lets one writer at a time, and ids are given inside the write transaction: there
id order is commit order, and `tx` is 0.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, Iterable

from django.db import connection

from ..models import Event


@dataclass(frozen=True, order=True)
class Position:
    """A place in the commit order: after the event (tx, event_id)."""

    tx: int = 0
    event_id: int = 0


START = Position()


@functools.cache
def _columns() -> str:
    qn = connection.ops.quote_name
    return ", ".join(f"e.{qn(f.column)}" for f in Event._meta.concrete_fields)


# xids of transactions of backends connected to other databases of the cluster: they
# cannot write this database's events. Read in a statement before the feed's own (the
# feed's snapshot is taken after it), so a transaction it lists is of another database
# for good; one it missed (started since) counts as this database's: late, never lost.
OTHER_DATABASES = ("SELECT COALESCE(array_agg(backend_xid::text::bigint), '{}') "
                   "FROM pg_stat_activity WHERE datname IS DISTINCT FROM current_database() "
                   "AND backend_xid IS NOT NULL")

# The bound: the oldest transaction still running in the feed's snapshot that may be this
# database's (its xid8 taken modulo 2^32 to compare with pg_stat_activity's xid), else the
# snapshot's xmax. Every row below it is committed (and visible) or never will be.
BOUND = ("WITH s AS (SELECT pg_current_snapshot() AS snap), "
         "bound AS (SELECT COALESCE((SELECT min(x) FROM s, pg_snapshot_xip(s.snap) AS x "
         "WHERE NOT ((x::text::bigint %% 4294967296) = ANY(%s))), "
         "(SELECT pg_snapshot_xmax(snap) FROM s)) AS b) ")


def _postgresql(types: list[str], after: Position, limit: int) -> tuple[str, list[Any]]:
    with connection.cursor() as cursor:
        cursor.execute(OTHER_DATABASES)
        others = cursor.fetchone()[0]
    return (f"{BOUND}SELECT {_columns()}, e.tx::text::bigint AS position_tx "
            "FROM events_event e, bound "
            "WHERE e.type = ANY(%s) AND (e.tx, e.id) > ((%s)::text::xid8, %s) "
            "AND e.tx < bound.b ORDER BY e.tx, e.id LIMIT %s",
            [others, types, after.tx, after.event_id, limit])


def _sqlite(types: list[str], after: Position, limit: int) -> tuple[str, list[Any]]:
    marks = ", ".join(["%s"] * len(types))
    return (f"SELECT {_columns()}, 0 AS position_tx FROM events_event e "
            f"WHERE e.type IN ({marks}) AND e.id > %s ORDER BY e.id LIMIT %s",
            [*types, after.event_id, limit])


def read(types: Iterable[str], after: Position, limit: int) -> list[Event]:
    """Up to `limit` committed events of these types after `after`, in commit order; each
    row's own position is `position_of(row)`."""
    kinds = sorted(types)
    build = _postgresql if connection.vendor == "postgresql" else _sqlite
    sql, params = build(kinds, after, limit)
    return list(Event.objects.raw(sql, params))


def last(types: Iterable[str]) -> Position:
    """The position of the last committed event of these types now (START if none)."""
    kinds = sorted(types)
    if connection.vendor == "postgresql":
        sql = ("SELECT e.tx::text::bigint, e.id FROM events_event e WHERE e.type = ANY(%s) "
               "ORDER BY e.tx DESC, e.id DESC LIMIT 1")
        params: list[Any] = [kinds]
    else:
        marks = ", ".join(["%s"] * len(kinds))
        sql = (f"SELECT 0, e.id FROM events_event e WHERE e.type IN ({marks}) "
               "ORDER BY e.id DESC LIMIT 1")
        params = kinds
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        row = cursor.fetchone()
    return Position(int(row[0]), int(row[1])) if row else START


def position_of(row: Event) -> Position:
    return Position(int(row.position_tx), row.id)  # type: ignore[attr-defined]
