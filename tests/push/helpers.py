"""What the Web Push tests share: subscribe a player's browser, deliver what is due."""

from __future__ import annotations

from typing import Any

from events.models import PushDelivery
from events.push import delivery
from tests.support.push_service import Client, PushService


def subscribe(player: Any, service: PushService, **extra: Any) -> tuple[Client, dict]:
    client = service.subscribe()
    response = player.post("/me/push-subscriptions", {**client.subscription(), **extra})
    assert response.status_code == 201, response.content
    return client, response.json()


def deliver_pending() -> list[str]:
    """Deliver every pending push once, as the worker would (oldest first)."""
    ids = PushDelivery.objects.filter(status="pending").order_by("id").values_list("pk", flat=True)
    return [delivery.deliver(pk) for pk in list(ids)]
