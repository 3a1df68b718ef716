"""Who needs to know: the news of a batch, and the clocks' warnings, for the two ways a
player hears of them: their webhooks (events/webhooks/) and their live channel
(events/notices/). One home for who is told what; each way words it its own way."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction

from . import notices
from .clocks import warnings_due
from .models import NoticeKind, WebhookEvent
from .store import chain
from .webhooks import outbox
from .writes.hooks import Appended


@dataclass(frozen=True)
class Tiding:
    """`kind` (a NoticeKind) for the seats `seats` of the batch's game."""

    kind: str
    seats: tuple[int, ...]


def of_batch(change: Appended) -> list[Tiding]:
    """game_finished to every seat when the batch ended the game; your_turn to the seats
    it newly calls to act; game_started to every seat when it started the game."""
    everyone = tuple(s.number for s in change.seats)
    news = []
    if change.outcome is not None:
        news.append(Tiding(NoticeKind.GAME_FINISHED, everyone))
    called = tuple(change.called_to_act())
    if called:
        news.append(Tiding(NoticeKind.YOUR_TURN, called))
    if change.started:
        news.append(Tiding(NoticeKind.GAME_STARTED, everyone))
    return news


def send_clock_warnings() -> int:
    """clock_warning to each seat whose clock has passed WARN_AT of its time: a webhook
    delivery and a notice, in one transaction."""
    sent = 0
    for deadline in warnings_due():
        game = deadline.game
        with transaction.atomic():
            due_at = chain.timestamp(deadline.due_at)
            outbox.notify(game, WebhookEvent.CLOCK_WARNING, [deadline.seat],
                          kind=deadline.kind, due_at=due_at)
            seat = game.seat_set.select_related("user__player").filter(
                number=deadline.seat, user__isnull=False, autoplay=False).first()
            if seat is not None:
                notices.notify([seat.user], NoticeKind.CLOCK_WARNING, game,
                               seat=deadline.seat, decision=deadline.kind, due_at=due_at)
        sent += 1
    return sent
