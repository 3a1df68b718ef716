"""The hot reads in hand-written SQL: a game with its creator and seats (one query), a
game row locked, its seats. Every request of a move reads these; the ORM spent more time
compiling their SQL (joins, a prefetch, a subquery) than the database spent running it.

The columns come from the models' fields (a new field is read with no change here), each
value goes through the field's and the backend's converters as the ORM's would, and the
instances are the ORM's own (`Model.from_db`): the rows read are exactly those the
querysets they replace read. Statements are built once per process and backend.
"""

from __future__ import annotations

import functools
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connection as default_connection
from django.db.models import Model

from ..models import Deadline, Game, Seat, Webhook

# Names of the attributes a read leaves on a Game: its seats (a list, in seat order, each
# with its user and `deadline_due`), and on a locked game the same without deadlines.
SEATS = "_dice_seats"
LOCKED_SEATS = "_locked_seats"


class Columns:
    """The concrete columns of `model` under `alias`, and how to make an instance."""

    def __init__(self, model: type[Model], alias: str, connection: Any) -> None:
        self.model = model
        self.fields = list(model._meta.concrete_fields)
        self.attnames = [f.attname for f in self.fields]
        qn = connection.ops.quote_name
        self.sql = ", ".join(f"{alias}.{qn(f.column)}" for f in self.fields)
        # The expressions the ORM's compiler converts by: a foreign key's column is typed
        # by its target (a UUID key reads as a UUID on SQLite too), not by the key itself.
        self.cols = [f.get_col(model._meta.db_table) for f in self.fields]
        self.converters = [
            (i, [*connection.ops.get_db_converters(col), *f.get_db_converters(connection)])
            for i, (f, col) in enumerate(zip(self.fields, self.cols))]
        self.converters = [(i, c) for i, c in self.converters if c]
        self.width = len(self.fields)
        self.pk_index = self.fields.index(model._meta.pk)

    def make(self, row: Any, start: int, connection: Any) -> Model | None:
        values = list(row[start:start + self.width])
        if values[self.pk_index] is None:  # the empty side of an outer join
            return None
        for i, converters in self.converters:
            value = values[i]
            for converter in converters:
                value = converter(value, self.cols[i], connection)
            values[i] = value
        return self.model.from_db(connection.alias, self.attnames, values)


@functools.cache
def _statements(vendor: str) -> dict[str, Any]:
    connection = default_connection
    qn = connection.ops.quote_name
    user_model = get_user_model()
    game, seat = Columns(Game, "g", connection), Columns(Seat, "s", connection)
    creator, player = Columns(user_model, "c", connection), Columns(user_model, "u", connection)
    users, games, seats = (qn(user_model._meta.db_table), qn(Game._meta.db_table),
                           qn(Seat._meta.db_table))
    deadlines, webhooks = qn(Deadline._meta.db_table), qn(Webhook._meta.db_table)
    seat_game = qn(Seat._meta.get_field("game").column)
    seat_user = qn(Seat._meta.get_field("user").column)
    seat_number = qn(Seat._meta.get_field("number").column)
    due = (f"(SELECT d.{qn(Deadline._meta.get_field('due_at').column)} FROM {deadlines} d "
           f"WHERE d.{qn(Deadline._meta.get_field('game').column)} = s.{seat_game} "
           f"AND d.{qn(Deadline._meta.get_field('seat').column)} = s.{seat_number} "
           f"LIMIT 1)")
    user_pk = qn(user_model._meta.pk.column)
    game_pk = qn(Game._meta.pk.column)
    creator_col = qn(Game._meta.get_field("creator").column)
    lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
    due_field = Deadline._meta.get_field("due_at")
    return {
        "game": game, "seat": seat, "creator": creator, "player": player,
        "due_converters": [*connection.ops.get_db_converters(due_field.cached_col),
                           *due_field.get_db_converters(connection)],
        "due_field": due_field,
        # The game, its creator, and each seat with its user and deadline (one row a seat;
        # a game with no seat left gives one row with no seat).
        "read": (f"SELECT {game.sql}, {creator.sql}, {seat.sql}, {player.sql}, {due} "
                 f"FROM {games} g INNER JOIN {users} c ON c.{user_pk} = g.{creator_col} "
                 f"LEFT OUTER JOIN {seats} s ON s.{seat_game} = g.{game_pk} "
                 f"LEFT OUTER JOIN {users} u ON u.{user_pk} = s.{seat_user} "
                 f"WHERE g.{game_pk} = %s ORDER BY s.{seat_number}"),
        "lock": f"SELECT {game.sql} FROM {games} g WHERE g.{game_pk} = %s{lock}",
        # With each seat: whether its player has an active webhook (`has_webhooks`), so
        # a move that changes who is awaited looks webhooks up only when one may fire.
        "seats": (f"SELECT {seat.sql}, {player.sql}, EXISTS (SELECT 1 FROM {webhooks} w "
                  f"WHERE w.{qn(Webhook._meta.get_field('user').column)} = s.{seat_user} "
                  f"AND w.{qn(Webhook._meta.get_field('active').column)}) "
                  f"FROM {seats} s "
                  f"LEFT OUTER JOIN {users} u ON u.{user_pk} = s.{seat_user} "
                  f"WHERE s.{seat_game} = %s ORDER BY s.{seat_number}"),
    }


def _param(game_id: Any, connection: Any) -> Any:
    """The id as the database takes it; ValueError if it is no UUID (as the ORM's get)."""
    return Game._meta.pk.get_db_prep_value(Game._meta.pk.to_python(game_id), connection)


