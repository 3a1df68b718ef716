"""What the webhooks hear: the write path's batches (registered in events/apps.py) and
the clocks' warnings (the sweeper, events/tasks.py)."""

from __future__ import annotations

from django.db import transaction

from ..clocks import warnings_due
from ..models import WebhookEvent
from ..store import chain
from ..writes.hooks import Appended
from .outbox import notify


def on_appended(change: Appended) -> None:
    """game_over to every seat when the batch ended the game; your_turn to the seats it
    newly calls to act; game_started to every seat when it started the game."""
    game, seats = change.game, change.seats
    everyone = [s.number for s in seats]
    if change.outcome is not None:
        notify(game, WebhookEvent.GAME_OVER, everyone, seat_rows=seats,
               outcome=dict(change.outcome))
    called = change.called_to_act()
    if called:
        notify(game, WebhookEvent.YOUR_TURN, called, seat_rows=seats, awaiting=game.awaiting)
    if change.started:
        notify(game, WebhookEvent.GAME_STARTED, everyone, seat_rows=seats)


def send_clock_warnings() -> int:
    """clock_warning to each seat whose clock has passed WARN_AT of its time."""
    sent = 0
    for deadline in warnings_due():
        with transaction.atomic():
            notify(deadline.game, WebhookEvent.CLOCK_WARNING, [deadline.seat],
                   kind=deadline.kind, due_at=chain.timestamp(deadline.due_at))
        sent += 1
    return sent
