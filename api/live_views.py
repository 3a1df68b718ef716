"""The server-sent-events stream of a game's events, resumable with Last-Event-ID."""

from __future__ import annotations

from django.conf import settings
from django.http import StreamingHttpResponse
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.views import APIView

from events import selectors
from events.errors import BadRequest

from . import serializers as s
from .schema import problems
from .views import GAME_ID, _valid, ascii_number


class EventStreamRenderer(BaseRenderer):
    media_type = "text/event-stream"
    format = "sse"
    charset = "utf-8"

    def render(self, data, accepted_media_type=None, renderer_context=None):  # type: ignore[no-untyped-def]
        return data


LAST_EVENT_ID = OpenApiParameter("Last-Event-ID", type=str, location=OpenApiParameter.HEADER,
                                 required=False,
                                 description="the last sequence the client saw; resumes after it")


def _resume_after(request: Request, query: dict) -> int:
    header = request.headers.get("Last-Event-ID", "").strip()
    if header:
        # ASCII digits only: str.isdigit() also accepts "²", which int() refuses.
        after = ascii_number(header, s.MAX_INT)
        if after is None:
            raise BadRequest("Last-Event-ID is the sequence number of an event",
                             code="invalid_last_event_id")
        return after
    return int(query.get("after", 0))


class EventStreamView(APIView):
    renderer_classes = [JSONRenderer, EventStreamRenderer]

    @extend_schema(
        operation_id="stream_events", tags=["play"],
        parameters=[GAME_ID, LAST_EVENT_ID, s.StreamQuerySerializer],
        responses={(200, "text/event-stream"): OpenApiResponse(
            s.StreamEventSerializer,
            description="`id: <seq>`, `event: <type>`, `data: <event JSON as in list_events>` "
                        "for each event as it lands; `: keep-alive` comments while quiet. "
                        "The schema is that of one event, as OpenAPI 3.0 reads it for "
                        "text/event-stream"),
            **problems(400, 401, 404, 429)},
        summary="Server-sent events of the game as the caller may see them")
    def get(self, request: Request, game_id: str) -> StreamingHttpResponse:
        query = _valid(s.StreamQuerySerializer, request.query_params)
        game = selectors.get_game(game_id)
        after = _resume_after(request, query)
        seconds = min(query["timeout"], settings.DICE_STREAM_MAX)
        events = selectors.stream_events(game, request.user, after, seconds)
        response = StreamingHttpResponse(events, content_type="text/event-stream")
        response["Cache-Control"] = "no-cache"
        response["X-Accel-Buffering"] = "no"
        return response
