"""Invitations to a table (issue #27 item 3): a rematch names the players it invites in
`Game.invited` (their player ids). An invitation stands while the game is in the lobby
with a free seat and the player holds no seat at it; the inbox lists it
(events/inbox.py, docs/platform.md "The inbox")."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db.models import (
    BooleanField,
    Count,
    Exists,
    Func,
    IntegerField,
    OuterRef,
    Q,
    Subquery,
)
from django.db.models.functions import Coalesce

from .models import GameStatus, Seat


class NamesPlayer(Func):
    """True when the JSON array `invited` holds the player id (a string) as an element."""

    output_field = BooleanField()
    arity = 2

    def _compiled(self, compiler: Any) -> tuple[str, str, list[Any]]:
        (invited, i_params), (player, p_params) = (
            compiler.compile(e) for e in self.get_source_expressions())
        return invited, player, [*i_params, *p_params]

    def as_sql(self, compiler: Any, connection: Any, **extra: Any) -> Any:
        raise NotImplementedError(f"NamesPlayer: no SQL for {connection.vendor}")

    def as_sqlite(self, compiler: Any, connection: Any, **extra: Any) -> Any:
        invited, player, params = self._compiled(compiler)
        return (f"EXISTS (SELECT 1 FROM json_each({invited}) "
                f"WHERE json_each.value = {player})"), params

    def as_postgresql(self, compiler: Any, connection: Any, **extra: Any) -> Any:
        invited, player, params = self._compiled(compiler)
        # A string that is an element of a JSON array is a top-level key to jsonb's `?`.
        return f"jsonb_exists({invited}, {player})", params


def player_id_of(user: AbstractBaseUser) -> Subquery:
    """The user's player id, read inside the query that needs it (no query of its own)."""
    return Subquery(get_user_model().objects.filter(pk=user.pk).values("player__id")[:1])


def invitations_of(user: AbstractBaseUser) -> Q:
    """The games (a filter on Game) that invite the user now: in the lobby, naming their
    player id in `invited`, with a free seat and none of them the user's."""
    seated = Seat.objects.filter(game=OuterRef("pk"))
    taken = Coalesce(Subquery(seated.order_by().values("game")
                              .annotate(n=Count("pk")).values("n")[:1],
                              output_field=IntegerField()), 0)
    return (Q(status=GameStatus.LOBBY)
            & Q(NamesPlayer("invited", player_id_of(user)))
            & Q(seats__gt=taken)
            & ~Q(Exists(seated.filter(user=user))))
