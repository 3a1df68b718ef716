"""Request shapes of bot seats (docs/bots.md). Shapes only: the levels a game offers are
checked by the service (events/writes/bots.py, 400 `unknown_bot_level`)."""

from __future__ import annotations

from rest_framework import serializers

from .validation import Closed, StrictTypes


class AddBotSerializer(Closed, StrictTypes, serializers.Serializer):
    """A bot to seat, of one of the levels the game type lists in `bot_levels`; no other
    key (400 `invalid_request`)."""

    level = serializers.CharField(
        required=False, max_length=20,
        help_text="one of the game type's `bot_levels` (every game has `basic` and "
                  "`strong`); omitted: basic. Another: 400 `unknown_bot_level`")
