"""What one user may hold at once (docs/platform.md, "Caps per user"): the open tables
they created, their webhooks, their push subscriptions. Each is checked by the service
that creates one, in its transaction, with the user's row locked first: two requests at
once take turns, so both cannot pass at the cap (on SQLite a write holds the whole
database anyway). 409 with a `code`; nothing is created.

Stream slots (api/live.py, DICE_STREAMS_PER_USER, 429 too_many_streams) and matchmaking
tickets (one waiting ticket per game type, 409 ticket_exists: events/matchmaking/) are
bounded where they are kept."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db.models import Exists, OuterRef

from .errors import Conflict
from .models import UNFINISHED_STARTED, Game, GameStatus, PushSubscription, Ticket, Webhook


class TooManyOpenTables(Conflict):
    code = "too_many_open_tables"


class TooManyWebhooks(Conflict):
    code = "too_many_webhooks"


class TooManyPushSubscriptions(Conflict):
    code = "too_many_push_subscriptions"


def lock_user(user: Any) -> None:
    """The user's row, locked until the transaction ends: FOR NO KEY UPDATE, which two
    creations by the user take in turn, but which leaves the row's key to others (a row
    another transaction writes that names this user, e.g. a rematch's notice to them,
    takes FOR KEY SHARE for its foreign key: FOR UPDATE would deadlock with it)."""
    list(get_user_model().objects.select_for_update(no_key=True).filter(pk=user.pk)
         .values_list("pk", flat=True))


def open_tables_of(user: Any) -> int:
    """Games the user created (POST /games, a rematch) that are not finished. Quick-play
    tables are opened by the matcher for its tickets (a ticket names them): not counted."""
    quick_play = Ticket.objects.filter(game=OuterRef("pk"))
    return (Game.objects.filter(creator=user, status__in=[GameStatus.LOBBY, *UNFINISHED_STARTED])
            .exclude(Exists(quick_play)).count())


def check_open_tables(user: Any) -> None:
    """Call in the creating transaction, before the new game exists."""
    limit = settings.DICE_OPEN_TABLES_PER_USER
    lock_user(user)
    if open_tables_of(user) >= limit:
        raise TooManyOpenTables(
            f"you have {limit} tables open already (created and not finished; "
            "DICE_OPEN_TABLES_PER_USER): finish one, or let one in the lobby go",
            limit=limit)


def check_webhooks(user: Any) -> None:
    """Call in the creating transaction, before the new webhook exists."""
    limit = settings.DICE_WEBHOOKS_PER_USER
    lock_user(user)
    if Webhook.objects.filter(user=user).count() >= limit:
        raise TooManyWebhooks(f"you have {limit} webhooks already (DICE_WEBHOOKS_PER_USER): "
                              "delete one first", limit=limit)


def check_push_subscriptions(user: Any) -> None:
    """Call in the creating transaction (the user's row locked: lock_user), before the new
    subscription is theirs."""
    limit = settings.DICE_PUSH_SUBSCRIPTIONS_PER_USER
    if PushSubscription.objects.filter(user=user).count() >= limit:
        raise TooManyPushSubscriptions(
            f"you have {limit} push subscriptions already (DICE_PUSH_SUBSCRIPTIONS_PER_USER): "
            "remove one first", limit=limit)
