"""Three endpoints: the game, its legal actions, an action (lock the row, insert one JSONB
event, bump the version). Token authentication (DRF's authtoken)."""

from __future__ import annotations

from django.db import transaction
from rest_framework.response import Response
from rest_framework.views import APIView

from .models import FloorEvent, FloorGame

ACTIONS = [{"type": "bid", "choose": {"quantity": {"minimum": 1, "maximum": 10},
                                      "face": {"minimum": 2, "maximum": 6}}},
           {"type": "call_bluff"}]


def _game(game_id: str) -> FloorGame:
    return FloorGame.objects.get(id=game_id)


class GameView(APIView):
    def get(self, request, game_id):  # type: ignore[no-untyped-def]
        game = _game(game_id)
        return Response({"id": str(game.id), "version": game.version,
                         "awaiting": [{"seat": game.version % len(game.players)}],
                         "seats": [{"seat": i, "user": u} for i, u in enumerate(game.players)]})


class LegalView(APIView):
    def get(self, request, game_id):  # type: ignore[no-untyped-def]
        game = _game(game_id)
        return Response({"version": game.version, "actions": ACTIONS})


class ActionView(APIView):
    def post(self, request, game_id):  # type: ignore[no-untyped-def]
        with transaction.atomic():
            game = FloorGame.objects.select_for_update().get(id=game_id)
            if request.data.get("expected_version") != game.version:
                return Response({"code": "version_conflict"}, status=409)
            game.version += 1
            event = FloorEvent.objects.create(game=game, seq=game.version, actor=request.user,
                                              data={"action": request.data.get("action")})
            game.save(update_fields=["version"])
        return Response({"version": game.version,
                         "events": [{"seq": event.seq, "data": event.data}]}, status=201)
