"""Caps per user (events/caps.py; docs/platform.md, "Caps per user"): open tables a user
created, and webhooks; 409 with a `code`, nothing created, and two requests at once never
both pass at the cap (the user's row is locked: real PostgreSQL, real threads)."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection

from events.models import Game, GameStatus, Webhook
from tests.support.api import Player, table
from tests.support.concurrency import at_once

pytestmark = pytest.mark.django_db(transaction=True)

HOOK = {"url": "http://127.0.0.1:9/hook", "events": ["your_turn"]}


def open_table(player: Player) -> Any:
    return player.post("/games", {"game_type": "snake-bones", "seats": 2})


def refused(response: Any, code: str, limit: int) -> None:
    assert response.status_code == 409, response.content
    assert response["Content-Type"] == "application/problem+json"
    assert response.json()["code"] == code and response.json()["limit"] == limit


def test_open_tables_are_capped_until_one_is_finished(players, settings) -> None:  # type: ignore[no-untyped-def]
    settings.DICE_OPEN_TABLES_PER_USER = 3
    a, b = players(2)
    first = table(a, [b], "snake-bones")
    a.start(first, first_player=0)  # in play: still open
    assert [open_table(a).status_code for _ in range(2)] == [201, 201]
    before = Game.objects.count()
    refused(open_table(a), "too_many_open_tables", 3)
    assert Game.objects.count() == before  # nothing created
    assert open_table(b).status_code == 201  # another user has tables of their own
    Game.objects.filter(id=first).update(status=GameStatus.FINISHED)
    assert open_table(a).status_code == 201
    refused(open_table(a), "too_many_open_tables", 3)


def test_a_rematch_counts_as_a_table_its_asker_created(players, settings) -> None:  # type: ignore[no-untyped-def]
    settings.DICE_OPEN_TABLES_PER_USER = 2
    a, b = players(2)
    done = table(a, [b], "snake-bones")
    Game.objects.filter(id=done).update(status=GameStatus.FINISHED)
    assert open_table(b).status_code == 201
    assert open_table(b).status_code == 201
    before = Game.objects.count()
    refused(b.post(f"/games/{done}/rematch"), "too_many_open_tables", 2)
    assert Game.objects.count() == before
    assert a.post(f"/games/{done}/rematch").status_code == 201  # a has room
    assert b.post(f"/games/{done}/rematch").status_code == 200  # the same rematch back


def test_quick_play_tables_are_neither_refused_nor_counted(players, settings) -> None:  # type: ignore[no-untyped-def]
    settings.DICE_OPEN_TABLES_PER_USER = 1
    a, b = players(2)
    assert open_table(a).status_code == 201  # a is at the cap
    for player in (a, b):
        response = player.post("/matchmaking/tickets", {"game_type": "dark-knights",
                                                        "seats": {"min": 2, "max": 2}})
        assert response.status_code == 201, response.content
    matched = Game.objects.filter(tickets__isnull=False).distinct()
    assert matched.count() == 1 and matched.get().status == GameStatus.ACTIVE
    refused(open_table(a), "too_many_open_tables", 1)
    assert open_table(b).status_code == 201  # b's quick-play table does not count


def test_webhooks_are_capped(players, settings) -> None:  # type: ignore[no-untyped-def]
    settings.DICE_WEBHOOKS_PER_USER = 2
    a, b = players(2)
    ids = [a.post("/webhooks", HOOK).json()["id"] for _ in range(2)]
    refused(a.post("/webhooks", HOOK), "too_many_webhooks", 2)
    assert Webhook.objects.filter(user__username=a.username).count() == 2
    assert b.post("/webhooks", HOOK).status_code == 201
    assert a.client.delete(f"/api/v1/webhooks/{ids[0]}").status_code == 204
    assert a.post("/webhooks", HOOK).status_code == 201


def concurrently(n: int, request: Any) -> list[int]:
    def one(i: int) -> int:
        try:
            return request(i).status_code
        finally:
            connection.close()
    return sorted(code or 0 for code in at_once(n, one))


@pytest.mark.postgres
def test_requests_at_once_never_pass_the_cap_together(players, settings) -> None:  # type: ignore[no-untyped-def]
    settings.DICE_OPEN_TABLES_PER_USER = 3
    settings.DICE_WEBHOOKS_PER_USER = 3
    (a,) = players(1)
    for round_ in range(3):
        tables = concurrently(4, lambda i: open_table(a))
        hooks = concurrently(4, lambda i: a.post("/webhooks", HOOK))
        if round_ == 0:
            assert tables == [201, 201, 201, 409] and hooks == [201, 201, 201, 409]
        else:
            assert tables == hooks == [409] * 4
    assert Game.objects.filter(creator__username=a.username).count() == 3
    assert Webhook.objects.filter(user__username=a.username).count() == 3
