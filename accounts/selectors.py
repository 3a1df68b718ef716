"""Reads of accounts: a user's tokens, an account's player id."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.utils import timezone

from .models import AccessToken


def tokens_of(user: Any) -> QuerySet[AccessToken]:
    """The user's live tokens, newest first."""
    live = AccessToken.objects.filter(user=user).exclude(expires_at__lte=timezone.now())
    return live.order_by("-created_at", "-id")


def token_of(user_id: Any, token_id: Any) -> AccessToken | None:
    """The user's token of that id, with its user (expired or not); None if there is none."""
    return (AccessToken.objects.select_related("user")
            .filter(pk=token_id, user_id=user_id).first())


def player_id_of(user: Any) -> str:
    """The account's player id: the opaque id games name it by (docs/accounts.md)."""
    return user.player.id
