"""What the live endpoints (api/live_views.py, api/channel_views.py) share: their
responses, whose bodies wait on the event loop (api/live_bodies.py), the limit of open
streams per user, and stream tickets (the way a browser's EventSource, which cannot send
an Authorization header, opens a stream)."""

from __future__ import annotations

import asyncio
import logging
import secrets
import threading
import time
import weakref
from datetime import datetime, timedelta, timezone
from typing import Any, AsyncIterator, Callable

from django.conf import settings
from django.core import signing
from django.core.cache import cache
from django.db import connections
from django.http import StreamingHttpResponse
from rest_framework.authentication import BaseAuthentication
from rest_framework.exceptions import AuthenticationFailed

from events import metrics
from events.errors import ServiceError

log = logging.getLogger(__name__)


class LiveResponse(StreamingHttpResponse):
    """An answer that waits: a DRF view returns it once the request is checked, and its
    body, an async iterator, runs on the event loop (Django's ASGI handler consumes it
    there), holding no thread and no database connection while it waits. It holds one of
    its user's stream slots: the body releases it when it ends; a body never started (the
    client went away first) releases it when Django closes the response, or when the
    response is collected."""

    def __init__(self, body: AsyncIterator[str], slot: Slot, content_type: str) -> None:
        super().__init__(body, content_type=content_type)
        self.slot = slot
        weakref.finalize(self, slot.release)

    def close(self) -> None:
        try:
            self.slot.release()
        finally:
            super().close()


class EventStream(LiveResponse):
    """A server-sent event stream: a game's, or a player's channel."""

    def __init__(self, body: AsyncIterator[str], slot: Slot) -> None:
        super().__init__(body, slot, content_type="text/event-stream")
        self["Cache-Control"] = "no-cache"
        self["X-Accel-Buffering"] = "no"


class WaitingPage(LiveResponse):
    """A long poll's answer: one JSON page, sent once something newer has committed or the
    wait has run out."""

    def __init__(self, body: AsyncIterator[str], slot: Slot) -> None:
        super().__init__(body, slot, content_type="application/json")


# --- Open streams per user ----------------------------------------------------------------

class TooManyStreams(ServiceError):
    status = 429
    code = "too_many_streams"


class Slot:
    """One open stream or long poll of a user; release() is idempotent and safe anywhere."""

    def __init__(self, release: Callable[[], None], blocking: bool) -> None:
        self._release = release
        self._blocking = blocking  # talks to Redis: off the event loop
        self._lock = threading.Lock()
        self._released = False

    def release(self) -> None:
        with self._lock:
            if self._released:
                return
            self._released = True
        if self._blocking:
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                loop = None
            if loop is not None:
                loop.run_in_executor(None, self._safely)
                return
        self._safely()

    def _safely(self) -> None:
        try:
            self._release()
        except Exception as error:  # noqa: BLE001 - the entry expires on its own
            log.warning("could not release a stream slot: %s", error)


class LocalSlots:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._open: dict[Any, int] = {}

    def acquire(self, user_id: Any, limit: int, ttl: float) -> Slot | None:
        with self._lock:
            if self._open.get(user_id, 0) >= limit:
                return None
            self._open[user_id] = self._open.get(user_id, 0) + 1

        def release() -> None:
            with self._lock:
                left = self._open.get(user_id, 0) - 1
                if left > 0:
                    self._open[user_id] = left
                else:
                    self._open.pop(user_id, None)
        return Slot(release, blocking=False)

    def count(self, user_id: Any) -> int:
        with self._lock:
            return self._open.get(user_id, 0)


# KEYS[1]: a user's open slots, a sorted set (member: the moment it expires); ARGV: now,
# the new slot's member and that moment, the limit, the set's time to live (seconds).
# Drops the expired slots and adds the new one if fewer than the limit are open; the set
# lives as long as its longest slot (a long poll's never shortens a stream's). 1 if added.
ACQUIRE_SCRIPT = """
local key, now = KEYS[1], tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
if redis.call('ZCARD', key) >= tonumber(ARGV[4]) then return 0 end
redis.call('ZADD', key, ARGV[3], ARGV[2])
if redis.call('TTL', key) < tonumber(ARGV[5]) then redis.call('EXPIRE', key, ARGV[5]) end
return 1
"""


class RedisSlots:
    """Counted across every process: a sorted set per user, one member per open stream,
    scored with the moment it expires (its longest life plus a margin), so the streams of
    a process that died without releasing them stop counting on their own. Taken in one
    round trip (ACQUIRE_SCRIPT)."""

    MARGIN = 30.0

    def __init__(self, url: str) -> None:
        import redis

        self.redis = redis.Redis.from_url(url, socket_timeout=2, socket_connect_timeout=2)
        self._acquire = self.redis.register_script(ACQUIRE_SCRIPT)

    @staticmethod
    def key(user_id: Any) -> str:
        # Named after the database too: one Redis may serve several databases' users.
        database = connections["default"].settings_dict.get("NAME")
        return f"dice:streams:{database}:{user_id}"

    def acquire(self, user_id: Any, limit: int, ttl: float) -> Slot | None:
        key, member, now = self.key(user_id), secrets.token_hex(8), time.time()
        life = ttl + self.MARGIN
        if not self._acquire(keys=[key], args=[repr(now), member, repr(now + life), limit,
                                               int(life) + 1]):
            return None
        return Slot(lambda: self.redis.zrem(key, member), blocking=True)

    def count(self, user_id: Any) -> int:
        key = self.key(user_id)
        self.redis.zremrangebyscore(key, "-inf", time.time())
        return int(self.redis.zcard(key))


