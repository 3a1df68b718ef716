"""Celery tasks: thin wrappers that call services. Beat runs `sweep` every few seconds."""

from __future__ import annotations

import logging

from celery import shared_task

from . import clocks, notify, services

log = logging.getLogger(__name__)


@shared_task(name="events.sweep", ignore_result=True)
def sweep() -> dict[str, int]:
    """Hand due clocks and due webhook deliveries to workers; send clock warnings."""
    fired = 0
    for deadline in clocks.due():
        fire_deadline.delay(str(deadline.game_id), deadline.seat, deadline.version)
        fired += 1
    warned = services.send_clock_warnings()
    delivery_ids = notify.due_deliveries()
    for delivery_id in delivery_ids:
        deliver_webhook.delay(delivery_id)
    return {"deadlines": fired, "warnings": warned, "deliveries": len(delivery_ids)}


@shared_task(name="events.fire_deadline", ignore_result=True, acks_late=True)
def fire_deadline(game_id: str, seat: int, version: int) -> str:
    """Apply the timeout policy for a seat if the game is still at `version`."""
    return services.apply_timeout(game_id=game_id, seat=seat, version=version)


@shared_task(name="events.deliver_webhook", ignore_result=True, acks_late=True)
def deliver_webhook(delivery_id: int) -> str:
    return notify.deliver(delivery_id)
