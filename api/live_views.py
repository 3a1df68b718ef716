"""Live updates: the server-sent-events stream and the long poll, served async.

Each request first goes through its DRF view, run in a worker thread: authentication
(a token, or a stream ticket on the stream), throttles, parameters, the game, a free
stream slot (DICE_STREAMS_PER_USER). Its errors are thus the problem documents of every
other endpoint, and its OpenAPI description is the view's. When all is well the view
answers `LiveStart` and the async endpoint takes over: it waits for the game's head to
pass (events/live/broadcast.py: pushed on commit), holding no thread and no database
connection, then reads the new rows once in a worker thread that hands its connection
back at once, and filters them for the seat the caller holds at that moment.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
from concurrent.futures import Executor, ThreadPoolExecutor
from typing import Any, AsyncIterator, Callable

from asgiref.sync import AsyncToSync, sync_to_async
from django.conf import settings
from django.db import DatabaseError
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.http import urlencode
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import APIView

from events import selectors
from events.live import broadcast
from events.errors import BadRequest
from events.models import GameStatus
from infra.connections import close_connections

from . import serializers as s
from .auth import BearerOrTokenAuthentication
from .errors import problem_exception_handler
from .language import ACCEPT_LANGUAGE, content_language, reader_language, told_in
from .live import EventStream, LiveStart, Slot, StreamTicketAuthentication, issue_ticket
from .live import open_slot
from .schema import live_problems, problems
from .views import GAME_ID, LOCATION, EventListView, _valid, ascii_number

log = logging.getLogger(__name__)

# Rows one read of a stream takes at most (more are read at once after).
STREAM_CHUNK = 200


class EventStreamRenderer(BaseRenderer):
    media_type = "text/event-stream"
    format = "sse"
    charset = "utf-8"

    def render(self, data, accepted_media_type=None, renderer_context=None):  # type: ignore[no-untyped-def]
        return data


class _NoFormatOverride:
    """DRF's settings, less the `?format=` override."""

    URL_FORMAT_OVERRIDE = None

    def __getattr__(self, name: str) -> Any:
        return getattr(api_settings, name)


class StreamNegotiation(DefaultContentNegotiation):
    """The stream is text/event-stream (its problems JSON) whatever `?format=` says: DRF's
    format override has nothing to choose here, so the stream neither reads nor documents
    it (it is an unknown parameter, ignored like any other)."""

    settings = _NoFormatOverride()


# drf-spectacular documents DRF's `?format=` wherever a view has two renderers: not here.
NO_FORMAT = OpenApiParameter(api_settings.URL_FORMAT_OVERRIDE or "format", exclude=True)

LAST_EVENT_ID = OpenApiParameter("Last-Event-ID", type=str, location=OpenApiParameter.HEADER,
                                 required=False,
                                 description="the last sequence the client saw; resumes after it")
TICKET = OpenApiParameter(
    "ticket", type=str, location=OpenApiParameter.QUERY, required=False,
    description="instead of the Authorization header (which a browser's EventSource cannot "
                "send): a ticket from POST /games/{id}/stream-ticket for this game, used "
                "within DICE_STREAM_TICKET_TTL seconds (60) of its issue")


def resume_after(request: Request, query: dict) -> int:
    header = request.headers.get("Last-Event-ID", "").strip()
    if header:
        # ASCII digits only: str.isdigit() also accepts "²", which int() refuses.
        after = ascii_number(header, s.MAX_INT)
        if after is None:
            raise BadRequest("Last-Event-ID is the sequence number of an event",
                             code="invalid_last_event_id")
        return after
    return int(query.get("after", 0))


