"""The caller's inbox (issue #27): their unfinished games, those awaiting them first.

One query reads a page of the caller's seats in unfinished games, each with its game and
the sort keys annotated; a second reads the seats of those games (with their players), so
a page costs two queries whatever the number of games (docs/platform.md).

Order: games awaiting the caller first; then by the caller's deadline, soonest first,
games without one after; then by the last move, oldest first; then by game id. Every
key is non-null (a missing deadline sorts as NO_DEADLINE), so the page after a game is
the rows whose keys compare greater than its keys: a keyset cursor that neither repeats
nor skips a game when games change between pages (a game that moves is seen where it is
now, at most once more).
"""

from __future__ import annotations

import base64
import binascii
import json
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import (
    BooleanField,
    Case,
    DateTimeField,
    F,
    Func,
    IntegerField,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Value,
    When,
)
from django.db.models.functions import Coalesce

from .errors import BadRequest
from .models import Deadline, Event, Game, GameStatus, Seat
from .store import sql

# The sort key of "no deadline": after every real one.
NO_DEADLINE = datetime(9999, 12, 31, tzinfo=UTC)


class AwaitsSeat(Func):
    """True when the game's `awaiting` ({seat: kind}) has the seat's number as a key."""

    output_field = BooleanField()
    arity = 2

    def _compiled(self, compiler: Any) -> tuple[str, str, list[Any]]:
        (awaiting, a_params), (number, n_params) = (
            compiler.compile(e) for e in self.get_source_expressions())
        return awaiting, number, [*a_params, *n_params]

    def as_sql(self, compiler: Any, connection: Any, **extra: Any) -> Any:
        raise NotImplementedError(f"AwaitsSeat: no SQL for {connection.vendor}")

    def as_sqlite(self, compiler: Any, connection: Any, **extra: Any) -> Any:
        awaiting, number, params = self._compiled(compiler)
        # The key quoted, as JSON paths want it: $."2"
        return f"(json_type({awaiting}, '$.\"' || {number} || '\"') IS NOT NULL)", params

    def as_postgresql(self, compiler: Any, connection: Any, **extra: Any) -> Any:
        awaiting, number, params = self._compiled(compiler)
        return f"jsonb_exists({awaiting}, ({number})::text)", params


@dataclass(frozen=True)
class Position:
    """Where a page ends: the sort keys of its last game."""

    turn_rank: int
    deadline_key: datetime
    last_key: datetime
    game_id: uuid.UUID

    def encode(self) -> str:
        raw = json.dumps([self.turn_rank, self.deadline_key.isoformat(),
                          self.last_key.isoformat(), str(self.game_id)], separators=(",", ":"))
        return base64.urlsafe_b64encode(raw.encode()).decode().rstrip("=")

    @classmethod
    def decode(cls, cursor: str) -> Position:
        try:
            raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4))
            rank, deadline, last, game_id = json.loads(raw)
            if rank not in (0, 1) or isinstance(rank, bool):
                raise ValueError(rank)
            position = cls(rank, datetime.fromisoformat(deadline), datetime.fromisoformat(last),
                           uuid.UUID(game_id))
            if position.deadline_key.tzinfo is None or position.last_key.tzinfo is None:
                raise ValueError("naive time")
            return position
        except (ValueError, TypeError, binascii.Error, UnicodeDecodeError):
            raise BadRequest("cursor is not one this endpoint gave", code="invalid_cursor") \
                from None


def _seats_in_unfinished_games(user: AbstractBaseUser) -> QuerySet[Seat]:
    deadline = Deadline.objects.filter(game=OuterRef("game"), seat=OuterRef("number"))
    last_event = Event.objects.filter(game=OuterRef("game"), seq=OuterRef("game__version"))
    return (Seat.objects.filter(user=user,
                                game__status__in=[GameStatus.LOBBY, GameStatus.ACTIVE])
            .select_related("game")
            .annotate(my_turn=AwaitsSeat(F("game__awaiting"), F("number")),
                      deadline=Subquery(deadline.values("due_at")[:1],
                                        output_field=DateTimeField()),
                      last_move_at=Coalesce(
                          Subquery(last_event.values("recorded_at")[:1],
                                   output_field=DateTimeField()),
                          F("game__created_at"), output_field=DateTimeField()))
            .annotate(turn_rank=Case(When(my_turn=True, then=Value(0)), default=Value(1),
                                     output_field=IntegerField()),
                      deadline_key=Coalesce(F("deadline"),
                                            Value(NO_DEADLINE, output_field=DateTimeField()),
                                            output_field=DateTimeField()))
            .order_by("turn_rank", "deadline_key", "last_move_at", "game_id"))


def _after(position: Position) -> Q:
    rank, deadline, last, game_id = (position.turn_rank, position.deadline_key,
                                     position.last_key, position.game_id)
    return (Q(turn_rank__gt=rank)
            | Q(turn_rank=rank, deadline_key__gt=deadline)
            | Q(turn_rank=rank, deadline_key=deadline, last_move_at__gt=last)
            | Q(turn_rank=rank, deadline_key=deadline, last_move_at=last, game_id__gt=game_id))


def inbox(user: AbstractBaseUser, *, limit: int, cursor: str | None = None,
          my_turn: bool | None = None) -> tuple[list[dict[str, Any]], str | None]:
    """A page of the caller's unfinished games, and the cursor of the next page (None at
    the end). Two queries."""
    rows = _seats_in_unfinished_games(user)
    if my_turn is not None:
        rows = rows.filter(turn_rank=0 if my_turn else 1)
    if cursor is not None:
        rows = rows.filter(_after(Position.decode(cursor)))
    page = list(rows[:limit + 1])
    more = len(page) > limit
    page = page[:limit]
    _read_seats([row.game for row in page])
    items = [{"game": row.game, "my_turn": bool(row.my_turn), "my_seat": row.number,
              "deadline": row.deadline, "last_move_at": row.last_move_at} for row in page]
    next_cursor = None
    if more:
        last = page[-1]
        next_cursor = Position(last.turn_rank, last.deadline_key, last.last_move_at,
                               last.game_id).encode()
    return items, next_cursor


def _read_seats(games: list[Game]) -> None:
    """Every seat of these games with its player, in one query, kept with each game as
    get_game keeps them (selectors.seats reads them from there)."""
    by_game: dict[Any, list[Seat]] = {game.id: [] for game in games}
    if games:
        for seat in (Seat.objects.filter(game_id__in=list(by_game))
                     .select_related("user__player").order_by("game_id", "number")):
            by_game[seat.game_id].append(seat)
    for game in games:
        setattr(game, sql.SEATS, by_game[game.id])
