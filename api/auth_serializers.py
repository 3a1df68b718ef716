"""The accounts' request and response shapes: credentials, an issued token, a token's
metadata (docs/accounts.md). Shapes only."""

from __future__ import annotations

from rest_framework import serializers

from .validation import StrictTypes


class CredentialsSerializer(StrictTypes, serializers.Serializer):
    """A username and a password: to register, or to log in."""

    username = serializers.RegexField(r"^[A-Za-z0-9_.-]{3,40}$", max_length=40,
                                      help_text="3 to 40 letters, digits, _ . -; unique "
                                      "regardless of case, and logins may use any case")
    password = serializers.CharField(min_length=8, max_length=128, write_only=True,
                                     trim_whitespace=False,
                                     help_text="on registration: at least 8 characters, not "
                                     "all digits, not a common password, not like the "
                                     "username (else 400 `invalid_password`)")
    token_name = serializers.CharField(required=False, allow_blank=True, max_length=100,
                                       help_text="a label for the new token (e.g. the "
                                       "device); defaults to the User-Agent")


class TokenSerializer(serializers.Serializer):
    username = serializers.CharField(help_text="as registered (logins may use any case)")
    player_id = serializers.CharField(help_text="the account's opaque, stable player id "
                                      "(`p_...`): what games' events and seats name you by")
    token = serializers.CharField(help_text="send as `Authorization: Token <token>` (or "
                                  "`Bearer <token>`); shown only in this answer")
    token_id = serializers.IntegerField(help_text="the token's id in GET /auth/tokens")
    expires_at = serializers.DateTimeField(allow_null=True,
                                           help_text="null: valid until revoked")


class AccessTokenSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    prefix = serializers.CharField(help_text="the key's first characters, to tell tokens apart")
    name = serializers.CharField(help_text="the label given at login, else its User-Agent")
    created_at = serializers.DateTimeField()
    last_used_at = serializers.DateTimeField(allow_null=True,
                                             help_text="to the minute; null: never used")
    expires_at = serializers.DateTimeField(allow_null=True, help_text="null: until revoked")
    current = serializers.BooleanField(help_text="the token this request was made with")
