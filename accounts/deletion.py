"""Deleting an account (DELETE /api/v1/me; docs/accounts.md, "Deleting an account").

`delete_account` is the one entry: it checks that the caller may delete (the password, or
a token from a login of the last DICE_RECENT_LOGIN_MINUTES minutes), then, in ONE
transaction, lets every part of the service that holds something of the user let go of it
(the listeners registered with `on_deletion`: the games' seats, the webhooks, later push
subscriptions) and tombstones the account (`tombstone`).

accounts/ knows nothing of games or webhooks (docs/decisions/0009): those parts register
their listener at start-up (api/apps.py wires events/departures.py's). A listener runs
inside the deletion's transaction: if it raises, nothing is deleted.

The user row itself is kept (games and seats point at it with PROTECT, and finished
games must stay replayable): `tombstone` makes it unusable and empties it.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.hashers import make_password
from django.db import transaction
from django.utils import timezone

from events.errors import Forbidden

from .models import AccessToken, Player
from .services import check_own_password

# A tombstoned account's username: this prefix and 32 random hex digits. The ":" is a
# character no registration or rename accepts (letters, digits, _ . - only), so no one can
# take, guess or imitate a tombstone, and the deleted name is free again at once.
TOMBSTONE_PREFIX = "deleted:"

Listener = Callable[[Any], None]
_listeners: list[Listener] = []


def on_deletion(listener: Listener) -> None:
    """Call `listener(user)` inside every account deletion's transaction, before the
    tombstone (once, however often registered). It must let go of what it holds of the
    user, and be idempotent (a deletion may be run again)."""
    if listener not in _listeners:
        _listeners.append(listener)


def listeners() -> tuple[Listener, ...]:
    return tuple(_listeners)


def is_tombstone(user: Any) -> bool:
    return user.get_username().startswith(TOMBSTONE_PREFIX) and not user.is_active


def recent_login(token: AccessToken | None) -> bool:
    """The token was issued by a login (or a registration) of the last
    DICE_RECENT_LOGIN_MINUTES minutes."""
    minutes = settings.DICE_RECENT_LOGIN_MINUTES
    if token is None or not minutes:
        return False
    return timezone.now() - token.created_at <= timedelta(minutes=minutes)


def delete_account(user: Any, token: AccessToken | None, password: str | None,
                   ident: str) -> None:
    """Delete the account of `user`, who made this request with `token`.

    Without a password, only a token of a recent login may (else Forbidden
    `password_required`); with one, it must be the account's (else Forbidden
    `wrong_password`, counted as a failed login). Then everything at once, or nothing:
    every listener, then the tombstone. Idempotent: a tombstone deleted again changes
    nothing but what a listener finds left."""
    if password is None:
        if not recent_login(token):
            raise Forbidden(
                "send your password to delete your account (or log in again: a login of the "
                f"last {settings.DICE_RECENT_LOGIN_MINUTES} minutes may delete without it)",
                code="password_required")
    else:
        check_own_password(user, password, ident)
    with transaction.atomic():
        for listener in listeners():
            listener(user)
        tombstone(user)


def tombstone(user: Any) -> None:
    """Make the account unusable and empty of personal data; keep its row (its id stays:
    seats and games point at it).

    - every token revoked (deleted): they get 401 from now on;
    - the password unusable: no login can succeed;
    - the username replaced by an unguessable tombstone (TOMBSTONE_PREFIX + 32 hex
      digits), so the old name is free for a new registration at once;
    - email, names, last login emptied; staff and superuser flags, groups and permissions
      removed; `date_joined` set to the moment of deletion (the join date was the user's);
    - `is_active` False: even a token made after this could not authenticate.

    - its player (the opaque id that games name it by) marked deleted: games show it as
      "deleted player" (accounts/models.py), and the id stays, as the events hold it.

    Idempotent: a tombstone stays one (its tombstone name and deletion time are kept)."""
    users = type(user)
    AccessToken.objects.filter(user=user).delete()
    Player.objects.filter(user=user, deleted_at__isnull=True).update(deleted_at=timezone.now())
    fields: dict[str, Any] = {"password": make_password(None), "is_active": False}
    if not is_tombstone(user):
        fields[users.USERNAME_FIELD] = TOMBSTONE_PREFIX + secrets.token_hex(16)
        fields["date_joined"] = timezone.now()
    for name, empty in (("email", ""), ("first_name", ""), ("last_name", ""),
                        ("last_login", None), ("is_staff", False), ("is_superuser", False)):
        if any(f.name == name for f in users._meta.get_fields()):
            fields[name] = empty
    users._default_manager.filter(pk=user.pk).update(**fields)
    for name, value in fields.items():
        setattr(user, name, value)
    for relation in ("groups", "user_permissions"):
        manager = getattr(user, relation, None)
        if manager is not None:
            manager.clear()
