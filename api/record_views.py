"""Players' records, served from the projections (docs/projections.md, docs/ratings.md):
a public profile, a player's finished games, a game type's leaderboard and a player's
rating history. Public reads (no token needed), throttled as everywhere."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.views import APIView

from events.errors import NotFound
from events.projections import reads

from . import record_serializers as rs
from .game_type_views import SLUG, _rules_of
from .paging import PAGED, next_page, query_of
from .schema import problems

USERNAME = OpenApiParameter("username", type=str, location=OpenApiParameter.PATH,
                            description="the player's username")


def _player(username: str) -> Any:
    """The account of this username with its player; 404 for none, and for a deleted
    account (its username is gone: a profile of it would be of nobody)."""
    user = (get_user_model().objects.filter(username=username).select_related("player")
            .first())
    if user is None or user.player.is_deleted:
        raise NotFound("no such player", code="player_not_found")
    return user


class ProfileView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(operation_id="get_player", tags=["players"], parameters=[USERNAME],
                   responses={200: rs.ProfileSerializer, **problems(404, 429)},
                   summary="A player's public profile: games played and won, ratings and "
                           "statistics per game type, member since",
                   description="Served from the projections (moments behind the events). "
                   "404 `player_not_found` for an unknown or deleted account.")
    def get(self, request: Request, username: str) -> Response:
        user = _player(username)
        body = {"username": user.get_username(), "player_id": user.player.id,
                "member_since": user.date_joined,
                "games_url": request.build_absolute_uri(
                    reverse("player-games", args=[user.get_username()])),
                "records": reads.profile(user.player.id)}
        return Response(rs.ProfileSerializer(body).data)


class PlayerGamesView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(operation_id="list_player_games", tags=["players"],
                   parameters=[USERNAME, rs.PlayerGamesQuerySerializer],
                   responses={200: OpenApiResponse(rs.PlayedGamePageSerializer),
                              **problems(400, 404, 429)},
                   summary="A player's finished games, newest first",
                   description="Filters: `game_type`, `result` (won, lost, abandoned), "
                   "`disputed` (games with calls the player made or faced: the record of "
                   "their disputed calls, each game linking its challenge reports). " + PAGED)
    def get(self, request: Request, username: str) -> Response:
        user = _player(username)
        query = query_of(rs.PlayerGamesQuerySerializer, request)
        rows, cursor = reads.played_games(user.player.id, limit=query["limit"],
                                          cursor=query.get("cursor"),
                                          game_type=query.get("game_type"),
                                          result=query.get("result"),
                                          disputed=query.get("disputed"))
        results = [{**{f: getattr(row, f) for f in (
            "game_id", "game_type", "seat", "players", "result", "place", "score", "rated",
            "finished_at", "disputed_calls")},
            "challenges_url": request.build_absolute_uri(
                reverse("challenges", args=[row.game_id])) if row.disputed_calls else None}
            for row in rows]
        url, headers = next_page(request, cursor)
        return Response(rs.PlayedGamePageSerializer({"results": results, "next": url}).data,
                        headers=headers)


class RatingHistoryView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(operation_id="get_player_rating_history", tags=["players"],
                   parameters=[USERNAME, SLUG, rs.RatingHistoryQuerySerializer],
                   responses={200: rs.RatingHistorySerializer, **problems(400, 404, 429)},
                   summary="A player's rating changes in a game type, in the order applied",
                   description="Pages: `after` = the last `applied` of the page before.")
    def get(self, request: Request, username: str, slug: str) -> Response:
        user = _player(username)
        _rules_of(slug)
        query = query_of(rs.RatingHistoryQuerySerializer, request)
        rows = reads.rating_history(user.player.id, slug, limit=query["limit"],
                                    after=query["after"])
        return Response(rs.RatingHistorySerializer({"results": rows}).data)


class LeaderboardView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(operation_id="get_leaderboard", tags=["players"],
                   parameters=[SLUG, rs.CursorQuerySerializer],
                   responses={200: rs.LeaderboardSerializer, **problems(400, 404, 429)},
                   summary="A game type's leaderboard: ratings, highest ordinal first",
                   description="Players with at least `min_games` rated games of the type "
                   "(DICE_LEADERBOARD_MIN_GAMES, 5 by default), by ordinal (mu - 3 sigma), "
                   "ties by player id (docs/ratings.md). " + PAGED)
    def get(self, request: Request, slug: str) -> Response:
        _rules_of(slug)
        query = query_of(rs.CursorQuerySerializer, request)
        items, cursor = reads.leaderboard(slug, limit=query["limit"],
                                          cursor=query.get("cursor"))
        url, headers = next_page(request, cursor)
        body = {"game_type": slug, "min_games": reads.min_games(), "results": items,
                "next": url}
        return Response(rs.LeaderboardSerializer(body).data, headers=headers)
