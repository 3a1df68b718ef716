"""The player's live channel (docs/platform.md, "The player channel"): GET /me/stream
(server-sent events), GET /me/notices (a page, or a long poll with ?wait=) and POST
/me/stream-ticket, served as the game streams are (api/live_views.py): a DRF view checks
the request (token or ticket, throttles, parameters, a stream slot) and returns a response
whose body waits on the event loop (api/live_bodies.py) for the player's key to be rung on
commit (events/live/broadcast.py), then reads the new notices once."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpResponse
from django.urls import reverse
from django.utils.http import urlencode
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from events import notices

from . import notice_serializers as ns
from . import live_serializers as ls
from .auth import BearerOrTokenAuthentication
from .live import PLAYER_CHANNEL, PlayerTicketAuthentication, issue_ticket, open_slot
from .live_bodies import NOTHING, Batch, event_stream, off_loop, sse_event, waiting_page
from .live_views import (LAST_EVENT_ID, NO_FORMAT, EventStreamRenderer, StreamNegotiation,
                         StreamTicketSerializer, resume_after)
from .schema import live_problems, problems
from .validation import valid
from .views import LOCATION

# Notices one read of a stream takes at most (more are read at once after).
STREAM_CHUNK = 200

STREAM_NOTICES = (
    "Server-sent events, not JSON, read as a game's stream is (docs/platform.md, \"Reading "
    "the stream from a generated client\"): `retry: 2000` first, then for each notice as "
    "it is written (a `PlayerStreamEvent`) `id: <seq>`, `event: <kind>` and `data: <one line "
    "of JSON>`: the notice as list_notices gives it, the component `<Kind>Notice` (e.g. "
    "`YourTurnNotice` for `your_turn`). While quiet, `: keep-alive` comments (no event); "
    "the stream ends after `?timeout=` seconds.")

TICKET = OpenApiParameter(
    "ticket", type=str, location=OpenApiParameter.QUERY, required=False,
    description="instead of the Authorization header (which a browser's EventSource cannot "
                "send): a ticket from POST /me/stream-ticket, used within "
                "DICE_STREAM_TICKET_TTL seconds (60) of its issue")


def _page(user: Any, after: int, limit: int) -> dict[str, Any]:
    rows, more = notices.page(user, after, limit)
    served = [notices.served(row) for row in rows]
    return {"notices": served, "last": served[-1]["seq"] if served else after, "more": more}


class ChannelFeed:
    """A player's channel for `user`: every notice after `after` as it is written."""

    def __init__(self, user: Any) -> None:
        self.user = user

    async def read(self, after: int, rung_at: float) -> Batch:
        page = await off_loop(_page, self.user, after, STREAM_CHUNK)
        served = page["notices"]
        if not served:
            return NOTHING
        return Batch("".join(sse_event(n["seq"], n["kind"], n) for n in served),
                     served[-1]["seq"], more=page["more"])


class ChannelPoll:
    """A long poll's page of notices once woken, None if nothing is newer than `after`."""

    def __init__(self, user: Any, query: dict[str, Any]) -> None:
        self.user, self.after, self.limit = user, query["after"], query["limit"]

    async def read(self, rung_at: float) -> dict[str, Any] | None:
        page = await off_loop(_page, self.user, self.after, self.limit)
        return page if page["notices"] else None

    def empty(self) -> dict[str, Any]:
        return {"notices": [], "last": self.after, "more": False}


class NoticeListView(APIView):
    @extend_schema(
        operation_id="list_notices", tags=["live"], parameters=[ns.NoticeQuerySerializer],
        responses={200: ns.NoticePageSerializer, **live_problems(400, 401, 429)},
        summary="Your channel's notices after `after` (long poll with ?wait=)",
        description="What the player channel (GET /me/stream) carries, as pages for apps "
                    "that cannot hold a stream: oldest first; with `wait` and nothing newer "
                    "than `after`, the answer waits for the next notice.")
    def get(self, request: Request) -> HttpResponse:
        query = valid(ns.NoticeQuerySerializer, request.query_params)
        page = _page(request.user, query["after"], query["limit"])
        if page["notices"] or not query["wait"]:
            return Response(page)
        slot = open_slot(request.user, query["wait"])
        poll = ChannelPoll(request.user, query)
        return waiting_page(notices.channel_key(request.user.player.id), query["after"],
                            query["wait"], poll.read, poll.empty(), slot)


class PlayerStreamView(APIView):
    renderer_classes = [JSONRenderer, EventStreamRenderer]
    authentication_classes = [BearerOrTokenAuthentication, PlayerTicketAuthentication]
    content_negotiation_class = StreamNegotiation

    @extend_schema(
        operation_id="stream_notices", tags=["live"],
        parameters=[LAST_EVENT_ID, ls.StreamQuerySerializer, TICKET, NO_FORMAT],
        responses={(200, "text/event-stream"): OpenApiResponse(
            ns.PlayerStreamEventSerializer,
            description=STREAM_NOTICES),
            **live_problems(400, 401, 429)},
        summary="Your live channel: what needs you, in all your games (server-sent events)")
    def get(self, request: Request) -> HttpResponse:
        query = valid(ls.StreamQuerySerializer, request.query_params)
        after = resume_after(request, query)
        seconds = min(query["timeout"], settings.DICE_STREAM_MAX)
        slot = open_slot(request.user, seconds)
        return event_stream(notices.channel_key(request.user.player.id), after, seconds,
                            ChannelFeed(request.user).read, slot)


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