# Checks a stream request; the stream itself is `stream` below.
class EventStreamView(APIView):
    renderer_classes = [JSONRenderer, EventStreamRenderer]
    authentication_classes = [BearerOrTokenAuthentication, StreamTicketAuthentication]
    content_negotiation_class = StreamNegotiation

    @extend_schema(
        operation_id="stream_events", tags=["live"],
        parameters=[GAME_ID, LAST_EVENT_ID, s.StreamQuerySerializer, TICKET, NO_FORMAT,
                    ACCEPT_LANGUAGE, content_language(200)],
        responses={(200, "text/event-stream"): OpenApiResponse(
            s.StreamEventSerializer,
            description="`id: <seq>`, `event: <type>`, `data: <event JSON as in list_events>` "
                        "for each event as it lands; `: keep-alive` comments while quiet. "
                        "The schema is that of one event, as OpenAPI 3.0 reads it for "
                        "text/event-stream"),
            **live_problems(400, 401, 404, 429)},
        summary="Server-sent events of the game as the caller may see them")
    def get(self, request: Request, game_id: str) -> HttpResponse:
        query = _valid(s.StreamQuerySerializer, request.query_params)
        game = selectors.readable_game(game_id, request.user)
        after = resume_after(request, query)
        seconds = min(query["timeout"], settings.DICE_STREAM_MAX)
        slot = open_slot(request.user, seconds)
        language = reader_language(request)
        return told_in(LiveStart(game=game, user=request.user, after=after, seconds=seconds,
                                 slot=slot, language=language), language)


class StreamTicketSerializer(serializers.Serializer):
    ticket = serializers.CharField(help_text="send as `?ticket=` on GET /games/{id}/stream")
    expires_at = serializers.DateTimeField(help_text="open the stream before this moment")


class StreamTicketView(APIView):
    @extend_schema(
        operation_id="create_stream_ticket", tags=["live"], parameters=[GAME_ID, LOCATION],
        request=None,
        responses={201: StreamTicketSerializer, **problems(401, 404, 429)},
        summary="A short-lived ticket that opens this game's stream without a header",
        description="For browsers: EventSource cannot send `Authorization`, and tokens never "
                    "go in URLs. The ticket is signed, names the caller, their login and this "
                    "game, and opens `GET /games/{id}/stream?ticket=...` within "
                    "DICE_STREAM_TICKET_TTL seconds (60); revoking the login revokes it.")
    def post(self, request: Request, game_id: str) -> Response:
        game = selectors.readable_game(game_id, request.user)
        ticket = issue_ticket(request.user, request.auth, game.id)
        # Location (every 201 has one): the stream this ticket opens.
        stream = f"{reverse('stream', args=[game.id])}?{urlencode({'ticket': ticket['ticket']})}"
        return Response(StreamTicketSerializer(ticket).data, status=201,
                        headers={"Location": stream})


# --- The async endpoints -----------------------------------------------------------------

# The reads of a woken stream or long poll (the new rows, the page) run on threads of their
# own. The checks of new requests run on the event loop's default threads: a burst of them
# (long polls re-opened together, clients reconnecting) queues there, not ahead of the
# deliveries it shares the process with (measured: docs/decisions/0007, fifth pass).
WAKE_READS = ThreadPoolExecutor(max_workers=4, thread_name_prefix="dice-live-read")


async def in_thread(function: Callable[..., Any], *args: Any,
                    executor: Executor | None = None) -> Any:
    """Run `function` in a worker thread (of `executor`, else the loop's default ones) that
    gives its database connection back at once: no connection is held while a live
    request waits."""
    def run() -> Any:
        try:
            return function(*args)
        finally:
            close_connections()
    # Served (uvicorn): a worker thread. Called from sync code that waits for the answer
    # (Django's test client), that code's thread: the only one that sees its transaction.
    if getattr(AsyncToSync.executors, "current", None) is not None:
        return await sync_to_async(run, thread_sensitive=True)()
    return await sync_to_async(run, thread_sensitive=False, executor=executor)()


async def check_request(view: Callable, request: HttpRequest, **kwargs: Any) -> HttpResponse:
    """The DRF view's answer: LiveStart, or a rendered response (a problem document)."""
    def run() -> HttpResponse:
        response = view(request, **kwargs)
        if not isinstance(response, LiveStart) and hasattr(response, "render"):
            response = response.render()
        return response
    return await in_thread(run)


def drf_headers(source: HttpResponse, target: HttpResponse) -> HttpResponse:
    for header in ("Allow", "Vary", "Content-Language"):
        if header in source:
            target[header] = source[header]
    return target


