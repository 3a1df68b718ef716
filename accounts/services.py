"""Accounts: registration, login, per-login access tokens and the failed-login limit.

The views in api/auth_views.py call these functions and shape the answers; the rules of
accounts live here (docs/accounts.md). The limit's counting is failed_logins.py, the
reads are selectors.py; nothing here knows HTTP (a refusal is one of errors.py's, which
api/auth.py and api/auth_views.py answer).
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import authenticate, get_user_model
from django.contrib.auth.hashers import check_password, make_password
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import IntegrityError, transaction
from django.db.models.functions import Coalesce
from django.utils import timezone

from events.errors import BadRequest, Conflict, Forbidden, NotFound
from infra import sql

from .errors import LoginBusy, NotAuthenticated, WrongCredentials
from .failed_logins import FailedLogins, Standing
from .hashing import hashing
from .models import AccessToken

# A token's last use is written at most this often (seconds), so reads stay reads.
TOUCH_INTERVAL = 60
# The newest tokens a user keeps; logging in again beyond this drops the least recently used.
MAX_TOKENS_PER_USER = 100
PREFIX_LENGTH = 8


@dataclass(frozen=True)
class IssuedToken:
    """A token just made: the only moment its key is known."""

    token: AccessToken
    key: str


def hash_key(key: str) -> str:
    # Any string hashes, NUL bytes and all: a lookup by hash never sees the raw header.
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


# --- accounts ---------------------------------------------------------------------------


def register(username: str, password: str, *, name: str = "") -> IssuedToken:
    """A new account (usernames are unique regardless of case) and its first token.

    The password is validated and hashed with no database connection held (one read
    before, the writes after: accounts/hashing.py); LoginBusy if no hasher came free."""
    users = get_user_model()
    if users.objects.filter(username__iexact=username).exists():
        raise Conflict("that username is taken", code="username_taken")
    user = users(username=users.normalize_username(username), email="")
    with hashing():
        try:
            validate_password(password, user=user)
        except DjangoValidationError as error:
            raise BadRequest("the password is too weak: " + " ".join(error.messages),
                             code="invalid_password",
                             errors={"password": error.messages}) from None
        user.password = make_password(password)  # as UserManager.create_user
    try:
        with transaction.atomic():
            user.save()
    except IntegrityError:  # a concurrent registration of the same name, in any case
        raise Conflict("that username is taken", code="username_taken") from None
    return issue_token(user, name)


def login(request: Any, ident: str, username: str, password: str, *,
          name: str = "") -> tuple[IssuedToken, Standing]:
    """A new token for a right username and password, and where the client (`ident`: its
    address) stands with the failed-login limit. Each attempt is counted before its
    password is checked (failed_logins.py): TooManyFailedLogins past the limit (even for
    the right password), else WrongCredentials (the attempt stays counted). A right
    password, or one that could not be checked (LoginBusy), gives its attempt back.
    `request` is passed on to Django's authentication backends (backends.py: the password
    is checked with no database connection held)."""
    reservation = FailedLogins().reserve(ident, username)
    try:
        user = authenticate(request, username=username, password=password)
    except LoginBusy:
        reservation.give_back()
        raise
    if user is None:
        raise WrongCredentials("wrong username or password", standing=reservation.standing)
    return issue_token(user, name), reservation.give_back()


# --- the caller's own account -----------------------------------------------------------


def check_own_password(user: Any, password: str, ident: str) -> None:
    """The user's own password, checked as a login checks it (accounts/hashing.py: no
    database connection held; counted by the failed-login limit of the address and the
    username before it is checked, given back if right), else Forbidden wrong_password.
    TooManyFailedLogins past the limit, LoginBusy if no hasher came free."""
    reservation = FailedLogins().reserve(ident, user.get_username())
    try:
        with hashing():
            right = check_password(password, user.password)
    except LoginBusy:
        reservation.give_back()
        raise
    if not right:
        raise Forbidden("the password is wrong", code="wrong_password")
    reservation.give_back()


def _validated(password: str, user: Any) -> None:
    """Django's validators (AUTH_PASSWORD_VALIDATORS), as at registration."""
    try:
        validate_password(password, user=user)
    except DjangoValidationError as error:
        raise BadRequest("the password is too weak: " + " ".join(error.messages),
                         code="invalid_password", errors={"password": error.messages}) from None


