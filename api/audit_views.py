"""The audit of a finished game and the reports of its resolved challenges."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from events import audits, selectors

from . import audit_serializers as s
from .schema import problems
from .serializers import ProblemSerializer
from .views import GAME_ID

# The 409 of the audit, keyed (and typed) like every other problem response.
NOT_FINISHED = {key: OpenApiResponse(
    ProblemSerializer, description="the game has not ended: code `game_not_finished` "
    "(problem details)") for key in problems(409)}


class AuditView(APIView):
    @extend_schema(
        operation_id="get_audit", tags=["audit"], parameters=[GAME_ID],
        responses={200: s.AuditSerializer, **NOT_FINISHED, **problems(401, 404, 429)},
        summary="A finished game's full audit: every event with its private parts, the "
                "revealed seed, the client seeds, the hash chain and a verification verdict",
        description="Published only once the game has ended (409 `game_not_finished` "
                    "before). docs/fairness.md specifies the format and how to recompute "
                    "every roll and hash; the verdict is the server's own check.")
    def get(self, request: Request, game_id: str) -> Response:
        game = selectors.readable_game(game_id, request.user)
        return Response(audits.audit_with_verdict(game))


class ChallengeListView(APIView):
    @extend_schema(
        operation_id="list_challenges", tags=["audit"], parameters=[GAME_ID],
        responses={200: s.ChallengeListSerializer, **problems(401, 404, 429)},
        summary="Every resolved challenge (bluff or spot-on call): what each party knew "
                "and claimed, what the reveal showed, and the rule that decided it",
        description="Built from public events only, while the game runs and after: a "
                    "round still in play has no report and no hidden die appears.")
    def get(self, request: Request, game_id: str) -> Response:
        game = selectors.readable_game(game_id, request.user)
        return Response(audits.challenges_for(game))
