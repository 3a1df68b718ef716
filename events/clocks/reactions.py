"""The clocks' listener to the write path (registered in events/apps.py)."""

from __future__ import annotations

from ..writes.hooks import Appended
from .deadlines import player_is_back, sync_deadlines


def on_appended(change: Appended) -> None:
    """A player's own move ends their autoplay (not the clock's, nor the bot's for them);
    a game with a clock gets its deadlines in line with who is awaited now. A game without
    one has no deadline: no query."""
    acted = change.acted
    if acted.by_player():
        seat = next((s for s in change.seats if s.number == acted.seat), None)
        if seat is not None:
            player_is_back(seat)
    if change.game.turn_timeout is not None:
        sync_deadlines(change.game, change.awaiting, acted, change.seats)
