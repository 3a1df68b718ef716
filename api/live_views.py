"""A game's live updates: its server-sent-events stream, and its events (a page, or a
long poll with ?wait=).

Each is a DRF view: authentication (a token, or a stream ticket on the stream),
throttles, parameters, the game, a free stream slot (DICE_STREAMS_PER_USER); its errors
are the problem documents of every other endpoint. When all is well and there is
something to wait for, the view returns a response whose body waits on the event loop
(api/live_bodies.py) for the game's head to pass (events/live/broadcast.py: pushed on
commit), then reads the new rows once and filters them for the seat the caller holds at
that moment.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import Any

from django.conf import settings
from django.http import HttpResponse
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
from events.turns import TURNS
from events.errors import BadRequest
from events.models import GameStatus

from . import conditional as cond
from . import live_serializers as ls
from . import serializers as s
from .auth import BearerOrTokenAuthentication
from .language import ACCEPT_LANGUAGE, content_language, reader_language, told_in
from .live import StreamTicketAuthentication, issue_ticket, open_slot
from .live_bodies import NOTHING, Batch, event_stream, off_loop, sse_event, waiting_page
from .schema import live_problems, problems
from .validation import valid
from .views import GAME_ID, LOCATION, ReplayReadable, ascii_number, readable_game

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


STREAM_EVENTS = (
    "Server-sent events, not JSON: read the body line by line as it comes (docs/platform.md, "
    "\"Reading the stream from a generated client\"). `retry: 2000` first, then for each "
    "event as it lands (a `StreamEvent`) `id: <seq>` (resume with Last-Event-ID), `event: "
    "<type>` and `data: <one line of JSON>`: the event as list_events gives it, in a game of "
    "type `g` the component `<G><Type>Event` (e.g. `SnakeBonesDiceRolledEvent` for "
    "`dice_rolled` in snake-bones; `GameAbandonedEvent` and `SeedRevealedEvent` in every "
    "game). The events of one commit come together, the last with `batch_end: true`. Then, "
    "if the caller's seat is awaited after them, `event: turn` (id: the same seq), whose "
    "data (the game's `<Game>Turn`) gives the version, who is awaited and the caller's "
    "legal actions, as GET legal-actions lists them: post the next move from it. A stream "
    "opened at the head of a game in play starts with it. Spectators get none; a reader "
    "never gets another seat's. While quiet, `: keep-alive` comments (no event). The "
    "stream ends after `?timeout=` seconds, or after a finished game's last event.")


class EventStreamView(APIView):
    renderer_classes = [JSONRenderer, EventStreamRenderer]
    authentication_classes = [BearerOrTokenAuthentication, StreamTicketAuthentication]
    content_negotiation_class = StreamNegotiation

    @extend_schema(
        operation_id="stream_events", tags=["live"],
        parameters=[GAME_ID, LAST_EVENT_ID, ls.StreamQuerySerializer, TICKET, NO_FORMAT,
                    ACCEPT_LANGUAGE, content_language(200)],
        responses={(200, "text/event-stream"): OpenApiResponse(
            ls.StreamEventSerializer,
            description=STREAM_EVENTS),
            **live_problems(400, 401, 404, 429)},
        summary="Server-sent events of the game as the caller may see them")
    def get(self, request: Request, game_id: str) -> HttpResponse:
        query = valid(ls.StreamQuerySerializer, request.query_params)
        game = selectors.readable_game(game_id, request.user)
        after = resume_after(request, query)
        seconds = min(query["timeout"], settings.DICE_STREAM_MAX)
        language = reader_language(request)
        slot = open_slot(request.user, seconds)
        over = game.status == GameStatus.FINISHED and after >= game.version
        feed = GameFeed(game, request.user, language)
        return told_in(event_stream(str(game.id), after, seconds, feed.read, slot, over),
                       language)


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


# --- What the bodies read --------------------------------------------------------------

class SharedReads:
    """The streams and long polls of one game in this process, woken by the same commit,
    share one read of the new rows. A read is shared only with readers rung before it
    started, so each still sees every commit it was rung for. The streams of one seat
    also share the rows' telling (`told`): under a burst, a batch is filtered and written
    out once per seat and language, not once per stream (decision 0035)."""

    def __init__(self) -> None:
        self._inflight: dict[tuple, tuple[float, asyncio.Task]] = {}
        self._told: OrderedDict[tuple, tuple[str, int]] = OrderedDict()

    async def rows_after(self, game_id: str, after: int, rung_at: float,
                         limit: int = STREAM_CHUNK) -> tuple[list, Any]:
        loop = asyncio.get_running_loop()
        key = (loop, game_id, after, limit)
        entry = self._inflight.get(key)
        if entry is None or entry[0] < rung_at:
            task = loop.create_task(off_loop(selectors.rows_after, game_id, after, limit))
            entry = (loop.time(), task)
            self._inflight[key] = entry

            def done(finished: asyncio.Task, key: tuple = key) -> None:
                if self._inflight.get(key, (0, None))[1] is finished:
                    del self._inflight[key]
                if not finished.cancelled():
                    finished.exception()  # retrieved: no "never retrieved" warning
            task.add_done_callback(done)
        return await asyncio.shield(entry[1])


    def told(self, game_id: str, after: int, rows: list, following: Any,
             reader: Any) -> tuple[str, int]:
        """The rows after `after` as server-sent events for `reader` (its seat and
        language), and the last seq among them: worked out once in this process for all
        the readers of one seat in one language (a burst's batches reach every stream of
        a game at once), the newest TOLD_KEPT kept. On the event loop: no lock."""
        last = rows[-1].seq if rows else after
        key = (game_id, after, last, following is None, reader.seat, reader.language)
        found = self._told.get(key)
        if found is None:
            events = selectors.visible_events(rows, reader, following)
            found = ("".join(sse_event(e["seq"], e["type"], e) for e in events),
                     events[-1]["seq"] if events else after)
            self._told[key] = found
            while len(self._told) > TOLD_KEPT:
                self._told.popitem(last=False)
        return found


# The told batches SharedReads keeps (a few per game of a burst).
TOLD_KEPT = 1024

READS = SharedReads()


class GameFeed:
    """A game's stream for `user`: every event as it lands, each batch filtered for the
    seat `user` holds when it is sent. The seat is looked up after the first rows are
    read, and never again (seats change only in the lobby and in the transaction that
    appends the first event). Texts are told in `language`."""

    def __init__(self, game: Any, user: Any, language: str) -> None:
        self.game, self.user, self.language = game, user, language
        self.reader: Any = None
        self.first = True

    async def read(self, after: int, rung_at: float) -> Batch:
        rows, following = await READS.rows_after(str(self.game.id), after, rung_at)
        first, self.first = self.first, False
        # A stream opened at the head of a game in play tells its reader's turn at once.
        if not rows and not (first and after == self.game.version
                             and self.game.status == GameStatus.ACTIVE):
            return NOTHING
        if self.reader is None:
            seat = await off_loop(selectors.seat_of, self.game, self.user)
            self.reader = selectors.reader(self.game, seat, self.language)
        text, last = READS.told(str(self.game.id), after, rows, following, self.reader)
        over = bool(rows) and following is None and rows[-1].type == selectors.FINAL_EVENT
        if following is None and not over:
            turn = await turn_of(self.game, self.reader.seat, last)
            if turn is not None:
                text += sse_event(last, TURN, turn)
        if not text:
            return NOTHING
        return Batch(text, last, more=following is not None, over=over)


# The stream's frame that tells an awaited seat's reader its turn (events/turns.py).
TURN = "turn"


async def turn_of(game: Any, seat: int | None, version: int) -> dict | None:
    """Seat `seat`'s turn after event `version` (None: not awaited, or a spectator). The
    batch's turns are worked out once in this process, by the first reader to need them
    (or by the answer to the move), off the event loop."""
    if seat is None:
        return None
    turns = TURNS.kept(game, version) or await off_loop(TURNS.at, game, version)
    return turns.turn_of(seat)


class GamePoll:
    """A long poll's page once woken, None if nothing is newer than `after` (one read of
    the rows: the long polls of the game woken by one commit share it, READS). A game
    that had started when the request was checked has its seats for good
    (selectors.seat_of), read with it: its page needs no other read. A lobby's page, or
    one cut short of the head (its `version` is the head's), is then read whole: its
    rows, then the game and the seat (selectors.event_page)."""

    def __init__(self, game: Any, user: Any, query: dict, language: str) -> None:
        self.game, self.user, self.language = game, user, language
        self.after, self.limit = query["after"], query["limit"]

    async def read(self, rung_at: float) -> dict | None:
        game = self.game
        rows, following = await READS.rows_after(str(game.id), self.after, rung_at,
                                                 self.limit)
        if not rows:
            return None
        if game.status != GameStatus.LOBBY and following is None:
            seat = selectors.seat_of(game, self.user)  # read with the started game
            over = rows[-1].type == selectors.FINAL_EVENT
            return {"game_type": game.game_type, "version": rows[-1].seq,
                    "events": selectors.visible_events(
                        rows, selectors.reader(game, seat, self.language)),
                    "next_after": None,
                    "turn": None if over else await turn_of(game, seat, rows[-1].seq)}
        page = await off_loop(selectors.event_page, game.id, self.user, self.after,
                              self.limit, self.language)
        if not page["events"]:
            return None
        last = page["events"][-1]
        if page["next_after"] is None:
            seat = await off_loop(selectors.seat_of, game, self.user)
            over = last["type"] == selectors.FINAL_EVENT
            page["turn"] = None if over else await turn_of(game, seat, last["seq"])
        return page

    def empty(self) -> dict:
        return {"game_type": self.game.game_type, "version": self.game.version,
                "events": [], "next_after": None}


class EventListView(ReplayReadable):
    @extend_schema(operation_id="list_events", tags=["live"],
                   parameters=[GAME_ID, ls.EventQuerySerializer, *cond.CONDITIONAL,
                               ACCEPT_LANGUAGE, content_language(200, 304)],
                   responses={200: ls.EventPageSerializer, **cond.NOT_MODIFIED,
                              **live_problems(400, 401, 404, 429)},
                   summary="The game's events as the caller may see them, by sequence "
                           "(long poll with ?wait=)")
    def get(self, request: Request, game_id: str) -> HttpResponse:
        query = valid(ls.EventQuerySerializer, request.query_params)
        game = readable_game(request, game_id)
        language = reader_language(request)
        # An anonymous caller reads a finished game only, which gets no more events: the
        # answer is now (no stream slot is opened for a caller without an account).
        if query["wait"] and game.version <= query["after"] and request.user is not None:
            slot = open_slot(request.user, query["wait"])
            poll = GamePoll(game, request.user, query, language)
            return told_in(waiting_page(str(game.id), query["after"], query["wait"],
                                        poll.read, poll.empty(), slot), language)
        seat = selectors.seat_of(game, request.user)
        polled = bool(query["wait"])
        etag = cond.etag_of("events", game.id, game.version, seat, query["after"],
                            query["limit"], language, polled)
        return told_in(cond.answer(request, etag, lambda: turn_page(
            game, request.user, query, language, polled)), language)


def turn_page(game: Any, user: Any, query: dict, language: str, polled: bool) -> dict:
    """A page of list_events; a long poll's (`polled`) that reaches the end of a batch at
    the head carries the caller's `turn` there (null: not awaited)."""
    page = selectors.event_page(game, user, query["after"], query["limit"], language)
    events = page["events"]
    if polled and events and page["next_after"] is None:
        over = events[-1]["type"] == selectors.FINAL_EVENT
        page["turn"] = None if over else TURNS.at(game, events[-1]["seq"]).turn_of(
            selectors.seat_of(game, user))
    return page
