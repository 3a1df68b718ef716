"""Stream tickets are single-use and never logged (api/live.py, config/logs.py): a ticket
opens one stream, in this process or in any other on the same Redis, and no log line of
the served process carries it."""

from __future__ import annotations

import json
import logging
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rest_framework.test import APIClient

from config.logs import JsonFormatter, RedactTicketFilter
from tests.clocks.worker import RedisServer
from tests.support.api import BASE, started
from tests.support.live import drain
from tests.support.server import Server


def open_stream(client: APIClient, game_id: str, ticket: str) -> Any:
    return client.get(f"{BASE}/games/{game_id}/stream", {"timeout": 1, "ticket": ticket},
                      headers={"Accept": "text/event-stream"})


@pytest.mark.django_db(transaction=True)
def test_a_ticket_opens_one_stream_only(players) -> None:  # type: ignore[no-untyped-def]
    a, _, game_id, _ = started(players)
    ticket = a.post(f"/games/{game_id}/stream-ticket").json()["ticket"]
    first = open_stream(APIClient(), game_id, ticket)
    assert first.status_code == 200
    drain(first)
    again = open_stream(APIClient(), game_id, ticket)
    assert again.status_code == 401, again.content
    assert again["Content-Type"] == "application/problem+json"
    assert again.json()["code"] == "ticket_used"
    assert again["WWW-Authenticate"] == "Token"
    # A new ticket opens a new stream; the channel's tickets are single-use too.
    fresh = open_stream(APIClient(), game_id, a.post(f"/games/{game_id}/stream-ticket")
                        .json()["ticket"])
    assert fresh.status_code == 200
    drain(fresh)
    mine = a.post("/me/stream-ticket").json()["ticket"]
    for expected in (200, 401):
        response = APIClient().get(f"{BASE}/me/stream", {"timeout": 1, "ticket": mine},
                                   headers={"Accept": "text/event-stream"})
        assert response.status_code == expected
        if expected == 200:
            drain(response)
        else:
            assert response.json()["code"] == "ticket_used"


def test_the_filter_redacts_tickets_in_messages_and_arguments() -> None:
    record = logging.LogRecord("uvicorn.access", logging.INFO, "", 0,
                               '%s - "%s %s HTTP/%s" %d',
                               ("127.0.0.1:5", "GET", "/s?after=3&ticket=abc.def:ghi&x=1",
                                "1.1", 200), None)
    assert RedactTicketFilter().filter(record)
    assert record.getMessage() == (
        '127.0.0.1:5 - "GET /s?after=3&ticket=[redacted]&x=1 HTTP/1.1" 200')
    record = logging.LogRecord("dice.access", logging.INFO, "", 0,
                               "GET /s?ticket=abc 401", None, None)
    RedactTicketFilter().filter(record)
    assert record.getMessage() == "GET /s?ticket=[redacted] 401"
    # As JSON, an extra naming the URL (Django's `request`) is redacted too, still JSON.
    record = logging.LogRecord("django.request", logging.WARNING, "", 0, "Unauthorized", None,
                               None)
    record.request = "<ASGIRequest: GET '/s?ticket=abc\"def'>"
    line = json.loads(JsonFormatter().format(record))
    assert line["request"] == "<ASGIRequest: GET '/s?ticket=[redacted]\"def'>"


# --- served: two processes on one Redis -----------------------------------------------------

@pytest.fixture
def redis_url(tmp_path: Path) -> Iterator[str]:
    from django.conf import settings

    if settings.REDIS_URL:
        yield settings.REDIS_URL
        return
    server = RedisServer(tmp_path)
    server.start()
    try:
        yield server.url
    finally:
        server.stop()


def fetch(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(urllib.request.Request(
                url, headers={"Accept": "text/event-stream"}), timeout=10) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


@pytest.mark.served
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_ticket_used_on_one_server_is_refused_by_another_and_never_logged(
        players, tmp_path: Path, redis_url: str) -> None:  # type: ignore[no-untyped-def]
    a, _, game_id, _ = started(players)
    servers = [Server(tmp_path, REDIS_URL=redis_url), Server(tmp_path, REDIS_URL=redis_url,
                                                             DICE_LOG_FORMAT="json")]
    tickets = [a.post(f"/games/{game_id}/stream-ticket").json()["ticket"] for _ in range(2)]
    for server in servers:
        server.start()
    try:
        first, second = (f"{s.url}{BASE}/games/{game_id}/stream?timeout=1&ticket="
                         for s in servers)
        status, body = fetch(first + tickets[0])
        assert status == 200 and b"event: " in body
        status, body = fetch(second + tickets[0])
        assert status == 401 and b'"ticket_used"' in body, body
        # The other way round, with the second ticket.
        assert fetch(second + tickets[1])[0] == 200
        assert fetch(first + tickets[1])[0] == 401
    finally:
        for server in servers:
            server.stop()
    logs = "".join(server.log.read_text() for server in servers)
    # Both access logs (the service's and uvicorn's) wrote the four requests, redacted.
    assert logs.count("ticket=[redacted]") >= 8, logs[-3000:]
    for ticket in tickets:
        assert ticket not in logs
        assert ticket.split(":")[-1] not in logs  # not even its signature
