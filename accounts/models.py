"""Accounts' rows: the player each account is in games, and access tokens, one per login
(docs/accounts.md)."""

from __future__ import annotations

import base64
import secrets
from typing import Any

from django.conf import settings
from django.db import models

# What games show for the player of a deleted (tombstoned) account: the name is gone,
# the player id stays (docs/accounts.md).
DELETED_PLAYER_NAME = "deleted player"
PLAYER_ID_PREFIX = "p_"


def new_player_id() -> str:
    """A fresh player id: `p_` and 24 lowercase base32 characters (120 random bits).
    Random, not derived from anything (the user's row number, name, or time of joining),
    so that it means nothing outside this service."""
    return PLAYER_ID_PREFIX + base64.b32encode(secrets.token_bytes(15)).decode().lower()


class Player(models.Model):
    """An account as the games know it: the opaque, stable id its events name it by.

    Made with the account (accounts/players.py; migration 0002 for the accounts that
    existed before) and never changed, never reused, never deleted: the events of every
    game the player sat at name this id for good
    (docs/decisions/0011-players-by-opaque-id.md). Names are not
    here: the display name is the account's username, read when served, and a tombstoned
    account (`deleted_at` set, by the account's deletion) is served as DELETED_PLAYER_NAME.
    """

    id = models.CharField(primary_key=True, max_length=32, default=new_player_id,
                          editable=False, help_text="p_ and 24 random base32 characters")
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                related_name="player")
    deleted_at = models.DateTimeField(
        null=True, blank=True,
        help_text="the account was deleted: its personal data is gone, this id stays")

    def __str__(self) -> str:
        return self.id

    @property
    def is_deleted(self) -> bool:
        """The account is a tombstone: games show DELETED_PLAYER_NAME for it."""
        return self.deleted_at is not None

    def display_name(self, user: Any = None) -> str:
        """The name games show now: the account's username, or the placeholder once the
        account is deleted. `user`: the account, when the caller holds it (a read that
        cached `user.player` without `player.user`, to keep them free of a cycle)."""
        if self.is_deleted:
            return DELETED_PLAYER_NAME
        return (self.user if user is None else user).get_username()


class AccessToken(models.Model):
    """A bearer token. Only the SHA-256 of its key is stored; the key is shown once."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="access_tokens")
    key_hash = models.CharField(max_length=64, unique=True,
                                help_text="hex SHA-256 of the key")
    prefix = models.CharField(max_length=8, help_text="the key's first characters, for display")
    name = models.CharField(max_length=100, blank=True, default="",
                            help_text="the client's label, else its User-Agent")
    created_at = models.DateTimeField()
    last_used_at = models.DateTimeField(null=True, blank=True)
    expires_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        # The table and index made when the model was api/'s (api/migrations/0001): kept,
        # so that moving the model moved no row (accounts/migrations/0001).
        db_table = "api_accesstoken"
        indexes = [models.Index(fields=["user", "-created_at"], name="api_token_user_created")]

    def __str__(self) -> str:
        return f"{self.prefix}… of user {self.user_id}"
