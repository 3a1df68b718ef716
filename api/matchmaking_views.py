"""Quick play over HTTP (docs/platform.md, Quick play): post a matchmaking ticket, read
yours, cancel one. The tickets and the matching are events/matchmaking/."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from events import matchmaking

from . import matchmaking_serializers as ms
from .schema import problems
from .views import LOCATION
from .validation import valid

TICKET_ID = OpenApiParameter("ticket_id", type=OpenApiTypes.UUID,
                             location=OpenApiParameter.PATH, description="the ticket's id")


def ticket_body(ticket: Any) -> dict[str, Any]:
    return {
        "id": str(ticket.id), "game_type": ticket.game_type,
        "seats": {"min": ticket.seats_min, "max": ticket.seats_max},
        "options": ticket.options, "fill_with_bots_after": ticket.fill_with_bots_after,
        "seed_commitment": ticket.seed_commitment or None,
        "status": ticket.status, "game": None if ticket.game_id is None else str(ticket.game_id),
        "created_at": ticket.created_at, "expires_at": ticket.expires_at,
        "matched_at": ticket.matched_at,
    }


class TicketListView(APIView):
    @extend_schema(operation_id="list_tickets", tags=["matchmaking"],
                   responses={200: ms.TicketListSerializer, **problems(401, 429)},
                   summary="Your most recent matchmaking tickets (20), newest first")
    def get(self, request: Request) -> Response:
        return Response({"results": [ticket_body(t)
                                     for t in matchmaking.tickets_of(request.user)]})

    @extend_schema(
        operation_id="create_ticket", tags=["matchmaking"], request=ms.CreateTicketSerializer,
        parameters=[LOCATION],
        responses={201: OpenApiResponse(ms.TicketSerializer, description=(
            "the ticket; already `matched` when it completed a table")),
            **problems(400, 401, 409, 429)},
        summary="Ask for a table (quick play): the server seats you with other players",
        description="400 `unknown_game_type`, `invalid_seats` (a size the game does not "
        "seat, or min > max), `invalid_options`, `invalid_fill_with_bots_after`, "
        "`invalid_request` (the body's shape); 409 `ticket_exists` (you hold a waiting "
        "ticket for this game type: `ticket` names it). Nothing is created on an error.")
    def post(self, request: Request) -> Response:
        body = valid(ms.CreateTicketSerializer, request.data)
        ticket = matchmaking.post_ticket(
            user=request.user, game_type=body["game_type"], seats_min=body["seats"]["min"],
            seats_max=body["seats"]["max"], options=body.get("options"),
            fill_with_bots_after=body.get("fill_with_bots_after"),
            seed_commitment=body.get("seed_commitment"))
        ticket = matchmaking.ticket_of(request.user, ticket.id)   # matched since, maybe
        return Response(ticket_body(ticket), status=status.HTTP_201_CREATED,
                        headers={"Location": reverse("ticket", args=[ticket.id])})


class TicketDetailView(APIView):
    @extend_schema(operation_id="get_ticket", tags=["matchmaking"], parameters=[TICKET_ID],
                   responses={200: ms.TicketSerializer, **problems(401, 404, 429)},
                   summary="Your ticket: waiting, matched (with its game), cancelled or expired",
                   description="404 `ticket_not_found`, also for another player's ticket.")
    def get(self, request: Request, ticket_id: str) -> Response:
        return Response(ticket_body(matchmaking.ticket_of(request.user, ticket_id)))

    @extend_schema(operation_id="cancel_ticket", tags=["matchmaking"], parameters=[TICKET_ID],
                   request=None,
                   responses={204: OpenApiResponse(description="cancelled"),
                              **problems(401, 404, 409, 429)},
                   summary="Cancel your waiting ticket",
                   description="409 `ticket_matched` (it names a game now: `game`), "
                   "`ticket_not_waiting` (cancelled or expired before); 404 "
                   "`ticket_not_found`.")
    def delete(self, request: Request, ticket_id: str) -> Response:
        matchmaking.cancel_ticket(user=request.user, ticket_id=ticket_id)
        return Response(status=status.HTTP_204_NO_CONTENT)
