"""The refusals of accounts that are no service error (events/errors.py) because HTTP
answers them in its own way: api/auth.py and api/auth_views.py turn them into DRF's
AuthenticationFailed (401, with WWW-Authenticate) and Throttled (429, with Retry-After)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .failed_logins import Standing


class NotAuthenticated(Exception):
    """A key that is no live token of an active user (the message says why)."""


class WrongCredentials(NotAuthenticated):
    """A login with a wrong username or password; `standing`: the failures still allowed,
    this one counted."""

    def __init__(self, message: str, *, standing: Standing) -> None:
        super().__init__(message)
        self.standing = standing


class TooManyFailedLogins(Exception):
    """Past the failed-login limit, for the client's address or for the username: no
    login, even with the right password, for `wait` seconds."""

    def __init__(self, message: str, *, wait: int, limit: int) -> None:
        super().__init__(message)
        self.wait = wait
        self.limit = limit


class LoginBusy(Exception):
    """Every password hasher of this process stayed busy for DICE_PASSWORD_HASH_WAIT
    seconds (accounts/hashing.py): no password was checked or hashed; try again in
    `wait` seconds."""

    def __init__(self, message: str, *, wait: int) -> None:
        super().__init__(message)
        self.wait = wait
