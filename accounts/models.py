"""Accounts' rows: access tokens, one per login (docs/accounts.md)."""

from __future__ import annotations

from django.conf import settings
from django.db import models


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
