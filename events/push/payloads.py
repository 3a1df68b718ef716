"""What a notice becomes when it is pushed: the JSON (typed in the contract as
PushPayload: api/push_schema.py), in the subscription's language, and how the push
service should treat it (TTL, Urgency, Topic: RFC 8030 §5.2-5.4).

A payload carries the notice's public facts only (the game, its type and version, a
clock's due time), never a private part of a game, and stays well under RFC 8291's 4,096
bytes (about 300 bytes; tests/push checks `MAX_BYTES` for every kind).
"""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.utils import translation
from django.utils.translation import gettext_noop

from games import registry

from ..models import NoticeKind

PUSHED = (NoticeKind.YOUR_TURN, NoticeKind.MATCH_FOUND, NoticeKind.REMATCH_OFFERED,
          NoticeKind.CLOCK_WARNING, NoticeKind.GAME_FINISHED)
MAX_BYTES = 1024  # what we allow ourselves: RFC 8291's limit is 4,096 with the encryption

DAY = 24 * 3600
# (title, body) per kind: English msgids, translated in locale/<language>/ (docs/translating.md).
TEXTS = {
    NoticeKind.YOUR_TURN: (gettext_noop("Your turn"),
                           gettext_noop("It is your turn in {game}.")),
    NoticeKind.MATCH_FOUND: (gettext_noop("Match found"),
                             gettext_noop("Your {game} table is ready: the game has begun.")),
    NoticeKind.REMATCH_OFFERED: (gettext_noop("Rematch offered"),
                                 gettext_noop("You are invited to a rematch of {game}.")),
    NoticeKind.CLOCK_WARNING: (gettext_noop("Your clock is running out"),
                               gettext_noop("Play your turn in {game} before your time is up.")),
    NoticeKind.GAME_FINISHED: (gettext_noop("Game over"),
                               gettext_noop("Your game of {game} has ended.")),
}


@dataclass(frozen=True)
class Push:
    """One pushed message before encryption."""

    payload: dict[str, Any]
    ttl: int  # seconds
    urgency: str  # very-low | low | normal | high
    topic: str  # "" for none


def url_of(game_id: str) -> str:
    """The web page's route of a table."""
    return f"/play/#/game/{game_id}"


def _texts(kind: str, game_type: str, language: str) -> tuple[str, str]:
    title, body = TEXTS[kind]
    with translation.override(language):
        return (translation.gettext(title),
                translation.gettext(body).format(game=registry.get(game_type).name))


def push_of(kind: str, game: Any, version: int, data: Any, language: str,
            now: datetime) -> Push | None:
    """The push of a notice (`kind` of `game` at `version`, with the notice's `data`) in
    `language`; None when it would come too late (a clock warning whose clock ran out)."""
    game_id = str(game.id)
    title, body = _texts(kind, game.game_type, language)
    payload: dict[str, Any] = {"kind": str(kind), "game": game_id, "game_type": game.game_type,
                               "version": version, "title": title, "body": body,
                               "url": url_of(game_id)}
    topic = ""
    if kind == NoticeKind.CLOCK_WARNING:
        payload["due_at"] = data["due_at"]
        left = (datetime.fromisoformat(data["due_at"].replace("Z", "+00:00")) - now)
        ttl = int(left.total_seconds()) - 1  # shorter than the time left
        if ttl < 1:
            return None
        urgency = "high"
    elif kind == NoticeKind.MATCH_FOUND:
        ttl, urgency = min(300, game.turn_timeout or 300), "high"
    elif kind == NoticeKind.YOUR_TURN:
        # A newer turn of the same game replaces an older one still waiting (RFC 8030 §5.4).
        ttl, urgency, topic = DAY, "normal", uuid.UUID(game_id).hex
    elif kind == NoticeKind.REMATCH_OFFERED:
        ttl, urgency = 3600, "normal"
    else:
        ttl, urgency = DAY, "low"
    return Push(payload, ttl, urgency, topic)


def encoded(payload: dict[str, Any]) -> bytes:
    """The bytes that are encrypted: compact UTF-8 JSON."""
    return json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