def _cache_related(instance: Model, name: str, value: Any) -> None:
    instance._state.fields_cache[name] = value


def read_game(game_id: Any) -> Game | None:
    """The game with its creator and its seats (each with its user and the due time of
    its deadline as `deadline_due`), in one query; None if there is no such game.
    ValueError if `game_id` is no UUID. A seat does not point back at the game (`seat.game`
    would read it): game and seats are no reference cycle, and are freed as soon as the
    request is over (tests/ops/test_served_cycles.py)."""
    connection = default_connection
    st = _statements(connection.vendor)
    game_cols, creator_cols, seat_cols, player_cols = (st["game"], st["creator"], st["seat"],
                                                       st["player"])
    with connection.cursor() as cursor:
        cursor.execute(st["read"], [_param(game_id, connection)])
        rows = cursor.fetchall()
    if not rows:
        return None
    first = rows[0]
    game = game_cols.make(first, 0, connection)
    at = game_cols.width
    _cache_related(game, "creator", creator_cols.make(first, at, connection))
    at += creator_cols.width
    seats = []
    for row in rows:
        seat = seat_cols.make(row, at, connection)
        if seat is None:
            continue
        _cache_related(seat, "user", player_cols.make(row, at + seat_cols.width, connection))
        due = row[at + seat_cols.width + player_cols.width]
        for converter in st["due_converters"]:
            due = converter(due, st["due_field"].cached_col, connection)
        seat.deadline_due = due  # type: ignore[attr-defined]
        seats.append(seat)
    setattr(game, SEATS, seats)
    return game


def lock_game(game_id: Any) -> Game | None:
    """The game row, locked (FOR UPDATE) until the transaction ends; None if none."""
    connection = default_connection
    st = _statements(connection.vendor)
    with connection.cursor() as cursor:
        cursor.execute(st["lock"], [_param(game_id, connection)])
        row = cursor.fetchone()
    return None if row is None else st["game"].make(row, 0, connection)


def seats_of(game: Game) -> list[Seat]:
    """The game's seats in order, each with its user and `has_webhooks`, read now."""
    connection = default_connection
    st = _statements(connection.vendor)
    seat_cols, player_cols = st["seat"], st["player"]
    with connection.cursor() as cursor:
        cursor.execute(st["seats"], [_param(game.pk, connection)])
        rows = cursor.fetchall()
    seats = []
    for row in rows:
        seat = seat_cols.make(row, 0, connection)
        _cache_related(seat, "user", player_cols.make(row, seat_cols.width, connection))
        _cache_related(seat, "game", game)
        seat.has_webhooks = bool(row[seat_cols.width + player_cols.width])  # type: ignore[attr-defined]
        seats.append(seat)
    return seats


@functools.cache
def _one_with_related(model: type[Model], fk_name: str, where_name: str,
                      vendor: str) -> tuple[str, Columns, Columns]:
    connection = default_connection
    qn = connection.ops.quote_name
    fk = model._meta.get_field(fk_name)
    related = fk.related_model
    own, other = Columns(model, "a", connection), Columns(related, "b", connection)
    where = qn(model._meta.get_field(where_name).column)
    statement = (f"SELECT {own.sql}, {other.sql} FROM {qn(model._meta.db_table)} a "
                 f"INNER JOIN {qn(related._meta.db_table)} b "
                 f"ON b.{qn(related._meta.pk.column)} = a.{qn(fk.column)} "
                 f"WHERE a.{where} = %s")
    return statement, own, other


def one_with_related(model: type[Model], fk_name: str, where_name: str, value: Any) -> Any:
    """`model.objects.select_related(fk_name).get(**{where_name: value})` of a unique
    field, in hand-written SQL; None if there is no such row."""
    connection = default_connection
    statement, own, other = _one_with_related(model, fk_name, where_name, connection.vendor)
    with connection.cursor() as cursor:
        cursor.execute(statement, [value])
        row = cursor.fetchone()
    if row is None:
        return None
    instance = own.make(row, 0, connection)
    _cache_related(instance, fk_name, other.make(row, own.width, connection))
    return instance


@functools.cache
def _insert_statement(model: type[Model], vendor: str) -> tuple[str, list[Any], str, bool]:
    connection = default_connection
    qn = connection.ops.quote_name
    fields = [f for f in model._meta.concrete_fields if not f.primary_key]
    returning = connection.features.can_return_rows_from_bulk_insert
    head = (f"INSERT INTO {qn(model._meta.db_table)} "
            f"({', '.join(qn(f.column) for f in fields)}) VALUES ")
    row = "(" + ", ".join(["%s"] * len(fields)) + ")"
    tail = f" RETURNING {qn(model._meta.pk.column)}" if returning else ""
    return head, fields, row + "|" + tail, returning


def insert(objs: list[Model]) -> None:
    """`bulk_create(objs)` in one hand-written INSERT: each field's value as the ORM
    prepares it (pre_save, get_db_prep_save); the new primary keys set where the database
    returns them (PostgreSQL)."""
    if not objs:
        return
    connection = default_connection
    model = type(objs[0])
    head, fields, row_tail, returning = _insert_statement(model, connection.vendor)
    row, tail = row_tail.split("|")
    params: list[Any] = []
    for obj in objs:
        for field in fields:
            params.append(field.get_db_prep_save(field.pre_save(obj, True), connection))
    with connection.cursor() as cursor:
        cursor.execute(head + ", ".join([row] * len(objs)) + tail, params)
        if returning:
            for obj, (pk,) in zip(objs, cursor.fetchall()):
                obj.pk = pk
    for obj in objs:
        obj._state.adding = False
        obj._state.db = connection.alias
