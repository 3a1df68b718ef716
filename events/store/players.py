"""Players in stored events: named by their opaque player id since table_seated v3; before
it, table_seated named each by the username they had then
(docs/decisions/0011-players-by-opaque-id.md).

Stored rows are never rewritten, so such a table_seated is served with the player ids put
in where the usernames were: each seat's player as the game's seat rows give it (a seat's
number is fixed at the start, in the transaction that appends table_seated, and its user
never changes after), not by looking the stored username up, which a rename, or another
account taking a freed name, would make wrong. The standalone verifier, which sees stored
bytes only, takes the same ids from the audit's `game.seats` (games/verify/anchors.py).
"""

from __future__ import annotations

from typing import Any

from games.verify.upcasters import names_players_by_username, with_player_ids

from ..models import Seat
from .upcasters import upcast_event


def player_ids(game_id: Any) -> dict[int, str]:
    """Each player's seat's player id (a bot's seat has none): one query."""
    rows = (Seat.objects.filter(game_id=game_id, user__isnull=False)
            .values_list("number", "user__player__id"))
    return {number: player for number, player in rows if player is not None}


def served_event(game_id: Any, event_type: str, schema_version: int,
                 data: dict) -> tuple[str, dict]:
    """A stored event's type and data as the service serves them: upcast to the current
    schema version, players named by their ids (a table_seated that named them by
    username reads the game's seats: one query, for that event only)."""
    kind, upcast = upcast_event(event_type, schema_version, data)
    if names_players_by_username(event_type, schema_version):
        upcast = with_player_ids(upcast, player_ids(game_id))
    return kind, upcast
