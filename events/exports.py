"""What the service holds of a player's games, for their data export (GET
/api/v1/me/export; docs/accounts.md, "Your data"): each game they hold a seat at, with the
events as that seat is served them (public data and only its own private parts, as GET
/games/{id}/events gives them), and their webhooks without secrets.

Bounded: a page holds at most `limit` games (keyset on the seat's id: `next_after`), each
with at most EVENTS_PER_GAME events (fewer if asked); a longer game says where to go on
(`events_next_after`, for GET /games/{id}/events?after=).
"""

from __future__ import annotations

from typing import Any

from .models import Delivery, Seat
from .selectors import events_for
from .webhooks.registrations import rotating_until, webhooks_of

EVENTS_PER_GAME = 1000
DELIVERIES_PER_WEBHOOK = 100
MAX_GAMES_PER_PAGE = 50


def games_of(user: Any, *, language: str, after: int = 0, limit: int = 10,
             events: int = EVENTS_PER_GAME) -> tuple[list[dict[str, Any]], int | None]:
    """Up to `limit` of the user's games after the cursor `after`, oldest seat first, each
    with its first `events` events (at most EVENTS_PER_GAME), and the cursor of the next
    page (None: this was the last). The events' texts are told in `language`."""
    seats = list(Seat.objects.filter(user=user, pk__gt=after).select_related("game")
                 .order_by("pk")[:limit + 1])
    more = len(seats) > limit
    seats = seats[:limit]
    games = [_game(seat, min(events, EVENTS_PER_GAME), language) for seat in seats]
    return games, (seats[-1].pk if more else None)


def _game(seat: Seat, limit: int, language: str) -> dict[str, Any]:
    game = seat.game
    events = events_for(game, seat.number, language, after=0, limit=limit) if limit else []
    last = events[-1]["seq"] if events else 0
    return {
        "id": game.id, "game_type": game.game_type, "status": game.status,
        "seat": seat.number, "creator": game.creator_id == seat.user_id,
        "client_seed": seat.client_seed, "joined_at": seat.joined_at,
        "created_at": game.created_at, "started_at": game.started_at,
        "finished_at": game.finished_at, "outcome": game.outcome, "version": game.version,
        "events": events,
        "events_next_after": last if last < game.version else None,
    }


def webhooks_export(user: Any) -> list[dict[str, Any]]:
    """The user's webhooks (never their secrets), each with its latest deliveries."""
    out = []
    for hook in webhooks_of(user).order_by("id"):
        deliveries = list(Delivery.objects.filter(webhook=hook)
                          .order_by("-id")[:DELIVERIES_PER_WEBHOOK])
        out.append({"id": hook.id, "url": hook.url, "events": hook.events,
                    "active": hook.active, "created_at": hook.created_at,
                    "rotating_until": rotating_until(hook), "deliveries": deliveries})
    return out
