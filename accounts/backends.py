"""Django's model backend (username and password), with the password checked the way
accounts/hashing.py says: no database connection held while it is hashed, and at most
DICE_PASSWORD_HASHERS hashes at once per process. settings.AUTHENTICATION_BACKENDS names
it, so `django.contrib.auth.authenticate` (its signals included) goes through it."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import backends, get_user_model
from django.contrib.auth.hashers import check_password

from .hashing import hashing


def find_user(username: str) -> Any:
    """The user of a username given in any case; None if there is none. One read."""
    users = get_user_model()
    found = list(users._default_manager.filter(**{f"{users.USERNAME_FIELD}__iexact": username})[:2])
    if len(found) == 1:
        return found[0]
    # None, or (only in data older than the unique index) several: the exact spelling.
    return next((u for u in found if u.get_username() == username), None)


class ModelBackend(backends.ModelBackend):
    def authenticate(self, request: Any, username: str | None = None,
                     password: str | None = None, **kwargs: Any) -> Any:
        users = get_user_model()
        if username is None:
            username = kwargs.get(users.USERNAME_FIELD)
        if username is None or password is None:
            return None
        user = find_user(username)
        upgraded: list[str] = []
        with hashing():
            if user is None:
                # As Django does: hash anyway, so a missing user takes as long to refuse.
                users().set_password(password)
                return None
            right = check_password(password, user.password, setter=upgraded.append)
            if right and upgraded:  # a hash of older parameters: made again, saved below
                user.set_password(password)
        if upgraded:
            user.save(update_fields=["password"])
        if right and self.user_can_authenticate(user):
            return user
        return None
