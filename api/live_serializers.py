"""The shapes of a game's events as they are read live: a page of events (and a long
poll's), a server-sent event, and the queries of both (api/live_views.py). Shapes only."""

from __future__ import annotations

from django.conf import settings
from rest_framework import serializers

from .query_fields import QueryFloatField, QueryIntegerField, QuerySerializer
from .serializers import MAX_INT, EventSerializer, TurnSerializer


class EventPageSerializer(serializers.Serializer):
    game_type = serializers.CharField(help_text="the game's type: its payloads are that "
                                      "game's (`<Game>...` components)")
    version = serializers.IntegerField(help_text="the game's head version")
    events = EventSerializer(many=True)
    next_after = serializers.IntegerField(allow_null=True,
                                          help_text="pass as ?after= for the next page")
    turn = TurnSerializer(
        required=False, allow_null=True,
        help_text="a long poll's page (?wait=) whose events reach the last: your turn "
        "after them if your seat is awaited there, else null; absent from other pages")


class EventQuerySerializer(QuerySerializer):
    after = QueryIntegerField(max_value=MAX_INT, required=False, min_value=0, default=0)
    limit = QueryIntegerField(required=False, min_value=1, max_value=500, default=100)
    wait = QueryFloatField(
        required=False, min_value=0, max_value=30, default=0,
        help_text="long poll: when nothing is newer than `after`, wait up to this many "
                  "seconds for the next event (the server may wait less: DICE_LONG_POLL_MAX); "
                  "any JSON number spelling (0.5, 8.7e-273); 0 or a wait too short to "
                  "measure: answer at once")

    def validate_wait(self, value: float) -> float:
        return min(value, settings.DICE_LONG_POLL_MAX)  # the server's longest long poll


class StreamQuerySerializer(QuerySerializer):
    after = QueryIntegerField(
        max_value=MAX_INT,
        required=False, min_value=0,
        help_text="resume after this sequence (the Last-Event-ID header wins if both are sent)")
    timeout = QueryFloatField(
        required=False, min_value=1, max_value=300, default=300,
        help_text="seconds before the server closes the stream; reconnect with Last-Event-ID")


class StreamEventSerializer(serializers.Serializer):
    """One server-sent event of GET /games/{id}/stream, as an SSE client parses it."""

    id = serializers.CharField(required=False,
                               help_text="the event's seq: send it back as Last-Event-ID")
    event = serializers.CharField(help_text="the event's type, e.g. dice_rolled: its `data` "
                                            "is the game's `<Game><Type>Event`; or `turn` "
                                            "(your turn): its `data` is the game's "
                                            "`<Game>Turn`")
    data = serializers.CharField(help_text="the event as one line of JSON, as list_events "
                                           "gives it; or the turn")
    retry = serializers.IntegerField(required=False,
                                     help_text="milliseconds to wait before reconnecting")
