"""What the webhooks hear from the write path (registered in events/apps.py): the batch's
news (events/tidings.py, which also sends the clocks' warnings), as deliveries."""

from __future__ import annotations

from ..models import NoticeKind, WebhookEvent
from ..tidings import of_batch
from ..writes.hooks import Appended
from .outbox import notify


def on_appended(change: Appended) -> None:
    """game_over to every seat when the batch ended the game; your_turn to the seats it
    newly calls to act; game_started to every seat when it started the game."""
    game, seats = change.game, change.seats
    for tiding in of_batch(change):
        if tiding.kind == NoticeKind.GAME_FINISHED:
            notify(game, WebhookEvent.GAME_OVER, tiding.seats, seat_rows=seats,
                   outcome=dict(change.outcome or {}))
        elif tiding.kind == NoticeKind.YOUR_TURN:
            notify(game, WebhookEvent.YOUR_TURN, tiding.seats, seat_rows=seats,
                   awaiting=game.awaiting)
        else:
            notify(game, WebhookEvent.GAME_STARTED, tiding.seats, seat_rows=seats)
