"""Matching is correct under concurrency (issue #27): 200 tickets posted at once across two
real server processes on one PostgreSQL database. Every ticket is matched exactly once,
no game seats a ticket twice, and no full group is left waiting."""

from __future__ import annotations

import json
import urllib.request
from collections import Counter
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone

from events.matchmaking.policy import Waiting, plan
from events.models import Seat, Ticket, TicketStatus
from tests.support.api import Api
from tests.support.concurrency import at_once
from tests.support.server import Server, two_servers_in

pytestmark = [pytest.mark.served, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

FOURS, PAIRS = 160, 40   # 40 tables of 4 and 20 of 2: nothing may be left over


def waiting(ticket: Ticket) -> Waiting:
    return Waiting(ticket.id, ticket.seats_min, ticket.seats_max, ticket.created_at,
                   ticket.bots_at)


@pytest.fixture
def two_servers(tmp_path: Path) -> Iterator[tuple[Server, Server]]:
    with two_servers_in(tmp_path) as two:
        yield two


def post_ticket(server: Server, token: str, low: int, high: int) -> dict:
    body = {"game_type": "snake-bones", "seats": {"min": low, "max": high}}
    request = urllib.request.Request(
        f"{server.url}/api/v1/matchmaking/tickets", data=json.dumps(body).encode(),
        headers={"Authorization": f"Token {token}", "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as answer:
        assert answer.status == 201
        return json.loads(answer.read())


def test_200_tickets_at_once_on_two_servers_are_each_matched_once(
        two_servers: tuple[Server, Server]) -> None:
    api = Api()
    tokens = [api.register(f"rush{i}").token for i in range(FOURS + PAIRS)]

    def post(i: int) -> dict:
        size = 4 if i < FOURS else 2
        return post_ticket(two_servers[i % 2], tokens[i], size, size)

    answers = at_once(len(tokens), post, timeout=120)
    assert all(answer is not None for answer in answers)

    tickets = list(Ticket.objects.all())
    assert len(tickets) == FOURS + PAIRS
    left = [t for t in tickets if t.status == TicketStatus.WAITING]
    assert plan([waiting(t) for t in sorted(left, key=lambda t: t.created_at)],
                timezone.now(), timedelta.max) == [], "a full group was left waiting"
    assert not left
    by_game = Counter(t.game_id for t in tickets)
    for game_id, count in by_game.items():
        seats = list(Seat.objects.filter(game_id=game_id))
        players = {s.user_id for s in seats}
        assert len(seats) == count == len(players)
        assert players == {t.user_id for t in tickets if t.game_id == game_id}
    assert sorted(Counter(by_game.values()).items()) == [(2, PAIRS // 2), (4, FOURS // 4)]
    assert Seat.objects.count() == FOURS + PAIRS   # no ticket seated in a second game
