"""The player channel's payloads (GET /me/notices, GET /me/stream): a notice is a union
discriminated by `kind`, each with `seq`, `game`, `game_type`, `version` and `at`, and only
public facts (docs/platform.md, "The player channel"). The served dicts are made by
events/notices/store.py (`served`); these classes document and check their shape."""

from __future__ import annotations

from django.conf import settings
from drf_spectacular.utils import PolymorphicProxySerializer
from rest_framework import serializers

from events.models import GameStatus, NoticeKind

from .query_fields import QueryFloatField, QueryIntegerField, QuerySerializer
from .serializers import MAX_INT, RatingSerializer


class NoticeQuerySerializer(QuerySerializer):
    after = QueryIntegerField(max_value=MAX_INT, required=False, min_value=0, default=0,
                              help_text="the last `seq` you hold: the page starts after it")
    limit = QueryIntegerField(required=False, min_value=1, max_value=500, default=100)
    wait = QueryFloatField(
        required=False, min_value=0, max_value=30, default=0,
        help_text="long poll: when nothing is newer than `after`, wait up to this many "
                  "seconds for the next notice (the server may wait less: DICE_LONG_POLL_MAX)")

    def validate_wait(self, value: float) -> float:
        return min(value, settings.DICE_LONG_POLL_MAX)


def _notice(kind: str, doc: str, **fields: serializers.Field) -> type[serializers.Serializer]:
    name = "".join(part.title() for part in kind.split("_")) + "NoticeSerializer"
    common = {
        "seq": serializers.IntegerField(
            help_text="1, 2, 3 ... on your channel, in commit order: send it back as `after` "
                      "or Last-Event-ID; a jump past `after` + 1 means older notices were "
                      "pruned (DICE_NOTICE_RETENTION_DAYS)"),
        "kind": serializers.ChoiceField(choices=[kind]),
        "game": serializers.UUIDField(help_text="the game's id"),
        "game_type": serializers.CharField(),
        "version": serializers.IntegerField(
            help_text="the game's version when the notice was written: fetch the game if "
                      "you hold an older one"),
        "at": serializers.DateTimeField(help_text="when the notice was written"),
    }
    return type(name, (serializers.Serializer,), {**common, **fields, "__doc__": doc})


def _awaiting() -> serializers.DictField:
    return serializers.DictField(
        child=serializers.CharField(),
        help_text="every seat awaited now (seat number as a string: the decision's kind)")


YourTurnNoticeSerializer = _notice(
    NoticeKind.YOUR_TURN, "A move of someone else (or the clock) asks you for a decision.",
    awaiting=_awaiting())
GameStartedNoticeSerializer = _notice(NoticeKind.GAME_STARTED, "A game of yours started.")
GameFinishedNoticeSerializer = _notice(
    NoticeKind.GAME_FINISHED, "A game of yours ended.",
    outcome=serializers.DictField(child=serializers.JSONField(allow_null=True),
                                  help_text="the final outcome, as the game's `outcome`"))
MatchFoundNoticeSerializer = _notice(
    NoticeKind.MATCH_FOUND, "Matchmaking seated you at a game. If a seat of it committed to "
    "a seed, the game is revealing: post your seed (POST /games/{id}/seed) by `reveal_by`.",
    status=serializers.ChoiceField(
        choices=[GameStatus.REVEALING], required=False,
        help_text="revealing: the game waits for the seats' seeds; absent: it began"),
    reveal_by=serializers.DateTimeField(
        required=False, help_text="when the seeds are fixed (revealing only)"))
SeedsRequestedNoticeSerializer = _notice(
    NoticeKind.SEEDS_REQUESTED, "A game you sit at started and waits for the seats' seeds "
    "(dice scheme 3): if your seat committed to one, post it (POST /games/{id}/seed) by "
    "`reveal_by`; the game begins on the last reveal.",
    reveal_by=serializers.DateTimeField(help_text="when the seeds are fixed, an unrevealed "
                                        "one withheld"))
RematchOfferedNoticeSerializer = _notice(
    NoticeKind.REMATCH_OFFERED,
    "A player of a finished game of yours opened its rematch (`game`, in the lobby) and "
    "invited you: join it with POST /games/{id}/join.",
    rematch_of=serializers.UUIDField(help_text="the finished game"),
    by=serializers.CharField(help_text="the player id (`p_...`) of who asked for it"))
ClockWarningNoticeSerializer = _notice(
    NoticeKind.CLOCK_WARNING, "80% of your clock has run.",
    seat=serializers.IntegerField(help_text="your seat"),
    decision=serializers.CharField(help_text="the decision awaited, e.g. stake, bid, respond"),
    due_at=serializers.DateTimeField(help_text="when the clock acts for your seat"))
RatingChangedNoticeSerializer = _notice(
    NoticeKind.RATING_CHANGED,
    "A rated game of yours changed your rating in its game type (docs/ratings.md): the "
    "values served in the game's `rating_changes` and your rating history. Written when "
    "the ratings projection applies the game, moments after it ended.",
    seat=serializers.IntegerField(help_text="your seat"),
    place=serializers.IntegerField(help_text="your place (ties share one)"),
    applied=serializers.IntegerField(help_text="the game's place in the order the ratings "
                                     "applied games"),
    before=RatingSerializer(), after=RatingSerializer())

NOTICE_KINDS = {
    NoticeKind.YOUR_TURN: YourTurnNoticeSerializer,
    NoticeKind.GAME_STARTED: GameStartedNoticeSerializer,
    NoticeKind.GAME_FINISHED: GameFinishedNoticeSerializer,
    NoticeKind.MATCH_FOUND: MatchFoundNoticeSerializer,
    NoticeKind.REMATCH_OFFERED: RematchOfferedNoticeSerializer,
    NoticeKind.CLOCK_WARNING: ClockWarningNoticeSerializer,
    NoticeKind.RATING_CHANGED: RatingChangedNoticeSerializer,
    NoticeKind.SEEDS_REQUESTED: SeedsRequestedNoticeSerializer,
}


def notice_union(many: bool = False) -> PolymorphicProxySerializer:
    return PolymorphicProxySerializer(
        component_name="Notice", serializers={str(k): v for k, v in NOTICE_KINDS.items()},
        resource_type_field_name="kind", many=many)


class NoticePageSerializer(serializers.Serializer):
    notices = notice_union(many=True)
    last = serializers.IntegerField(
        help_text="send as `after` for the next page: the last notice's `seq` (your `after` "
                  "when the page is empty)")
    more = serializers.BooleanField(help_text="more notices follow: ask again at once")


class PlayerStreamEventSerializer(serializers.Serializer):
    """One server-sent event of GET /me/stream, as an SSE client parses it."""

    id = serializers.CharField(required=False,
                               help_text="the notice's seq: send it back as Last-Event-ID")
    event = serializers.ChoiceField(choices=NoticeKind.values,
                                    help_text="the notice's kind: its `data` is the "
                                              "`<Kind>Notice`")
    data = serializers.CharField(help_text="the notice as one line of JSON, as GET "
                                           "/me/notices gives it")
    retry = serializers.IntegerField(required=False,
                                     help_text="milliseconds to wait before reconnecting")
