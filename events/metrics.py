"""The service's Prometheus metrics (prometheus_client), served at /metrics (api/ops.py).

Each process counts what it does: the web processes the requests, moves and streams; the
Celery worker the clocks, the timeouts' moves and the webhook deliveries. Without
PROMETHEUS_MULTIPROC_DIR a scrape sees the numbers of the one process that answers it.
With it (a directory every process of the host may write, emptied before they start),
prometheus_client keeps the numbers in files there and /metrics adds up every process's:
the uvicorn workers', and the Celery worker's where it shares the directory. Files are
named by host and process id, so containers may share one volume. See docs/scaling.md.
"""

from __future__ import annotations

import os
import socket
import threading

from prometheus_client import Counter, Gauge, Histogram, values

if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
    # pids repeat across containers: name each process's files by host and pid.
    _HOST = socket.gethostname().replace("_", "-")
    values.ValueClass = values.MultiProcessValue(lambda: f"{_HOST}-{os.getpid()}")

REQUESTS = Counter(
    "dice_http_requests_total", "HTTP requests answered, by route pattern, method and status",
    ["route", "method", "status"])
LATENCY = Histogram(
    "dice_http_request_duration_seconds",
    "Seconds from a request's arrival to its response's headers (a stream's body is not "
    "counted), by route pattern and method", ["route", "method"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30))
MOVES = Counter(
    "dice_moves_total", "Moves appended to game streams (a player's, a bot's, or the clock's "
    "for a seat), by game type and actor (seat, bot, clock)", ["game_type", "actor"])
EVENTS = Counter("dice_move_events_total", "Events the moves appended, by game type",
                 ["game_type"])
CLOCK_LATENESS = Histogram(
    "dice_clock_lateness_seconds", "How long after its deadline a timeout was applied",
    buckets=(0.1, 0.25, 0.5, 1, 2, 3, 5, 10, 30, 60, 300, 3600))
BOT_MOVES = Counter(
    "dice_bot_moves_total",
    "Bot moves the workers ran, by outcome: applied, stale (the game had moved on: nothing "
    "appended), not_due (before its time), failed (the bot raised or chose an illegal "
    "action: the seat is left to its clock)", ["outcome"])
WEBHOOK_DELIVERIES = Counter(
    "dice_webhook_delivery_attempts_total",
    "Webhook delivery attempts by outcome: delivered (2xx), retry (failed, will be tried "
    "again), failed (failed for the last time)", ["outcome"])
PUSH_DELIVERIES = Counter(
    "dice_push_delivery_attempts_total",
    "Web Push attempts by outcome: delivered (2xx), retry (failed, will be tried again), "
    "removed (404/410: the subscription was deleted), failed (for the last time: 413, "
    "too many attempts, TTL over, a private address, no subscription)", ["outcome"])
OPEN_STREAMS = Gauge(
    "dice_open_streams", "Server-sent-event streams and long polls open (waiting) now",
    multiprocess_mode="livesum")


def actor_kind(actor: str) -> str:
    """"seat:3" -> "seat", "bot:2" -> "bot"; "clock", "system" as they are (a bounded
    label)."""
    return actor.split(":", 1)[0] if actor else "unknown"


def appended(game_type: str, actor: str, events: int) -> None:
    MOVES.labels(game_type=game_type, actor=actor_kind(actor)).inc()
    EVENTS.labels(game_type=game_type).inc(events)


class OpenStream:
    """Counts one open stream or long poll in dice_open_streams until close(), which is
    idempotent and safe from any thread (or use it as a context manager). api/live.py
    opens one with each stream slot and closes it when the slot is released."""

    def __init__(self) -> None:
        self._gauge = OPEN_STREAMS
        self._lock = threading.Lock()
        self._open = True
        self._gauge.inc()

    def close(self) -> None:
        with self._lock:
            if not self._open:
                return
            self._open = False
        self._gauge.dec()

    def __enter__(self) -> OpenStream:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