_slots: LocalSlots | RedisSlots | None = None
_slots_lock = threading.Lock()


def slots() -> LocalSlots | RedisSlots:
    global _slots
    with _slots_lock:
        if _slots is None:
            _slots = RedisSlots(settings.REDIS_URL) if settings.REDIS_URL else LocalSlots()
        return _slots


def open_slot(user: Any, seconds: float) -> Slot:
    """A slot for a stream or long poll of `user` lasting `seconds` at most, else 429."""
    limit = settings.DICE_STREAMS_PER_USER
    slot = slots().acquire(user.pk, limit, seconds)
    if slot is None:
        raise TooManyStreams(f"you have {limit} streams and long polls open already "
                             "(DICE_STREAMS_PER_USER); close one first")
    counted = metrics.OpenStream()  # dice_open_streams on /metrics, until released
    return Slot(lambda: (counted.close(), slot.release()), blocking=False)


# --- Stream tickets ----------------------------------------------------------------------

TICKET_SALT = "dice-games.stream-ticket"


def issue_ticket(user: Any, token: Any, game_id: Any) -> dict[str, Any]:
    """A signed ticket for one game's stream, for the holder of `token`, valid once within
    DICE_STREAM_TICKET_TTL seconds (it opens a stream; the stream may then run its
    course). Revoking the token revokes its tickets."""
    ttl = settings.DICE_STREAM_TICKET_TTL
    ticket = signing.TimestampSigner(salt=TICKET_SALT).sign_object(
        {"u": user.pk, "t": getattr(token, "pk", None), "g": str(game_id),
         "n": secrets.token_urlsafe(16)})
    expires = datetime.now(timezone.utc) + timedelta(seconds=ttl)
    return {"ticket": ticket, "expires_at": expires}


def check_ticket(ticket: str, game_id: Any) -> tuple[Any, Any]:
    from accounts import selectors

    try:
        data = signing.TimestampSigner(salt=TICKET_SALT).unsign_object(
            ticket, max_age=settings.DICE_STREAM_TICKET_TTL)
    except signing.SignatureExpired:
        raise AuthenticationFailed("the stream ticket has expired; get a new one") from None
    except (signing.BadSignature, ValueError, TypeError):
        raise AuthenticationFailed("invalid stream ticket") from None
    if not isinstance(data, dict) or data.get("g") != str(game_id):
        raise AuthenticationFailed("this stream ticket is for another stream (another game, or "
                                   "your channel)")
    token = selectors.token_of(data.get("u"), data.get("t"))
    if token is None:
        raise AuthenticationFailed("the login this ticket was issued to is revoked")
    if token.expires_at is not None and token.expires_at <= datetime.now(timezone.utc):
        raise AuthenticationFailed("the login this ticket was issued to has expired")
    if not token.user.is_active:
        raise AuthenticationFailed("the account is disabled")
    _use_once(data.get("n"))
    return token.user, token


def _use_once(nonce: Any) -> None:
    """A ticket opens one stream: its first use marks its nonce in the cache (shared Redis
    with REDIS_URL, so every server process sees it; the process's own cache on the
    embedded default) for as long as the ticket lives; a second use is refused, 401
    ticket_used."""
    if not isinstance(nonce, str) or not cache.add(f"dice:ticket-used:{nonce}", 1,
                                                   settings.DICE_STREAM_TICKET_TTL + 1):
        raise AuthenticationFailed("this stream ticket was used already; get a new one",
                                   code="ticket_used")


class StreamTicketAuthentication(BaseAuthentication):
    """`?ticket=` from POST /games/{id}/stream-ticket, on that game's stream only."""

    def authenticate(self, request):  # type: ignore[no-untyped-def]
        ticket = request.query_params.get("ticket")
        if not ticket:
            return None
        game_id = (request.parser_context or {}).get("kwargs", {}).get("game_id")
        return check_ticket(ticket, game_id)

    def authenticate_header(self, request) -> str:  # type: ignore[no-untyped-def]
        return "Token"


# A ticket for the caller's own channel (GET /me/stream) names this instead of a game.
PLAYER_CHANNEL = "me"


class PlayerTicketAuthentication(StreamTicketAuthentication):
    """`?ticket=` from POST /me/stream-ticket, on GET /me/stream only."""

    def authenticate(self, request):  # type: ignore[no-untyped-def]
        ticket = request.query_params.get("ticket")
        if not ticket:
            return None
        return check_ticket(ticket, PLAYER_CHANNEL)
