"""The player's live channel (docs/platform.md, "The player channel"): GET /me/stream
(server-sent events), GET /me/notices (a page, or a long poll with ?wait=) and POST
/me/stream-ticket, served as the game streams are (api/live_views.py): a DRF view checks
the request (token or ticket, throttles, parameters, a stream slot) and answers LiveStart;
the async part waits for the player's key to be rung on commit (events/live/broadcast.py),
holding no thread and no database connection, then reads the new notices once."""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any, AsyncIterator

from django.conf import settings
from django.db import DatabaseError
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.http import urlencode
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from events import notices
from events.live import broadcast

from . import notice_serializers as ns
from . import serializers as s
from .auth import BearerOrTokenAuthentication
from .live import (PLAYER_CHANNEL, EventStream, LiveStart, PlayerTicketAuthentication, Slot,
                   issue_ticket)
from .live import open_slot
from .live_views import (LAST_EVENT_ID, NO_FORMAT, WAKE_READS, EventStreamRenderer,
                         StreamNegotiation, StreamTicketSerializer, check_request, drf_headers,
                         live_endpoint, resume_after, in_thread, spread)
from .schema import live_problems, problems
from .views import LOCATION, _valid

log = logging.getLogger(__name__)

# Notices one read of a stream takes at most (more are read at once after).
STREAM_CHUNK = 200

TICKET = OpenApiParameter(
    "ticket", type=str, location=OpenApiParameter.QUERY, required=False,
    description="instead of the Authorization header (which a browser's EventSource cannot "
                "send): a ticket from POST /me/stream-ticket, used within "
                "DICE_STREAM_TICKET_TTL seconds (60) of its issue")


def _page(user: Any, after: int, limit: int) -> dict[str, Any]:
    rows, more = notices.page(user, after, limit)
    served = [notices.served(row) for row in rows]
    return {"notices": served, "last": served[-1]["seq"] if served else after, "more": more}


class NoticeListView(APIView):
    @extend_schema(
        operation_id="list_notices", tags=["live"], parameters=[ns.NoticeQuerySerializer],
        responses={200: ns.NoticePageSerializer, **live_problems(400, 401, 429)},
        summary="Your channel's notices after `after` (long poll with ?wait=)",
        description="What the player channel (GET /me/stream) carries, as pages for apps "
                    "that cannot hold a stream: oldest first; with `wait` and nothing newer "
                    "than `after`, the answer waits for the next notice.")
    def get(self, request: Request) -> HttpResponse:
        query = _valid(ns.NoticeQuerySerializer, request.query_params)
        page = _page(request.user, query["after"], query["limit"])
        if page["notices"] or not query["wait"]:
            return Response(page)
        slot = open_slot(request.user, query["wait"])
        return LiveStart(user=request.user, key=notices.channel_key(request.user.player.id),
                         query=query, slot=slot)


class PlayerStreamView(APIView):
    renderer_classes = [JSONRenderer, EventStreamRenderer]
    authentication_classes = [BearerOrTokenAuthentication, PlayerTicketAuthentication]
    content_negotiation_class = StreamNegotiation

    @extend_schema(
        operation_id="stream_notices", tags=["live"],
        parameters=[LAST_EVENT_ID, s.StreamQuerySerializer, TICKET, NO_FORMAT],
        responses={(200, "text/event-stream"): OpenApiResponse(
            ns.PlayerStreamEventSerializer,
            description="`id: <seq>`, `event: <kind>`, `data: <notice JSON as in "
                        "list_notices>` for each notice as it is written; `: keep-alive` "
                        "comments while quiet. The schema is that of one event, as OpenAPI "
                        "3.0 reads it for text/event-stream"),
            **live_problems(400, 401, 429)},
        summary="Your live channel: what needs you, in all your games (server-sent events)")
    def get(self, request: Request) -> HttpResponse:
        query = _valid(s.StreamQuerySerializer, request.query_params)
        after = resume_after(request, query)
        seconds = min(query["timeout"], settings.DICE_STREAM_MAX)
        slot = open_slot(request.user, seconds)
        return LiveStart(user=request.user, key=notices.channel_key(request.user.player.id),
                         after=after, seconds=seconds, slot=slot)


