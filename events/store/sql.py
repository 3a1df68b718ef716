"""The hot reads in hand-written SQL: a game with its creator and seats (one query), a
game row locked, its seats. Every request of a move reads these; the ORM spent more time
compiling their SQL (joins, a prefetch, a subquery) than the database spent running it.

The columns come from the models' fields (a new field is read with no change here), each
value goes through the field's and the backend's converters as the ORM's would, and the
instances are the ORM's own (`Model.from_db`): the rows read are exactly those the
querysets they replace read. Statements are built once per process and backend. The
generic part (a model's columns, a row with its foreign key's, an INSERT of many rows) is
infra/sql.py, which accounts/ uses too; the game's statements are here, with the store.
"""

from __future__ import annotations

import functools
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connection as default_connection

from infra.sql import Columns, cache_related

from ..models import Deadline, Game, PushSubscription, Seat, Webhook

# Names of the attributes a read leaves on a Game: its seats (a list, in seat order, each
# with its user (and the user's player) and `deadline_due`), and on a locked game the same
# without deadlines.
SEATS = "_dice_seats"
LOCKED_SEATS = "_locked_seats"


@functools.cache
def _statements(vendor: str) -> dict[str, Any]:
    connection = default_connection
    qn = connection.ops.quote_name
    user_model = get_user_model()
    game, seat = Columns(Game, "g", connection), Columns(Seat, "s", connection)
    creator, player = Columns(user_model, "c", connection), Columns(user_model, "u", connection)
    # Each account's player (accounts' Player: the id games name it by, and whether it is
    # deleted), found through the user model's `player` relation: events/ imports no
    # accounts/ module (docs/architecture.md).
    player_model = player_model_of(user_model)
    creators_player = Columns(player_model, "cp", connection)
    seats_player = Columns(player_model, "up", connection)
    players = qn(player_model._meta.db_table)
    player_user = qn(player_model._meta.get_field("user").column)
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
    # A seat with its user, the user's player, whether that player has an active webhook
    # (`has_webhooks`) and a push subscription (the user's `has_push_subscriptions`), so a
    # move that changes who is awaited looks webhooks and subscriptions up only when one
    # may fire.
    pushes = qn(PushSubscription._meta.db_table)
    seat_cols = (f"{seat.sql}, {player.sql}, {seats_player.sql}, "
                 f"EXISTS (SELECT 1 FROM {webhooks} w "
                 f"WHERE w.{qn(Webhook._meta.get_field('user').column)} = s.{seat_user} "
                 f"AND w.{qn(Webhook._meta.get_field('active').column)}), "
                 f"EXISTS (SELECT 1 FROM {pushes} ps "
                 f"WHERE ps.{qn(PushSubscription._meta.get_field('user').column)} "
                 f"= s.{seat_user})")
    seat_joins = (f"LEFT OUTER JOIN {users} u ON u.{user_pk} = s.{seat_user} "
                  f"LEFT OUTER JOIN {players} up ON up.{player_user} = u.{user_pk}")
    return {
        "game": game, "seat": seat, "creator": creator, "player": player,
        "creators_player": creators_player, "seats_player": seats_player,
        "due_converters": [*connection.ops.get_db_converters(due_field.cached_col),
                           *due_field.get_db_converters(connection)],
        "due_field": due_field,
        # The game, its creator, and each seat with its user and deadline (one row a seat;
        # a game with no seat left gives one row with no seat).
        "read": (f"SELECT {game.sql}, {creator.sql}, {creators_player.sql}, {seat.sql}, "
                 f"{player.sql}, {seats_player.sql}, {due} "
                 f"FROM {games} g INNER JOIN {users} c ON c.{user_pk} = g.{creator_col} "
                 f"LEFT OUTER JOIN {players} cp ON cp.{player_user} = c.{user_pk} "
                 f"LEFT OUTER JOIN {seats} s ON s.{seat_game} = g.{game_pk} "
                 f"LEFT OUTER JOIN {users} u ON u.{user_pk} = s.{seat_user} "
                 f"LEFT OUTER JOIN {players} up ON up.{player_user} = u.{user_pk} "
                 f"WHERE g.{game_pk} = %s ORDER BY s.{seat_number}"),
        "lock": f"SELECT {game.sql} FROM {games} g WHERE g.{game_pk} = %s{lock}",
        "seats": (f"SELECT {seat_cols} FROM {seats} s {seat_joins} "
                  f"WHERE s.{seat_game} = %s ORDER BY s.{seat_number}"),
        # Where the database has no row lock (SQLite), the game and its seats in one read:
        # the write's transaction holds the database's write lock from its BEGIN
        # (IMMEDIATE), so no commit can come between the game's read and its seats'.
        "lock_with_seats": (f"SELECT {game.sql}, {seat_cols} FROM {games} g "
                            f"LEFT OUTER JOIN {seats} s ON s.{seat_game} = g.{game_pk} "
                            f"{seat_joins} WHERE g.{game_pk} = %s ORDER BY s.{seat_number}"),
    }


