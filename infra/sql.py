"""Hand-written SQL over Django's models, for the reads and writes every request makes:
the ORM spent more time compiling their SQL than the database spent running it.

The columns come from the models' fields (a new field is read with no change here), each
value goes through the field's and the backend's converters as the ORM's would, and the
instances are the ORM's own (`Model.from_db`): the rows read are exactly those the
querysets they replace read. Statements are built once per process and backend.

Generic: no model of the service is named here. The event store's statements (a game,
its seats) are events/store/sql.py; the access token's read is accounts/services.py's.
Depends on Django alone (docs/decisions/0009-packages-beside-api.md).
"""

from __future__ import annotations

import functools
from typing import Any

from django.db import connection as default_connection
from django.db.models import Model


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


def cache_related(instance: Model, name: str, value: Any) -> None:
    instance._state.fields_cache[name] = value


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
    cache_related(instance, fk_name, other.make(row, own.width, connection))
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


def _insert_sql(objs: list[Model], connection: Any) -> tuple[str, list[Any], bool]:
    """The INSERT of `objs` (RETURNING their keys where the database can), its parameters,
    and whether it returns the keys."""
    model = type(objs[0])
    head, fields, row_tail, returning = _insert_statement(model, connection.vendor)
    row, tail = row_tail.split("|")
    params: list[Any] = []
    for obj in objs:
        for field in fields:
            params.append(field.get_db_prep_save(field.pre_save(obj, True), connection))
    return head + ", ".join([row] * len(objs)) + tail, params, returning


def _inserted(objs: list[Model], cursor: Any, returning: bool, connection: Any) -> None:
    """The instances marked saved, with the keys the statement returned, if it did."""
    if returning:
        for obj, (pk,) in zip(objs, cursor.fetchall()):
            obj.pk = pk
    for obj in objs:
        obj._state.adding = False
        obj._state.db = connection.alias


def insert(objs: list[Model]) -> None:
    """`bulk_create(objs)` in one hand-written INSERT: each field's value as the ORM
    prepares it (pre_save, get_db_prep_save); the new primary keys set where the database
    returns them (PostgreSQL)."""
    if not objs:
        return
    connection = default_connection
    statement, params, returning = _insert_sql(objs, connection)
    with connection.cursor() as cursor:
        cursor.execute(statement, params)
        _inserted(objs, cursor, returning, connection)


def insert_and_update(objs: list[Model], instance: Model, update_fields: list[str]) -> None:
    """`insert(objs)`, then `instance.save(update_fields=update_fields)` of an existing
    row (no signals are sent: the caller's models have none). One statement on PostgreSQL:
    the UPDATE rides in a data-modifying WITH beside the INSERT, which runs it once
    whether or not its output is read. Two where WITH holds no writes (SQLite)."""
    connection = default_connection
    if not objs or connection.vendor != "postgresql":
        insert(objs)
        instance.save(update_fields=update_fields)
        return
    statement, params, returning = _insert_sql(objs, connection)
    update, update_params = _update_sql(instance, update_fields, connection)
    with connection.cursor() as cursor:
        cursor.execute(f"WITH updated AS ({update}), inserted AS ({statement}) "
                       f"SELECT * FROM inserted", [*update_params, *params])
        _inserted(objs, cursor, returning, connection)


def _update_sql(instance: Model, names: list[str], connection: Any) -> tuple[str, list[Any]]:
    """`UPDATE ... SET` of `names` of the saved `instance`, each value as the ORM's save
    prepares it, and its parameters."""
    qn = connection.ops.quote_name
    meta = instance._meta
    fields = [meta.get_field(name) for name in names]
    sets = ", ".join(f"{qn(f.column)} = %s" for f in fields)
    params = [f.get_db_prep_save(f.pre_save(instance, False), connection) for f in fields]
    statement = (f"UPDATE {qn(meta.db_table)} SET {sets} "
                 f"WHERE {qn(meta.pk.column)} = %s RETURNING 1")
    return statement, [*params, meta.pk.get_db_prep_value(instance.pk, connection)]