class SharedReads:
    """The streams of one game in this process, woken by the same commit, share one read
    of the new rows. A read is shared only with readers rung before it started, so each
    still sees every commit it was rung for."""

    def __init__(self) -> None:
        self._inflight: dict[tuple, tuple[float, asyncio.Task]] = {}

    async def rows_after(self, game_id: str, after: int, rung_at: float,
                         limit: int = STREAM_CHUNK) -> tuple[list, Any]:
        loop = asyncio.get_running_loop()
        key = (loop, game_id, after, limit)
        entry = self._inflight.get(key)
        if entry is None or entry[0] < rung_at:
            task = loop.create_task(in_thread(selectors.rows_after, game_id, after, limit,
                                              executor=WAKE_READS))
            entry = (loop.time(), task)
            self._inflight[key] = entry

            def done(finished: asyncio.Task, key: tuple = key) -> None:
                if self._inflight.get(key, (0, None))[1] is finished:
                    del self._inflight[key]
                if not finished.cancelled():
                    finished.exception()  # retrieved: no "never retrieved" warning
            task.add_done_callback(done)
        return await asyncio.shield(entry[1])


READS = SharedReads()


def _sse(event: dict) -> str:
    return f"id: {event['seq']}\nevent: {event['type']}\ndata: {json.dumps(event)}\n\n"


async def _stream_body(game: Any, user: Any, after: int, seconds: float,
                       slot: Slot, language: str) -> AsyncIterator[str]:
    """Every event after `after` as it lands, for `seconds` at most; ends after a finished
    game's last event. Each batch is filtered for the seat `user` holds when it is sent:
    the seat is looked up after the first rows are read, and never again (seats change
    only in the lobby and in the transaction that appends the first event). Texts are
    told in `language`."""
    loop = asyncio.get_running_loop()
    game_id = str(game.id)
    try:
        yield "retry: 2000\n\n"
        if game.status == GameStatus.FINISHED and after >= game.version:
            return
        end = loop.time() + seconds
        heartbeat = settings.DICE_STREAM_HEARTBEAT
        reader: Any = None
        async with broadcast.listening(game_id, after) as signal:
            next_beat = loop.time() + heartbeat
            read_now = True
            while True:
                if read_now:
                    rung_at = signal.rang_at
                    signal.take()
                    try:
                        rows, following = await READS.rows_after(game_id, after, rung_at)
                    except DatabaseError as error:
                        log.warning("stream of game %s ends: %s", game_id, error)
                        return
                    if rows:
                        if reader is None:
                            seat = await in_thread(selectors.seat_of, game, user,
                                                   executor=WAKE_READS)
                            reader = selectors.reader(game, seat, language)
                        events = selectors.visible_events(rows, reader, following)
                        yield "".join(_sse(event) for event in events)
                        after = signal.after = events[-1]["seq"]
                        next_beat = loop.time() + heartbeat
                        if following is not None:
                            signal.rang_at = loop.time()
                            continue
                        if rows[-1].type == selectors.FINAL_EVENT:
                            return
                now = loop.time()
                if now >= end:
                    return
                read_now = await signal.wait(min(next_beat, end) - now)
                if not read_now and loop.time() >= next_beat:
                    yield ": keep-alive\n\n"
                    next_beat = loop.time() + heartbeat
    finally:
        slot.release()


async def stream(request: HttpRequest, game_id: Any) -> HttpResponse:
    checked = await check_request(_stream_view, request, game_id=game_id)
    if not isinstance(checked, LiveStart):
        return checked
    params = checked.params
    slot: Slot = params["slot"]
    response = EventStream(
        _stream_body(params["game"], params["user"], params["after"], params["seconds"], slot,
                     params["language"]), slot)
    return drf_headers(checked, response)


