"""The sweeper's look at both outboxes (events/outboxes.py `due`, through the webhooks'
`due_deliveries` and the pushes' `due`): a pending row is handed to a worker again only
once its last hand-over is stale; a row not yet due, or no longer pending, never."""

from __future__ import annotations

from datetime import timedelta
from typing import Any, Callable

import pytest
from django.utils import timezone

from events.models import Delivery, PushDelivery
from events.push import outbox as push_outbox
from events.webhooks import outbox as webhook_outbox
from tests.push.helpers import subscribe
from tests.support.api import table

pytestmark = pytest.mark.django_db


def rows_of(players: Any, push_service: Any) -> tuple[Delivery, PushDelivery]:
    """One webhook delivery and one push, both pending, from one game's start."""
    a, b = players(2)
    subscribe(b, push_service)
    assert b.post("/webhooks", {"url": "https://example.com/hook",
                                "events": ["game_started"]}).status_code == 201
    a.start(table(a, [b], "snake-bones"), first_player=0)
    return Delivery.objects.get(), PushDelivery.objects.get(kind="your_turn")


@pytest.mark.parametrize("outbox", ["webhooks", "push"])
def test_the_sweeper_hands_over_only_what_no_worker_holds_lately(
        outbox: str, players: Any, push_service: Any) -> None:
    delivery, push = rows_of(players, push_service)
    row, due = ((delivery, webhook_outbox.due_deliveries) if outbox == "webhooks"
                else (push, push_outbox.due))
    sweep: Callable[[], list[int]] = due
    model = type(row)
    now = timezone.now()

    model.objects.filter(pk=row.pk).update(enqueued_at=now - timedelta(seconds=5))
    assert sweep() == []  # a worker was handed it 5 s ago
    model.objects.filter(pk=row.pk).update(enqueued_at=now - timedelta(seconds=61))
    assert sweep() == [row.pk]  # stale: handed again, and marked
    assert sweep() == []
    model.objects.filter(pk=row.pk).update(enqueued_at=None,
                                           next_attempt_at=now + timedelta(minutes=1))
    assert sweep() == []  # not due yet
    model.objects.filter(pk=row.pk).update(next_attempt_at=now, status="delivered")
    assert sweep() == []  # done