def change_password(user: Any, token: AccessToken, current: str, new: str, ident: str) -> int:
    """Set a new password after checking the current one, and revoke every token of the
    user but `token` (the caller's). Returns how many tokens were revoked.

    The current password is checked as a login checks it (counted by the failed-login
    limit first; Forbidden wrong_password if wrong); the new one is validated as at
    registration (BadRequest invalid_password). Both hashes are made with no database
    connection held (accounts/hashing.py); LoginBusy if no hasher came free."""
    if new == current:
        raise BadRequest("the new password is the current one", code="same_password")
    check_own_password(user, current, ident)
    with hashing():
        _validated(new, user)
        hashed = make_password(new)
    with transaction.atomic():
        users = type(user)
        users._default_manager.filter(pk=user.pk).update(password=hashed)
        user.password = hashed
        revoked, _ = AccessToken.objects.filter(user=user).exclude(pk=token.pk).delete()
    return revoked


def rename(user: Any, username: str) -> Any:
    """Change the username (already shaped as registration shapes it: 3 to 40 letters,
    digits, _ . -). Unique regardless of case, as at registration (Conflict
    username_taken); the user's own name in another case is a rename too."""
    users = get_user_model()
    username = users.normalize_username(username)
    taken = users._default_manager.filter(username__iexact=username).exclude(pk=user.pk)
    if taken.exists():
        raise Conflict("that username is taken", code="username_taken")
    try:
        with transaction.atomic():
            users._default_manager.filter(pk=user.pk).update(username=username)
    except IntegrityError:  # a concurrent registration or rename to the same name
        raise Conflict("that username is taken", code="username_taken") from None
    user.username = username
    return user


# --- tokens -----------------------------------------------------------------------------


def issue_token(user: Any, name: str = "") -> IssuedToken:
    key = secrets.token_urlsafe(32)
    now = timezone.now()
    ttl = settings.DICE_TOKEN_TTL
    token = AccessToken.objects.create(
        user=user, key_hash=hash_key(key), prefix=key[:PREFIX_LENGTH], name=name[:100],
        created_at=now, expires_at=now + timedelta(seconds=ttl) if ttl else None)
    mine = AccessToken.objects.filter(user=user)
    mine.filter(expires_at__lte=now).delete()
    recent = Coalesce("last_used_at", "created_at")
    surplus = list(mine.order_by(recent.desc(), "-id")
                   .values_list("id", flat=True)[MAX_TOKENS_PER_USER:])
    if surplus:
        AccessToken.objects.filter(id__in=surplus).exclude(id=token.id).delete()
    return IssuedToken(token, key)


def authenticate_key(key: str) -> tuple[Any, AccessToken]:
    """The user and token a key belongs to, else NotAuthenticated."""
    # AccessToken.objects.select_related("user").get(key_hash=...), without the ORM's
    # compilation: every request makes this read (infra/sql.py).
    token = sql.one_with_related(AccessToken, "user", "key_hash", hash_key(key))
    if token is None:
        raise NotAuthenticated("invalid token")
    now = timezone.now()
    if token.expires_at is not None and token.expires_at <= now:
        raise NotAuthenticated("the token has expired; log in again for a new one")
    if not token.user.is_active:
        raise NotAuthenticated("the account is disabled")
    if token.last_used_at is None or now - token.last_used_at > timedelta(seconds=TOUCH_INTERVAL):
        AccessToken.objects.filter(pk=token.pk).update(last_used_at=now)
        token.last_used_at = now
    return token.user, token


def revoke(user: Any, token_id: int) -> None:
    in_range = 0 < token_id < 2**63  # beyond the id column: no such row
    deleted, _ = (AccessToken.objects.filter(user=user, id=token_id).delete()
                  if in_range else (0, {}))
    if not deleted:
        raise NotFound("you have no token with that id", code="token_not_found")


def logout(token: AccessToken) -> None:
    AccessToken.objects.filter(pk=token.pk).delete()
