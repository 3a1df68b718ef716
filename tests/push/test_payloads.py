"""What each pushed kind becomes: its JSON (under 1 KB, public facts only), its Urgency,
TTL and Topic (RFC 8030 §5.2-5.4)."""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta, timezone
from types import SimpleNamespace

import pytest

from events.models import NoticeKind
from events.push import payloads
from events.store import chain

NOW = datetime(2026, 11, 27, 10, 0, tzinfo=timezone.utc)
GAME = SimpleNamespace(id=uuid.uuid4(), game_type="bamboozled", turn_timeout=120)
DUE = chain.timestamp(NOW + timedelta(seconds=30))


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("kind", payloads.PUSHED)
def test_every_kind_is_small_and_has_the_documented_fields(kind, language) -> None:  # type: ignore[no-untyped-def]
    data = {"due_at": DUE, "seat": 1, "decision": "bid"} if kind == "clock_warning" else {
        "awaiting": {"1": "bid"}, "outcome": {"winners": [1]}}
    push = payloads.push_of(kind, GAME, 42, data, language, NOW)
    assert push is not None
    expected = {"kind", "game", "game_type", "version", "title", "body", "url"}
    assert set(push.payload) == expected | ({"due_at"} if kind == "clock_warning" else set())
    assert push.payload["url"] == f"/play/#/game/{GAME.id}"
    assert push.payload["version"] == 42 and push.payload["game"] == str(GAME.id)
    assert len(payloads.encoded(push.payload)) < payloads.MAX_BYTES
    assert "{game}" not in push.payload["body"] and "Bamboozled" in push.payload["body"]


def test_urgency_ttl_and_topic_fit_each_kind() -> None:
    def of(kind: str) -> payloads.Push:
        push = payloads.push_of(kind, GAME, 1, {"due_at": DUE}, "en", NOW)
        assert push is not None
        return push

    warning = of(NoticeKind.CLOCK_WARNING)
    assert warning.urgency == "high" and 0 < warning.ttl < 30
    found = of(NoticeKind.MATCH_FOUND)
    assert found.urgency == "high" and found.ttl <= 120  # no longer than the first turn
    turn = of(NoticeKind.YOUR_TURN)
    assert turn.urgency == "normal" and turn.topic == GAME.id.hex and len(turn.topic) == 32
    assert of(NoticeKind.REMATCH_OFFERED).urgency == "normal"
    assert of(NoticeKind.GAME_FINISHED).urgency == "low"
    assert {of(k).topic for k in payloads.PUSHED if k != NoticeKind.YOUR_TURN} == {""}


def test_a_clock_warning_too_late_to_arrive_is_not_made() -> None:
    late = chain.timestamp(NOW + timedelta(seconds=1))
    assert payloads.push_of(NoticeKind.CLOCK_WARNING, GAME, 1, {"due_at": late}, "en",
                            NOW) is None
