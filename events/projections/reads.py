"""What the API serves from the projections: a player's profile and finished games, a
game type's leaderboard, a player's rating history and a finished game's rating changes.

Players are kept by their opaque id; names are read from the accounts when served
(through the user model's `player` relation: events/ imports no accounts/ module), a
deleted account's as its placeholder. Pages are keyset cursors (an opaque string).
"""

from __future__ import annotations

import base64
import binascii
import json
import uuid
from datetime import datetime
from typing import Any, Iterable

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db.models import Q

from ..errors import BadRequest
from ..models import PlayedGame, PlayerRecord, PlayerStatistics, Rating, RatingChange
from .ratings import ordinal


def _encode(values: list[Any]) -> str:
    raw = json.dumps(values, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _decode(cursor: str, size: int) -> list[Any]:
    try:
        values = json.loads(base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)))
        if not isinstance(values, list) or len(values) != size:
            raise ValueError(cursor)
        return values
    except (ValueError, TypeError, binascii.Error, UnicodeDecodeError):
        raise BadRequest("cursor is not one this endpoint gave", code="invalid_cursor") \
            from None


def names(player_ids: Iterable[str]) -> dict[str, str]:
    """Each player's name shown now (a deleted account's placeholder)."""
    users = get_user_model().objects.filter(player__id__in=set(player_ids)) \
        .select_related("player")
    return {user.player.id: user.player.display_name(user) for user in users}


def _rating(row: Rating | None) -> dict[str, Any] | None:
    if row is None:
        return None
    return {"mu": row.mu, "sigma": row.sigma, "ordinal": row.ordinal, "games": row.games}


def profile(player_id: str) -> list[dict[str, Any]]:
    """Per game type the player finished a game of: played, won, rating, statistics."""
    records = {r.game_type: r for r in PlayerRecord.objects.filter(player_id=player_id)}
    ratings = {r.game_type: r for r in Rating.objects.filter(player_id=player_id)}
    stats = {r.game_type: r for r in PlayerStatistics.objects.filter(player_id=player_id)}
    out = []
    for game_type in sorted(set(records) | set(ratings)):
        record, stat = records.get(game_type), stats.get(game_type)
        out.append({"game_type": game_type, "played": record.played if record else 0,
                    "won": record.won if record else 0,
                    "rating": _rating(ratings.get(game_type)),
                    "statistics": {"games": stat.games if stat else 0,
                                   **(stat.counts if stat else {})}})
    return out


def played_games(player_id: str, *, limit: int, cursor: str | None = None,
                 game_type: str | None = None, result: str | None = None,
                 disputed: bool | None = None) -> tuple[list[PlayedGame], str | None]:
    """A page of the player's finished games, newest first, and the next page's cursor."""
    rows = PlayedGame.objects.filter(player_id=player_id)
    if game_type:
        rows = rows.filter(game_type=game_type)
    if result:
        rows = rows.filter(result=result)
    if disputed is not None:
        rows = rows.filter(disputed_calls__gt=0) if disputed else rows.filter(disputed_calls=0)
    if cursor is not None:
        finished, game_id = _decode(cursor, 2)
        try:
            at, after = datetime.fromisoformat(finished), uuid.UUID(game_id)
        except (ValueError, TypeError):
            raise BadRequest("cursor is not one this endpoint gave",
                             code="invalid_cursor") from None
        rows = rows.filter(Q(finished_at__lt=at) | Q(finished_at=at, game_id__lt=after))
    page = list(rows.order_by("-finished_at", "-game_id")[:limit + 1])
    more = len(page) > limit
    page = page[:limit]
    next_cursor = (_encode([page[-1].finished_at.isoformat(), str(page[-1].game_id)])
                   if more else None)
    return page, next_cursor


def min_games() -> int:
    return settings.DICE_LEADERBOARD_MIN_GAMES


def leaderboard(game_type: str, *, limit: int, cursor: str | None = None
                ) -> tuple[list[dict[str, Any]], str | None]:
    """A page of the game type's ratings, highest ordinal first (ties by player id), of
    players with at least `min_games()` rated games; each with its place in the list."""
    rows = Rating.objects.filter(game_type=game_type, games__gte=min_games())
    place = 0
    if cursor is not None:
        ordinal, player_id, place = _decode(cursor, 3)
        if not isinstance(ordinal, (int, float)) or not isinstance(place, int):
            raise BadRequest("cursor is not one this endpoint gave", code="invalid_cursor")
        rows = rows.filter(Q(ordinal__lt=ordinal) | Q(ordinal=ordinal, player_id__gt=player_id))
    page = list(rows.order_by("-ordinal", "player_id")[:limit + 1])
    more = len(page) > limit
    page = page[:limit]
    shown = names(r.player_id for r in page)
    items = [{"place": place + i + 1, "player_id": r.player_id,
              "name": shown.get(r.player_id), **_rating(r)}  # type: ignore[dict-item]
             for i, r in enumerate(page)]
    last = page[-1] if page else None
    next_cursor = (_encode([last.ordinal, last.player_id, place + len(page)])
                   if more and last is not None else None)
    return items, next_cursor


def _change(row: RatingChange) -> dict[str, Any]:
    return {"game_id": row.game_id, "game_type": row.game_type, "player_id": row.player_id,
            "seat": row.seat, "place": row.place, "applied": row.applied,
            "finished_at": row.finished_at,
            "before": {"mu": row.mu_before, "sigma": row.sigma_before,
                       "ordinal": ordinal(row.mu_before, row.sigma_before)},
            "after": {"mu": row.mu, "sigma": row.sigma, "ordinal": ordinal(row.mu, row.sigma)}}


def rating_history(player_id: str, game_type: str, *, limit: int, after: int = 0
                   ) -> list[dict[str, Any]]:
    """The player's rating changes in a game type, in the order games were applied."""
    rows = RatingChange.objects.filter(player_id=player_id, game_type=game_type,
                                       applied__gt=after).order_by("applied")[:limit]
    return [_change(row) for row in rows]


def rating_changes(game_id: Any) -> list[dict[str, Any]] | None:
    """A rated game's changes, by seat; None until the ratings projection applied it (or
    when the game is not rated)."""
    rows = list(RatingChange.objects.filter(game_id=game_id).order_by("seat"))
    return [_change(row) for row in rows] or None