async def _poll_page(game: Any, user: Any, after: int, limit: int,
                     rung_at: float, language: str) -> dict | None:
    """The long poll's page once woken, None if nothing is newer than `after`. A game that
    had started when the request was checked has its seats for good (selectors.seat_of),
    read with it: the long polls of the game woken by one commit share one read of the
    new rows (READS) and need no other. A lobby's page, or one cut short of the head
    (its `version` is the head's), is read whole: its rows, then the game and the seat
    (selectors.event_page)."""
    if game.status != GameStatus.LOBBY:
        rows, following = await READS.rows_after(str(game.id), after, rung_at, limit)
        if not rows:
            return None
        if following is None:
            seat = selectors.seat_of(game, user)  # the seats read with the started game
            return {"game_type": game.game_type, "version": rows[-1].seq,
                    "events": selectors.visible_events(
                        rows, selectors.reader(game, seat, language)),
                    "next_after": None}
    page = await in_thread(selectors.event_page, game.id, user, after, limit, language,
                           executor=WAKE_READS)
    return page if page["events"] else None


# Long polls that wait this long or longer end their empty wait up to a tenth early.
SPREAD_FROM = 10.0


def spread(wait: float) -> float:
    """How long a long poll with nothing new waits: `wait`, or for a long one up to a tenth
    less, at random. Polls opened together (clients reconnecting after a deploy or a
    network blip) then come back spread over seconds instead of all at once, each a new
    request to check (measured: tests/benchmarks/live.py, docs/decisions/0007)."""
    if wait < SPREAD_FROM:
        return wait
    return wait - random.uniform(0, wait / 10)


async def events(request: HttpRequest, game_id: Any) -> HttpResponse:
    """list_events; with ?wait= and nothing newer than `after`, a long poll.

    A long poll must hear every commit its check did not see. If this process follows the
    game already (other readers of it are here), it listens before the check, and the
    check's own read of the game is the last look; else it listens after the check and
    looks once more (a single-row read of the head)."""
    async with contextlib.AsyncExitStack() as stack:
        early = None
        if request.GET.get("wait"):
            early = await stack.enter_async_context(broadcast.listening_if_followed(game_id))
        checked = await check_request(_events_view, request, game_id=game_id)
        if not isinstance(checked, LiveStart):
            return checked
        try:
            page = await _long_poll(checked.params, early)
        except DatabaseError as error:  # as the DRF views answer it (api/errors.py)
            problem = problem_exception_handler(error, {"request": request})
            problem.renderer_context = {}
            return problem.render()  # type: ignore[no-any-return]
        finally:
            checked.params["slot"].release()
    body = JSONRenderer().render(page)
    return drf_headers(checked, HttpResponse(body, content_type="application/json"))


async def _long_poll(params: dict, early: broadcast.Signal | None) -> dict:
    """The page once something newer than `after` has committed, or the empty page when
    the wait runs out. Woken, the page is read (_poll_page): never a stale seat."""
    game, user, query = params["game"], params["user"], params["query"]
    after, limit = query["after"], query["limit"]
    loop = asyncio.get_running_loop()
    end = loop.time() + spread(query["wait"])
    version = game.version  # at or below `after`: the check found nothing newer
    async with contextlib.AsyncExitStack() as stack:
        if early is not None:
            signal = early
            signal.after = after
            # Rung since before the check: for a commit the check did not see only if
            # its head is past `after`.
            read = signal.is_set() and signal.head > after
        else:
            signal = await stack.enter_async_context(broadcast.listening(game.id, after))
            # The head may have passed `after` since the check: one look, then wait.
            version = await in_thread(selectors.head_of, game.id)
            read = version > after
        while True:
            rung_at = signal.rang_at
            signal.take()
            if read:
                page = await _poll_page(game, user, after, limit, rung_at, params["language"])
                if page is not None:
                    return page
            if not await signal.wait(end - loop.time()):
                return {"game_type": game.game_type, "version": version, "events": [],
                        "next_after": None}
            read = True


def live_endpoint(endpoint: Callable, view: type[APIView]) -> Callable:
    """`endpoint` serves the URL; `view` documents it (drf-spectacular reads `cls`)."""
    endpoint.cls = view  # type: ignore[attr-defined]
    endpoint.initkwargs = {}  # type: ignore[attr-defined]
    return endpoint


_stream_view = EventStreamView.as_view()
_events_view = EventListView.as_view()
stream_endpoint = live_endpoint(stream, EventStreamView)
events_endpoint = live_endpoint(events, EventListView)
