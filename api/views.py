"""HTTP views: parse, call a service or selector, shape the answer. No rules here."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.exceptions import NotAuthenticated
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from events import selectors, turns, writes
from events.errors import BadRequest, NotFound

from . import conditional as cond
from . import serializers as s
from .language import ACCEPT_LANGUAGE, content_language, reader_language, told_in
from .schema import OPEN_TABLES_409, conflict, problems
from .validation import valid

GAME_ID = OpenApiParameter("game_id", type=OpenApiTypes.UUID, location=OpenApiParameter.PATH,
                           description="the game's id")
ETAG = OpenApiParameter("ETag", type=str, location=OpenApiParameter.HEADER, response=[201],
                        description='the new version, quoted (e.g. "13"): send it back as If-Match')
LOCATION = OpenApiParameter("Location", type=str, location=OpenApiParameter.HEADER,
                            response=[201], description="the URL of what was created")
REPLAYED = OpenApiParameter("Idempotent-Replayed", type=str, location=OpenApiParameter.HEADER,
                            response=[201], description='"true" when this is the stored answer '
                            "to an earlier request with the same Idempotency-Key")


def game_body(request: Request, game: Any, with_view: bool = True) -> dict[str, Any]:
    """The game resource as the caller may see it, with its public replay's URL (a
    finished, non-private game's: this game's absolute URL, readable without an account)."""
    body = selectors.game_for(game, request.user, with_view=with_view)
    body["replay_url"] = (request.build_absolute_uri(reverse("game", args=[game.id]))
                          if selectors.has_public_replay(game) else None)
    return body


def readable_game(request: Request, game_id: Any) -> Any:
    """The game if the caller may read it. Signed in: any game but another's private one
    (404, as if absent). Anonymous: a finished, non-private game only (its public
    replay), else 401 as on every endpoint that needs a token (an absent game too, so
    that anonymous callers learn nothing of which games exist)."""
    user = request.user
    if user is not None and user.is_authenticated:
        return selectors.readable_game(game_id, user)
    try:
        game = selectors.get_game(game_id)
    except NotFound:
        raise NotAuthenticated() from None
    if not selectors.has_public_replay(game):
        raise NotAuthenticated()
    return game


# The reads that open without an account for a finished public game (its replay); the
# view checks the rest (readable_game). Throttles apply as everywhere (anonymous callers
# by address: AnonRateThrottle).
class ReplayReadable(APIView):
    permission_classes = [AllowAny]


class GameListView(APIView):
    @extend_schema(operation_id="list_games", tags=["lobby"],
                   parameters=[s.GameListQuerySerializer],
                   responses={200: s.GameListSerializer, **problems(400, 401, 429)},
                   summary="List games (filter by status, type, mine); `view` is null in "
                           "lists: GET the game for it")
    def get(self, request: Request) -> Response:
        query = valid(s.GameListQuerySerializer, request.query_params)
        games = selectors.list_games(user=request.user, status=query.get("status"),
                                     game_type=query.get("game_type"), mine=query["mine"],
                                     watchable=query.get("watchable"))
        page = games[query["offset"]:query["offset"] + query["limit"]]
        return Response({"count": games.count(),
                         "results": [game_body(request, g, with_view=False) for g in page]})

    @extend_schema(operation_id="create_game", tags=["lobby"], request=s.CreateGameSerializer,
                   parameters=[LOCATION],
                   responses={201: s.GameSerializer, **problems(400, 401),
                              **conflict(OPEN_TABLES_409), **problems(429)},
                   summary="Open a game in the lobby; the creator takes seat 0")
    def post(self, request: Request) -> Response:
        data = valid(s.CreateGameSerializer, request.data)
        game = writes.create_game(user=request.user, game_type=data["game_type"],
                                  seats=data["seats"], options=data.get("options"),
                                  seed_commitment=data.get("seed_commitment"),
                                  turn_timeout=data["turn_timeout"],
                                  autoplay_after=data["autoplay_after"],
                                  bots=[bot.get("level", "basic") for bot in data.get("bots", [])],
                                  private=data["private"], rated=data["rated"])
        return Response(game_body(request, game), status=status.HTTP_201_CREATED,
                        headers={"Location": reverse("game", args=[game.id])})


class GameDetailView(ReplayReadable):
    @extend_schema(operation_id="get_game", tags=["lobby"], parameters=[GAME_ID, *cond.CONDITIONAL],
                   responses={200: s.GameSerializer, **cond.NOT_MODIFIED,
                              **problems(401, 404, 429)},
                   summary="The game as the caller may see it",
                   description="Without a token: a finished, non-private game only (its "
                   "public replay, as a spectator sees it); 401 otherwise. A private game is "
                   "absent (404) to all but its players (docs/platform.md, Spectators).")
    def get(self, request: Request, game_id: str) -> HttpResponse:
        game = readable_game(request, game_id)
        # Seats, client seeds, autoplay and deadlines change without a new version: the
        # ETag is the body's digest.
        return cond.answer_body(request, game_body(request, game))


class JoinView(APIView):
    @extend_schema(operation_id="join_game", tags=["lobby"], parameters=[GAME_ID],
                   request=s.JoinSerializer,
                   responses={200: s.GameSerializer, **problems(400, 401, 404, 409, 429)},
                   summary="Take a free seat")
    def post(self, request: Request, game_id: str) -> Response:
        data = valid(s.JoinSerializer, request.data)
        writes.join_game(user=request.user, game_id=game_id,
                         seed_commitment=data.get("seed_commitment"))
        return Response(game_body(request, selectors.get_game(game_id)))


class ClientSeedView(APIView):
    @extend_schema(operation_id="set_client_seed", tags=["lobby"], parameters=[GAME_ID],
                   request=s.ClientSeedSerializer,
                   responses={200: s.GameSerializer, **problems(400, 401, 404, 409, 429)},
                   summary="A lobby opened before dice scheme 3: set or change your client seed",
                   description="Only for a lobby opened before dice scheme 3 (`dice_scheme` "
                   "2): your own contribution to every die, fixed by the start. Every game "
                   "opened now commits seeds instead: 409 `seeds_are_committed` (PUT "
                   "/games/{id}/seed-commitment in the lobby, POST /games/{id}/seed after the "
                   "start; docs/fairness.md).")
    def put(self, request: Request, game_id: str) -> Response:
        data = valid(s.ClientSeedSerializer, request.data)
        writes.set_client_seed(user=request.user, game_id=game_id,
                               client_seed=data["client_seed"])
        return Response(game_body(request, selectors.get_game(game_id)))


class SeedCommitmentView(APIView):
    @extend_schema(operation_id="set_seed_commitment", tags=["lobby"], parameters=[GAME_ID],
                   request=s.SeedCommitmentSerializer,
                   responses={200: s.GameSerializer, **problems(400, 401, 404, 409, 429)},
                   summary="Commit to your seed, or replace your commitment, until the start",
                   description="Draw 32 random bytes (your seed) after you have read "
                   "`server_seed_hash`, keep them, and post SHA-256(\"dice-seed/3:\" + the "
                   "bytes). Nobody, the server included, learns your seed before every seat's "
                   "is fixed. 409 `game_not_in_lobby`, `not_seated`, `seed_commitment_taken` "
                   "(another seat committed the same hash) (docs/fairness.md).")
    def put(self, request: Request, game_id: str) -> Response:
        data = valid(s.SeedCommitmentSerializer, request.data)
        writes.set_seed_commitment(user=request.user, game_id=game_id,
                                   seed_commitment=data["seed_commitment"])
        return Response(game_body(request, selectors.get_game(game_id)))


class SeedRevealView(APIView):
    @extend_schema(operation_id="reveal_seed", tags=["play"], parameters=[GAME_ID],
                   request=s.ClientSeedRevealSerializer,
                   responses={200: s.GameSerializer, **problems(400, 401, 404, 409, 429)},
                   summary="Reveal your seed while the game is revealing",
                   description="After the start, each seat that committed posts its seed; "
                   "the last reveal fixes every seed (`client_seeds_fixed`) and the game "
                   "begins. The same seed again: 200. 409 `not_revealing`, `not_seated`, "
                   "`no_commitment`, `already_revealed`; 400 `invalid_client_seed`, "
                   "`seed_does_not_match_commitment` (docs/fairness.md).")
    def post(self, request: Request, game_id: str) -> Response:
        data = valid(s.ClientSeedRevealSerializer, request.data)
        writes.reveal_seed(user=request.user, game_id=game_id, client_seed=data["client_seed"])
        return Response(game_body(request, selectors.get_game(game_id)))


class LeaveView(APIView):
    @extend_schema(operation_id="leave_game", tags=["lobby"], parameters=[GAME_ID], request=None,
                   responses={200: s.GameSerializer, **problems(401, 404, 409, 429)},
                   summary="Give up your seat in the lobby")
    def post(self, request: Request, game_id: str) -> Response:
        writes.leave_game(user=request.user, game_id=game_id)
        return Response(game_body(request, selectors.get_game(game_id)))


class StartView(APIView):
    @extend_schema(operation_id="start_game", tags=["lobby"], parameters=[GAME_ID],
                   request=s.StartSerializer,
                   responses={200: s.GameSerializer, **problems(400, 401, 403, 404, 409, 429)},
                   summary="Start the game (creator only) with the players seated")
    def post(self, request: Request, game_id: str) -> Response:
        data = valid(s.StartSerializer, request.data)
        game = writes.start_game(user=request.user, game_id=game_id,
                                 first_player=data.get("first_player"))
        return Response(game_body(request, game))


class RematchView(APIView):
    @extend_schema(operation_id="rematch_game", tags=["lobby"], parameters=[GAME_ID, LOCATION],
                   request=None,
                   responses={201: OpenApiResponse(s.GameSerializer,
                                                   description="the rematch, opened now"),
                              200: OpenApiResponse(s.GameSerializer,
                                                   description="the rematch asked for before "
                                                   "(by any player): the same game"),
                              **problems(401, 403, 404),
                              **conflict(f"`game_not_finished`, or {OPEN_TABLES_409}"),
                              **problems(429)},
                   summary="Open the finished game's table again (a player of it only)",
                   description="A new game in the lobby with the same game type, options, "
                   "table size and turn clock; the asker hosts it in their old seat, each bot "
                   "sits again in its seat with its level, the other players are `invited` and "
                   "take a seat with join. The finished game's `rematch` names it, its "
                   "`rematch_of` the finished game. One rematch per game: asking again (anyone, "
                   "even at the same moment) gets the same game with 200. 403 not_a_player, "
                   "409 game_not_finished (docs/platform.md).")
    def post(self, request: Request, game_id: str) -> Response:
        rematch = writes.rematch_game(user=request.user, game_id=game_id)
        body = game_body(request, selectors.get_game(rematch.game.id))
        if not rematch.created:
            return Response(body)
        return Response(body, status=status.HTTP_201_CREATED,
                        headers={"Location": reverse("game", args=[rematch.game.id])})


class LegalActionsView(APIView):
    @extend_schema(operation_id="list_legal_actions", tags=["play"],
                   parameters=[GAME_ID, *cond.CONDITIONAL],
                   responses={200: s.LegalActionsSerializer, **cond.NOT_MODIFIED,
                              **problems(401, 404, 429)},
                   summary="Every action the caller may post now, ready to post as is")
    def get(self, request: Request, game_id: str) -> HttpResponse:
        game = selectors.readable_game(game_id, request.user)
        seat = selectors.seat_of(game, request.user)
        etag = cond.etag_of("legal-actions", game.id, game.version, game.status, seat)
        return cond.answer(request, etag, lambda: {
            "game_type": game.game_type, "version": game.version, "seat": seat,
            "actions": selectors.legal_actions_for(game, seat)})


IF_MATCH = OpenApiParameter("If-Match", type=str, location=OpenApiParameter.HEADER,
                            required=False,
                            description="the expected version, e.g. \"12\" (instead of the "
                            "body field); `*`: no precondition, the action is decided against "
                            "whatever version the game is at when it is applied")
IDEMPOTENCY_KEY = OpenApiParameter(
    "Idempotency-Key", type=str, location=OpenApiParameter.HEADER, required=False,
    description="retrying with the same key and body returns the first answer, appending "
                "nothing; 1 to 200 printable ASCII characters")


def ascii_number(text: str, maximum: int) -> int | None:
    """The number that `text` spells in ASCII digits, if it is at most `maximum`; else None."""
    if not text or len(text) > len(str(maximum)) or not (text.isascii() and text.isdigit()):
        return None
    value = int(text)
    return value if value <= maximum else None


def _expected_version(request: Request, body: dict[str, Any]) -> int | None:
    """The body's expected_version, else If-Match's; None for `If-Match: *` (RFC 9110:
    "any current representation"), which sets no precondition on the version."""
    if "expected_version" in body:
        return int(body["expected_version"])
    header = request.headers.get("If-Match", "").strip()
    if header == "*":
        return None
    if header.startswith("W/"):
        header = header[2:]
    header = header.strip('"')
    # ASCII digits only: str.isdigit() also accepts "²" or "١", which int() refuses.
    version = ascii_number(header, s.MAX_INT)
    if version is not None:
        return version
    raise BadRequest("send expected_version in the body or the version in If-Match "
                     f"(a number from 0 to {s.MAX_INT})", code="missing_expected_version")


def _valid_idempotency_key(key: str) -> bool:
    # Printable ASCII only: a NUL would reach the database (PostgreSQL refuses it).
    return len(key) <= 200 and key.isascii() and key.isprintable()


class ActionView(APIView):
    @extend_schema(operation_id="post_action", tags=["play"],
                   parameters=[GAME_ID, IF_MATCH, IDEMPOTENCY_KEY, ETAG, REPLAYED, LOCATION,
                               ACCEPT_LANGUAGE, content_language(201)],
                   request=s.ActionSerializer,
                   responses={201: OpenApiResponse(
                                  s.ActionResultSerializer,
                                  description="the events appended, as the caller may see them, "
                                  "and the mover's next step at the answer's version (status, "
                                  "awaiting, view, legal_actions: docs/platform.md, One request "
                                  "per move); a retry with the same Idempotency-Key and body gets "
                                  "the same answer with the header Idempotent-Replayed: true"),
                              **problems(400, 401, 403, 404, 409, 422, 429)},
                   summary="Post an action for your seat against the expected version")
    def post(self, request: Request, game_id: str) -> Response:
        body = valid(s.ActionSerializer, request.data)
        key = request.headers.get("Idempotency-Key") or None
        if key is not None and not _valid_idempotency_key(key):
            raise BadRequest("Idempotency-Key is 1 to 200 printable ASCII characters",
                             code="invalid_header")
        result = writes.submit_action(
            user=request.user, game_id=game_id, action=body["action"],
            expected_version=_expected_version(request, body), idempotency_key=key,
            seat=body.get("seat"))
        language = reader_language(request)
        events = selectors.visible_events(
            result.rows, selectors.reader(result.game, result.seat, language))
        version = result.rows[-1].seq if result.replayed else result.game.version
        # Location: the game's events from the first one this action appended.
        events_url = reverse("events", args=[result.game.id])
        headers = {"ETag": f'"{version}"',
                   "Location": f"{events_url}?after={result.rows[0].seq - 1}"}
        if result.replayed:
            headers["Idempotent-Replayed"] = "true"
        # The mover's next step as of this answer's version (a replay's: the first
        # answer's), so that one request per move is enough (docs/decisions/0032).
        finished = result.rows[-1].type == selectors.FINAL_EVENT
        step = turns.next_step(result.game, result.seat, version, finished)
        return told_in(Response({"game_type": result.game.game_type, "version": version,
                                 "seat": result.seat, **step, "events": events},
                                status=status.HTTP_201_CREATED, headers=headers), language)


# Checks a list_events request; a long poll then waits in api/live_views.py (`events`).
class StateView(ReplayReadable):
    @extend_schema(operation_id="get_state", tags=["play"],
                   parameters=[GAME_ID, s.StateQuerySerializer, *cond.CONDITIONAL],
                   responses={200: s.StateSerializer, **cond.NOT_MODIFIED,
                              **problems(400, 401, 404, 429)},
                   summary="The caller's view as it was after event N (default: now)")
    def get(self, request: Request, game_id: str) -> HttpResponse:
        query = valid(s.StateQuerySerializer, request.query_params)
        game = readable_game(request, game_id)
        seat = selectors.seat_of(game, request.user)
        version = query.get("version", game.version)
        # A past version's view never changes; the head's changes with the version.
        etag = cond.etag_of("state", game.id, version, seat)
        return cond.answer(request, etag, lambda: {
            "game_type": game.game_type, "version": version, "seat": seat,
            "view": selectors.view_at(game, seat, version)})