def player_model_of(user_model: Any) -> Any:
    """The model of the user model's `player` relation (accounts' Player)."""
    return user_model._meta.get_field("player").related_model


def _with_player(user: Any, player: Any) -> Any:
    """The user with its player cached (`user.player`); None for no user (a bot's seat).
    The player does not point back at the user (`player.user` would read it): no
    reference cycle (tests/service/test_hot_sql.py)."""
    if user is not None:
        cache_related(user, "player", player)
    return user


def _param(game_id: Any, connection: Any) -> Any:
    """The id as the database takes it; ValueError if it is no UUID (as the ORM's get)."""
    return Game._meta.pk.get_db_prep_value(Game._meta.pk.to_python(game_id), connection)


def read_game(game_id: Any) -> Game | None:
    """The game with its creator and its seats (each with its user and the due time of
    its deadline as `deadline_due`), in one query; None if there is no such game.
    ValueError if `game_id` is no UUID. A seat does not point back at the game (`seat.game`
    would read it): game and seats are no reference cycle, and are freed as soon as the
    request is over (tests/service/test_hot_sql.py)."""
    connection = default_connection
    st = _statements(connection.vendor)
    game_cols, creator_cols, seat_cols, player_cols = (st["game"], st["creator"], st["seat"],
                                                       st["player"])
    creators_player_cols, seats_player_cols = st["creators_player"], st["seats_player"]
    with connection.cursor() as cursor:
        cursor.execute(st["read"], [_param(game_id, connection)])
        rows = cursor.fetchall()
    if not rows:
        return None
    first = rows[0]
    game = game_cols.make(first, 0, connection)
    at = game_cols.width
    creator = creator_cols.make(first, at, connection)
    at += creator_cols.width
    cache_related(game, "creator", _with_player(
        creator, creators_player_cols.make(first, at, connection)))
    at += creators_player_cols.width
    seats = []
    for row in rows:
        seat = seat_cols.make(row, at, connection)
        if seat is None:
            continue
        user_at = at + seat_cols.width
        player_at = user_at + player_cols.width
        cache_related(seat, "user", _with_player(
            player_cols.make(row, user_at, connection),
            seats_player_cols.make(row, player_at, connection)))
        due = row[player_at + seats_player_cols.width]
        for converter in st["due_converters"]:
            due = converter(due, st["due_field"].cached_col, connection)
        seat.deadline_due = due  # type: ignore[attr-defined]
        seats.append(seat)
    setattr(game, SEATS, seats)
    return game


def lock_game(game_id: Any) -> Game | None:
    """The game row, locked (FOR UPDATE) until the transaction ends, with its seats read
    after the lock (`LOCKED_SEATS`, see `seats_of`); None if none. Two statements where
    rows are locked (PostgreSQL: the seats are read once the lock is held, so a seat
    changed while this waited is seen; a join would read them as they were before), one
    where the transaction holds the database's write lock from its start (SQLite)."""
    connection = default_connection
    st = _statements(connection.vendor)
    one_read = not connection.features.has_select_for_update
    with connection.cursor() as cursor:
        cursor.execute(st["lock_with_seats" if one_read else "lock"],
                       [_param(game_id, connection)])
        rows = cursor.fetchall()
    if not rows:
        return None
    game = st["game"].make(rows[0], 0, connection)
    at = st["game"].width
    seats = [_seat(row, at, game, st, connection) for row in rows] if one_read else seats_of(game)
    setattr(game, LOCKED_SEATS, [s for s in seats if s is not None])
    return game


def seats_of(game: Game) -> list[Seat]:
    """The game's seats in order, each with its user (and its `has_push_subscriptions`)
    and `has_webhooks`, read now."""
    connection = default_connection
    st = _statements(connection.vendor)
    with connection.cursor() as cursor:
        cursor.execute(st["seats"], [_param(game.pk, connection)])
        rows = cursor.fetchall()
    return [s for s in (_seat(row, 0, game, st, connection) for row in rows) if s is not None]


def _seat(row: Any, at: int, game: Game, st: dict[str, Any], connection: Any) -> Seat | None:
    """The seat in `row` from column `at` (seat, user, player, has_webhooks, has a push
    subscription); None for the empty side of an outer join (a game with no seat)."""
    seat_cols, player_cols, seats_player_cols = st["seat"], st["player"], st["seats_player"]
    seat = seat_cols.make(row, at, connection)
    if seat is None:
        return None
    user_at = at + seat_cols.width
    player_at = user_at + player_cols.width
    cache_related(seat, "user", _with_player(
        player_cols.make(row, user_at, connection),
        seats_player_cols.make(row, player_at, connection)))
    cache_related(seat, "game", game)
    flags = player_at + seats_player_cols.width
    seat.has_webhooks = bool(row[flags])  # type: ignore[attr-defined]
    if seat.user is not None:
        seat.user.has_push_subscriptions = bool(row[flags + 1])  # type: ignore[attr-defined]
    return seat