class PlayerStreamTicketView(APIView):
    @extend_schema(
        operation_id="create_notice_stream_ticket", tags=["live"], parameters=[LOCATION],
        request=None, responses={201: StreamTicketSerializer, **problems(401, 429)},
        summary="A short-lived ticket that opens your channel without a header",
        description="For browsers, as a game's stream ticket: it names the caller and their "
                    "login, opens `GET /me/stream?ticket=...` (and no game's stream) within "
                    "DICE_STREAM_TICKET_TTL seconds (60); revoking the login revokes it.")
    def post(self, request: Request) -> Response:
        ticket = issue_ticket(request.user, request.auth, PLAYER_CHANNEL)
        stream = f"{reverse('me-stream')}?{urlencode({'ticket': ticket['ticket']})}"
        return Response(StreamTicketSerializer(ticket).data, status=201,
                        headers={"Location": stream})


# --- The async endpoints -----------------------------------------------------------------

def _read(user: Any, after: int, limit: int) -> list[dict[str, Any]]:
    rows, _ = notices.page(user, after, limit)
    return [notices.served(row) for row in rows]


def _sse(notice: dict[str, Any]) -> str:
    return f"id: {notice['seq']}\nevent: {notice['kind']}\ndata: {json.dumps(notice)}\n\n"


async def _stream_body(user: Any, key: str, after: int, seconds: float,
                       slot: Slot) -> AsyncIterator[str]:
    """Every notice after `after` as it is written, for `seconds` at most."""
    loop = asyncio.get_running_loop()
    try:
        yield "retry: 2000\n\n"
        end = loop.time() + seconds
        heartbeat = settings.DICE_STREAM_HEARTBEAT
        async with broadcast.listening(key, after) as signal:
            next_beat = loop.time() + heartbeat
            read_now = True
            while True:
                if read_now:
                    signal.take()
                    try:
                        served = await in_thread(_read, user, after, STREAM_CHUNK,
                                                 executor=WAKE_READS)
                    except DatabaseError as error:
                        log.warning("player channel %s ends: %s", key, error)
                        return
                    if served:
                        yield "".join(_sse(notice) for notice in served)
                        after = signal.after = served[-1]["seq"]
                        next_beat = loop.time() + heartbeat
                        if len(served) == STREAM_CHUNK:
                            continue
                now = loop.time()
                if now >= end:
                    return
                read_now = await signal.wait(min(next_beat, end) - now)
                if not read_now and loop.time() >= next_beat:
                    yield ": keep-alive\n\n"
                    next_beat = loop.time() + heartbeat
    finally:
        slot.release()


async def stream(request: HttpRequest) -> HttpResponse:
    checked = await check_request(_stream_view, request)
    if not isinstance(checked, LiveStart):
        return checked
    params = checked.params
    slot: Slot = params["slot"]
    response = EventStream(
        _stream_body(params["user"], params["key"], params["after"], params["seconds"], slot),
        slot)
    return drf_headers(checked, response)


async def notices_endpoint_body(request: HttpRequest) -> HttpResponse:
    """list_notices; with ?wait= and nothing newer than `after`, a long poll: it listens to
    the player's key, then reads once more (a notice committed since the check), then
    waits."""
    checked = await check_request(_notices_view, request)
    if not isinstance(checked, LiveStart):
        return checked
    params = checked.params
    user, query = params["user"], params["query"]
    try:
        page = await _long_poll(user, params["key"], query)
    except DatabaseError as error:
        log.warning("long poll of %s ends: %s", params["key"], error)
        page = {"notices": [], "last": query["after"], "more": False}
    finally:
        params["slot"].release()
    body = JSONRenderer().render(page)
    return drf_headers(checked, HttpResponse(body, content_type="application/json"))


async def _long_poll(user: Any, key: str, query: dict[str, Any]) -> dict[str, Any]:
    loop = asyncio.get_running_loop()
    after, limit = query["after"], query["limit"]
    end = loop.time() + spread(query["wait"])
    async with broadcast.listening(key, after) as signal:
        while True:
            signal.take()
            page = await in_thread(_page, user, after, limit, executor=WAKE_READS)
            if page["notices"] or not await signal.wait(end - loop.time()):
                return page  # type: ignore[no-any-return]


_stream_view = PlayerStreamView.as_view()
_notices_view = NoticeListView.as_view()
stream_endpoint = live_endpoint(stream, PlayerStreamView)
notices_endpoint = live_endpoint(notices_endpoint_body, NoticeListView)
