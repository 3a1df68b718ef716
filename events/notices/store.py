"""Notices: written in the transaction of their cause, numbered per player in commit order,
published on commit, read by page, pruned after DICE_NOTICE_RETENTION_DAYS.

Numbering: one `NoticeHead` row per player, raised with the notice's insert (PostgreSQL: an
upsert, INSERT ... ON CONFLICT DO UPDATE ... RETURNING, that also locks it until the
transaction ends: a second writer for the same player waits for the first to commit;
SQLite: by a trigger, its writers one at a time anyway). So for a player,
seq 1, 2, 3 ... has no gap and a reader resuming after N never misses a later commit. Heads
are raised in player order, so two writers never wait for each other in a cycle."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Callable, Iterable, Mapping

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from ..live import broadcast
from ..models import Game, NoticeHead, PlayerNotice
from ..store import chain

# Live keys of player channels (events/live/broadcast.py): never a game id (a UUID).
KEY_PREFIX = "player:"


@dataclass(frozen=True)
class Noticed:
    """A notice just written (not yet committed): its kind, game (at `version`), data,
    each player's seq by user id, and the accounts told (as the caller passed them: the
    write path's carry `has_push_subscriptions`, events/store/sql.py)."""

    kind: str
    game: Game
    version: int
    data: Mapping[str, Any]
    seqs: Mapping[Any, int]
    users: tuple[Any, ...]


Listener = Callable[[Noticed], None]
# Who else hears of each notice, in its transaction (Web Push's outbox: events/push/,
# registered by events/apps.py). A listener writes rows that commit or roll back with it.
_listeners: list[Listener] = []


def listen(listener: Listener) -> None:
    """Call `listener` after every notice written from now on (once, however often
    registered)."""
    if listener not in _listeners:
        _listeners.append(listener)


def channel_key(player_id: str) -> str:
    """The broadcast key of a player's channel: their opaque player id (`p_...`), unique
    across databases that share one Redis."""
    return f"{KEY_PREFIX}{player_id}"


def notify(users: Iterable[Any], kind: str, game: Game, /, **data: Any) -> dict[Any, int]:
    """Write notice `kind` of `game` (at its current version) with `data` (public facts
    only) to each of `users` (accounts, with their `player`), inside the caller's
    transaction; published when it commits. Deleted accounts get nothing. Each user's
    new seq, by user id."""
    players, told = {}, []
    for user in users:
        if user is None:
            continue
        player = user.player
        if not player.is_deleted:
            players[user.pk] = player.id
            told.append(user)
    if not players:
        return {}
    row = PlayerNotice(kind=kind, game=game, version=game.version, data=data,
                       created_at=timezone.now())
    heads = _write(sorted(players), row)
    published = [(channel_key(players[user_id]), seq) for user_id, seq in heads.items()]
    transaction.on_commit(lambda: _publish(published))
    noticed = Noticed(kind, game, game.version, data, heads, tuple(told))
    for listener in tuple(_listeners):
        listener(noticed)
    return heads


def _write(user_ids: list[Any], row: PlayerNotice) -> dict[Any, int]:
    """Raise each player's head (locked until the transaction ends) and insert `row` for
    each with the new seq, in one statement. PostgreSQL: a data-modifying WITH (the
    upsert, then the insert of what it returns). SQLite has no writes in WITH: the insert
    takes each seq from the head, and a trigger raises the head
    (events/migrations/0014_sqlite_notice_heads_raised_by_trigger.py); its write holds
    the whole database, so no other writer reads the head in between."""
    qn = connection.ops.quote_name
    head_table, notice_table = qn(NoticeHead._meta.db_table), qn(PlayerNotice._meta.db_table)
    user, seq = qn(NoticeHead._meta.pk.column), qn("seq")
    fields = [PlayerNotice._meta.get_field(name)
              for name in ("kind", "game", "version", "data", "created_at")]
    columns = ", ".join(qn(f.column) for f in fields)
    values = [f.get_db_prep_save(getattr(row, f.attname), connection) for f in fields]
    insert = f"INSERT INTO {notice_table} ({qn('user_id')}, {seq}, {columns})"
    returning = f"RETURNING {qn('user_id')}, {seq}"
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            upsert = (f"INSERT INTO {head_table} ({user}, {seq}) VALUES "
                      + ", ".join(["(%s, 1)"] * len(user_ids))
                      + f" ON CONFLICT ({user}) DO UPDATE SET {seq} = {head_table}.{seq} + 1 "
                      f"RETURNING {user}, {seq}")
            # Typed: parameters in a SELECT list have no column to take their type from.
            marks = ", ".join(f"CAST(%s AS {f.db_type(connection)})" for f in fields)
            cursor.execute(f"WITH heads AS ({upsert}) {insert} "
                           f"SELECT {user}, {seq}, {marks} FROM heads {returning}",
                           [*user_ids, *values])
        else:
            marks = ", ".join(["%s"] * len(fields))
            players = "VALUES " + ", ".join(["(%s)"] * len(user_ids))  # column1
            cursor.execute(
                f"{insert} SELECT p.column1, COALESCE((SELECT h.{seq} FROM {head_table} h "
                f"WHERE h.{user} = p.column1), 0) + 1, {marks} FROM ({players}) p "
                f"ORDER BY p.column1 {returning}", [*values, *user_ids])
        return dict(cursor.fetchall())


def _publish(published: list[tuple[str, int]]) -> None:
    for key, seq in published:
        broadcast.publish(key, seq)


# What a read of notices loads (`served`): not the game's whole row.
SERVED_FIELDS = ("seq", "kind", "game__game_type", "version", "data", "created_at")


def page(user: Any, after: int, limit: int) -> tuple[list[PlayerNotice], bool]:
    """The user's notices after seq `after`, `limit` at most, oldest first, with their
    games; and whether more follow. One query."""
    rows = list(PlayerNotice.objects.filter(user=user, seq__gt=after)
                .select_related("game").only(*SERVED_FIELDS).order_by("seq")[:limit + 1])
    return rows[:limit], len(rows) > limit


def prune(now: datetime | None = None, batch: int = 5000) -> int:
    """Delete the notices older than DICE_NOTICE_RETENTION_DAYS; the heads stay (seq goes
    on from where it was). How many were deleted."""
    cutoff = (now or timezone.now()) - timedelta(days=settings.DICE_NOTICE_RETENTION_DAYS)
    deleted = 0
    while True:
        ids = list(PlayerNotice.objects.filter(created_at__lt=cutoff)
                   .values_list("pk", flat=True)[:batch])
        if not ids:
            return deleted
        deleted += PlayerNotice.objects.filter(pk__in=ids).delete()[0]


def served(notice: PlayerNotice) -> dict[str, Any]:
    """A notice as the channel serves it: the common fields, then its kind's."""
    return {"seq": notice.seq, "kind": notice.kind, "game": str(notice.game_id),
            "game_type": notice.game.game_type, "version": notice.version,
            "at": chain.timestamp(notice.created_at), **notice.data}
