"""The caller's inbox (issue #27): their unfinished games, those awaiting them first,
and the lobbies that invite them (events/invitations.py).

One query reads a page of them, each game with the caller's seat and the sort keys
annotated (a UNION ALL: the games read through the caller's seats, and the invitations);
a second reads the seats of those games (with their players), so a page costs two
queries whatever the number of games (docs/platform.md).

Order: games awaiting the caller first; then the invitations; then the rest. Within each,
by the caller's deadline, soonest first, games without one after (an invitation has
none); then by the last move, oldest first; then by game id. Every key is non-null (a
missing deadline sorts as NO_DEADLINE), so the page after a game is the rows whose keys
compare greater than its keys: a keyset cursor that neither repeats nor skips a game when
games change between pages (a game that moves is seen where it is now, at most once more).
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

from . import selectors
from .errors import BadRequest
from .invitations import invitations_of
from .models import UNFINISHED_STARTED, Deadline, Event, Game, GameStatus, Seat
from .store import sql

# The sort key of "no deadline": after every real one.
NO_DEADLINE = datetime(9999, 12, 31, tzinfo=UTC)
# The ranks that lead the order: games awaiting the caller, then invitations, then the rest.
MY_TURN, INVITATION, OTHERS = 0, 1, 2


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
            if rank not in (MY_TURN, INVITATION, OTHERS) or isinstance(rank, bool):
                raise ValueError(rank)
            position = cls(rank, datetime.fromisoformat(deadline), datetime.fromisoformat(last),
                           uuid.UUID(game_id))
            if position.deadline_key.tzinfo is None or position.last_key.tzinfo is None:
                raise ValueError("naive time")
            return position
        except (ValueError, TypeError, binascii.Error, UnicodeDecodeError):
            raise BadRequest("cursor is not one this endpoint gave", code="invalid_cursor") \
                from None


def _keys(games: QuerySet[Game], *, my_seat: Any, my_turn: Any, deadline: Any,
          invited: bool, turn_rank: Any) -> QuerySet[Game]:
    """The item's fields and the sort keys, annotated in one order (the parts of a union
    must select the same columns)."""
    last_event = Event.objects.filter(game=OuterRef("pk"), seq=OuterRef("version"))
    return (games.order_by()
            .annotate(my_seat=my_seat, my_turn=my_turn, deadline=deadline,
                      last_move_at=Coalesce(
                          Subquery(last_event.values("recorded_at")[:1],
                                   output_field=DateTimeField()),
                          F("created_at"), output_field=DateTimeField()),
                      invitation=Value(invited, output_field=BooleanField()),
                      turn_rank=turn_rank,
                      deadline_key=Coalesce(F("deadline"),
                                            Value(NO_DEADLINE, output_field=DateTimeField()),
                                            output_field=DateTimeField())))


def _seated(user: AbstractBaseUser) -> QuerySet[Game]:
    """The unfinished games where the user holds a seat (read through their seats)."""
    deadline = Deadline.objects.filter(game=OuterRef("pk"), seat=OuterRef("my_seat"))
    games = Game.objects.filter(seat_set__user=user,
                                status__in=[GameStatus.LOBBY, *UNFINISHED_STARTED])
    my_turn = AwaitsSeat(F("awaiting"), F("seat_set__number"))
    return _keys(games, my_seat=F("seat_set__number"), my_turn=my_turn,
                 deadline=Subquery(deadline.values("due_at")[:1], output_field=DateTimeField()),
                 invited=False,
                 turn_rank=Case(When(my_turn, then=Value(MY_TURN)), default=Value(OTHERS),
                                output_field=IntegerField()))


def _invitations(user: AbstractBaseUser) -> QuerySet[Game]:
    """The lobbies that invite the user (events/invitations.py): no seat, no turn, no
    clock."""
    return _keys(Game.objects.filter(invitations_of(user)),
                 my_seat=Value(None, output_field=IntegerField()),
                 my_turn=Value(False, output_field=BooleanField()),
                 deadline=Value(None, output_field=DateTimeField()), invited=True,
                 turn_rank=Value(INVITATION, output_field=IntegerField()))


def _after(position: Position) -> Q:
    rank, deadline, last, game_id = (position.turn_rank, position.deadline_key,
                                     position.last_key, position.game_id)
    return (Q(turn_rank__gt=rank)
            | Q(turn_rank=rank, deadline_key__gt=deadline)
            | Q(turn_rank=rank, deadline_key=deadline, last_move_at__gt=last)
            | Q(turn_rank=rank, deadline_key=deadline, last_move_at=last, id__gt=game_id))


def _rows(user: AbstractBaseUser, my_turn: bool | None,
          position: Position | None) -> QuerySet[Game]:
    """The caller's seats in unfinished games and their invitations, in the inbox's order
    from `position` on: one query (a UNION ALL of the two)."""
    seated = _seated(user)
    if my_turn is not None:
        seated = seated.filter(turn_rank=MY_TURN if my_turn else OTHERS)
    parts = [seated] if my_turn else [seated, _invitations(user)]
    if position is not None:
        parts = [part.filter(_after(position)) for part in parts]
    rows = parts[0].union(*parts[1:], all=True) if len(parts) > 1 else parts[0]
    return rows.order_by("turn_rank", "deadline_key", "last_move_at", "id")


def inbox(user: AbstractBaseUser, *, limit: int, cursor: str | None = None,
          my_turn: bool | None = None) -> tuple[list[dict[str, Any]], str | None]:
    """A page of the caller's unfinished games and invitations, and the cursor of the
    next page (None at the end). Two queries."""
    position = Position.decode(cursor) if cursor is not None else None
    page = list(_rows(user, my_turn, position)[:limit + 1])
    more = len(page) > limit
    page = page[:limit]
    _read_seats(page)
    items = [{"game": game, "my_turn": bool(game.my_turn), "my_seat": game.my_seat,
              "invited": bool(game.invitation), "creator": _creator(game),
              "deadline": game.deadline, "last_move_at": game.last_move_at} for game in page]
    next_cursor = None
    if more:
        last = page[-1]
        next_cursor = Position(last.turn_rank, last.deadline_key, last.last_move_at,
                               last.id).encode()
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


def _creator(game: Game) -> str:
    """The creator's name, from their seat as _read_seats read it (a lobby's creator
    always holds one: they cannot leave, and a departing creator hands the table over);
    else read on its own."""
    seat = next((s for s in getattr(game, sql.SEATS) if s.user_id == game.creator_id), None)
    if seat is None:
        return selectors.creator_name(game)
    return str(seat.player().display_name(seat.user))
