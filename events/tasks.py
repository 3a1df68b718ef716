"""Celery tasks: thin wrappers that call the write path, the clocks, the bots, the
webhooks, the pushes and the matchmaking. Beat runs `sweep` and `sweep_matchmaking` every few
seconds. This is the only module of events/ that knows Celery (events/apps.py hands
`enqueue_deliveries` to the webhook outbox, `enqueue_pushes` to the push outbox and
`enqueue_bot_moves` to the bots at start-up)."""

from __future__ import annotations

import logging

from celery import shared_task

from . import bots, clocks, matchmaking, notices, tidings
from .projections import registry as projections
from .push import delivery as push_delivery
from .push import outbox as push_outbox
from .webhooks import delivery, outbox

log = logging.getLogger(__name__)


@shared_task(name="events.sweep", ignore_result=True)
def sweep() -> dict[str, int]:
    """Hand due clocks, reveal deadlines passed, overdue bot moves (their task was lost),
    due webhook deliveries and due pushes to workers; send clock warnings."""
    fired = 0
    for deadline in clocks.due():
        fire_deadline.delay(str(deadline.game_id), deadline.seat, deadline.version)
        fired += 1
    reveals = clocks.reveals_due()
    for game_id in reveals:
        close_reveal.delay(game_id)
    turns = bots.overdue()
    for turn in turns:
        play_bot.delay(str(turn.game_id), turn.seat, turn.version)
    warned = tidings.send_clock_warnings()
    delivery_ids = outbox.due_deliveries()
    for delivery_id in delivery_ids:
        deliver_webhook.delay(delivery_id)
    push_ids = push_outbox.due()
    for push_id in push_ids:
        deliver_push.delay(push_id)
    return {"deadlines": fired, "reveals": len(reveals), "bots": len(turns), "warnings": warned,
            "deliveries": len(delivery_ids), "pushes": len(push_ids)}


@shared_task(name="events.sweep_matchmaking", ignore_result=True)
def sweep_matchmaking() -> dict[str, int]:
    """Open the quick-play tables whose groups came of age (settle time, bots) and expire
    old tickets (events/matchmaking/)."""
    return matchmaking.sweep()


@shared_task(name="events.prune_notices", ignore_result=True)
def prune_notices() -> int:
    """Delete the player notices past DICE_NOTICE_RETENTION_DAYS (events/notices/)."""
    return notices.prune()


@shared_task(name="events.fire_deadline", ignore_result=True, acks_late=True)
def fire_deadline(game_id: str, seat: int, version: int) -> str:
    """Apply the timeout policy for a seat if the game is still at `version`."""
    return clocks.apply_timeout(game_id=game_id, seat=seat, version=version)


@shared_task(name="events.close_reveal", ignore_result=True, acks_late=True)
def close_reveal(game_id: str) -> str:
    """Fix the seeds of a revealing game past its reveal deadline (events/clocks/reveals.py)."""
    return clocks.close_reveal(game_id)


@shared_task(name="events.play_bot", ignore_result=True, acks_late=True)
def play_bot(game_id: str, seat: int, version: int) -> str:
    """The bot plays `seat` if its turn at `version` is still the head's (events/bots/)."""
    return bots.play(game_id=game_id, seat=seat, version=version)


def enqueue_bot_moves(moves: list[tuple[str, int, int, float]]) -> None:
    """Hand bot moves to workers, each after its delay; if the broker is down the sweeper
    will later (a move overdue by DICE_BOT_STALL). With CELERY_TASK_ALWAYS_EAGER (debugging)
    the sweeper does: run inline, each move would play the next one inside it, a whole
    table of bots in one request."""
    if play_bot.app.conf.task_always_eager:
        return
    for game_id, seat, version, delay in moves:
        try:
            play_bot.apply_async((game_id, seat, version), countdown=delay or None)
        except Exception:
            log.warning("could not enqueue the bot move of %s seat %s; the sweeper will "
                        "retry", game_id, seat)
            return


@shared_task(name="events.deliver_webhook", ignore_result=True, acks_late=True)
def deliver_webhook(delivery_id: int) -> str:
    return delivery.deliver(delivery_id)


def enqueue_deliveries(ids: list[int]) -> None:
    """Hand deliveries to a worker now; if the broker is down the sweeper will later."""
    for delivery_id in ids:
        try:
            deliver_webhook.delay(delivery_id)
        except Exception:
            log.warning("could not enqueue delivery %s; the sweeper will retry", delivery_id)
            return


@shared_task(name="events.deliver_push", ignore_result=True, acks_late=True)
def deliver_push(push_id: int) -> str:
    return push_delivery.deliver(push_id)


def enqueue_pushes(ids: list[int]) -> None:
    """Hand pushes to a worker now; if the broker is down the sweeper will later."""
    for push_id in ids:
        try:
            deliver_push.delay(push_id)
        except Exception:
            log.warning("could not enqueue push %s; the sweeper will retry", push_id)
            return


@shared_task(name="events.project", ignore_result=True)
def project() -> dict[str, int]:
    """Bring the projections up to date (docs/projections.md): beat runs it every
    DICE_PROJECTION_INTERVAL seconds and a game's end kicks it after commit; a second
    projector of a projection at once skips it (its checkpoint is locked)."""
    return projections.run_all()


def enqueue_projection() -> None:
    """Kick the projector now; if the broker is down, beat will soon."""
    if project.app.conf.task_always_eager:
        return
    try:
        project.delay()
    except Exception:
        log.warning("could not enqueue the projector; beat will run it")
