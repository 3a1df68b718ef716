"""Every account is a player: its `Player` row (the opaque id games name it by) is made
with it, whichever way the account is made (registration, createsuperuser, a test's
create_user), by the user model's post_save (connected in apps.py)."""

from __future__ import annotations

from typing import Any

from .models import Player


def make_player(sender: Any, instance: Any, created: bool, raw: bool = False,
                **kwargs: Any) -> None:
    """post_save of the user model: a new account gets its player (loaddata's raw saves
    bring their players in the fixture)."""
    if created and not raw:
        Player.objects.create(user=instance)

