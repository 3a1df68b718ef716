"""Bot seats in the lobby (docs/bots.md): the creator seats a bot of a level the game type
offers, or takes it away before the start. Bots asked for at creation come with POST
/games (`bots`); a bot's moves are played by the worker (events/bots/)."""

from __future__ import annotations

from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from events import selectors, writes

from . import serializers as s
from .bot_serializers import AddBotSerializer
from .schema import problems
from .views import GAME_ID, LOCATION, game_body
from .validation import valid

SEAT = OpenApiParameter("seat", type=OpenApiTypes.INT, location=OpenApiParameter.PATH,
                        description="the bot's seat number")


class BotListView(APIView):
    @extend_schema(operation_id="add_bot", tags=["lobby"], parameters=[GAME_ID, LOCATION],
                   request=AddBotSerializer,
                   responses={201: s.GameSerializer, **problems(400, 401, 403, 404, 409, 429)},
                   summary="Seat a bot in the lowest free seat (creator only, in the lobby)",
                   description="The level is one of the game type's `bot_levels` (400 "
                   "`unknown_bot_level` otherwise); 403 `not_creator`, 409 "
                   "`game_not_in_lobby` or `game_full`. The bot plays its seat like any "
                   "player, through the same write path; its events say `actor: bot:N`.")
    def post(self, request: Request, game_id: str) -> Response:
        body = valid(AddBotSerializer, request.data)
        seat = writes.add_bot(user=request.user, game_id=game_id,
                              level=body.get("level", "basic"))
        game = selectors.get_game(game_id)
        return Response(game_body(request, game), status=status.HTTP_201_CREATED,
                        headers={"Location": reverse("bot", args=[game.id, seat.number])})


class BotDetailView(APIView):
    @extend_schema(operation_id="remove_bot", tags=["lobby"], parameters=[GAME_ID, SEAT],
                   request=None,
                   responses={200: s.GameSerializer, **problems(401, 403, 404, 409, 429)},
                   summary="Take a bot away from the lobby (creator only); its seat is free",
                   description="409 `not_a_bot_seat` if the seat is empty or a player's, "
                   "`game_not_in_lobby` once the game has started; 403 `not_creator`.")
    def delete(self, request: Request, game_id: str, seat: int) -> Response:
        writes.remove_bot(user=request.user, game_id=game_id, seat=seat)
        return Response(game_body(request, selectors.get_game(game_id)))
