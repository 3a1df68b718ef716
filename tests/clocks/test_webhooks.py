"""Webhooks delivered by a real worker: signed, retried, filtered, free of private data."""

from __future__ import annotations

import base64
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, HTTPServer
from typing import Iterator

import pytest

from events.models import Delivery
from tests.support.api import table

from .worker import Worker, wait_until


class Receiver:
    """A webhook receiver on loopback that fails its first `failures` requests."""

    def __init__(self, failures: int = 0) -> None:
        self.failures = failures
        self.received: list[tuple[dict[str, str], bytes]] = []
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802
                body = self.rfile.read(int(self.headers["Content-Length"]))
                receiver.received.append((dict(self.headers), body))
                failing = receiver.failures > 0
                receiver.failures -= 1
                self.send_response(500 if failing else 204)
                self.end_headers()

            def log_message(self, *args: object) -> None:
                pass

        self.server = HTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}/hook"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def kinds(self) -> list[str]:
        return [json.loads(body)["kind"] for _, body in self.received]


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    running = Receiver()
    yield running
    running.close()


def verify(secret: str, headers: dict[str, str], body: bytes) -> bool:
    """What a receiver does: check the Standard Webhooks headers with the library."""
    from standardwebhooks.webhooks import Webhook, WebhookVerificationError

    try:
        Webhook(secret).verify(body, headers)
    except WebhookVerificationError:
        return False
    return True


def register(player, url: str, events: list[str]) -> dict:  # type: ignore[no-untyped-def]
    response = player.post("/webhooks", {"url": url, "events": events,
                                         "secret": "a-shared-secret-0123456789"})
    assert response.status_code == 201, response.content
    return response.json()


def test_registration_is_validated_and_private_to_its_owner(players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    bad = a.post("/webhooks", {"url": "ftp://example.com/x", "events": ["your_turn"]})
    assert bad.status_code == 400
    bad = a.post("/webhooks", {"url": "https://example.com/x", "events": ["everything"]})
    assert bad.status_code == 400 and bad.json()["code"] == "invalid_request"
    hook = register(a, "https://example.com/x", ["your_turn"])
    assert [h["id"] for h in a.get("/webhooks").json()] == [hook["id"]]
    assert b.get("/webhooks").json() == []
    assert b.get(f"/webhooks/{hook['id']}/deliveries").status_code == 404
    assert b.client.delete(f"/api/v1/webhooks/{hook['id']}").status_code == 404
    assert a.client.delete(f"/api/v1/webhooks/{hook['id']}").status_code == 204




@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_signed_deliveries_of_only_the_chosen_events(worker: Worker, receiver: Receiver,
                                                     players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    hook = register(b, receiver.url, ["your_turn", "game_over"])
    game_id = table(a, [b], "snake-bones")
    version = a.start(game_id, first_player=0)["version"]  # b: your turn to stake
    version = a.act(game_id, {"type": "stake", "coins": 1}, version).json()["version"]
    version = b.act(game_id, {"type": "stake", "coins": 1}, version).json()["version"]
    a.act(game_id, {"type": "bid", "quantity": 1, "face": 3}, version)  # b: your turn to respond
    wait_until(lambda: len(receiver.received) >= 2, 20, "no delivery arrived", worker.tail)
    time.sleep(1)
    assert len(receiver.received) == 2
    assert set(receiver.kinds()) == {"your_turn"}  # game_started was not asked for
    ids = set()
    for headers, body in receiver.received:
        assert verify(hook["secret"], headers, body)
        ids.add(headers["webhook-id"])
        assert not verify("whsec_" + base64.b64encode(b"another-secret-0123456789").decode(),
                          headers, body)
        payload = json.loads(body)
        assert payload["data"]["seat"] == 1 and payload["data"]["game_id"] == game_id
        assert "dice" not in body.decode() and "private" not in body.decode()
        assert headers["X-Dice-Event"] == "your_turn"  # deprecated, until 2027-06-30
    assert len(ids) == 2
    log = b.get(f"/webhooks/{hook['id']}/deliveries").json()
    assert log and all(d["status"] == "delivered" and d["attempts"] == 1 for d in log)
    assert not Delivery.objects.filter(webhook__user__username=a.username).exists()


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_failing_receiver_is_retried_with_backoff(worker: Worker, players) -> None:  # type: ignore[no-untyped-def]
    flaky = Receiver(failures=2)
    try:
        a, b = players(2)
        hook = register(a, flaky.url, ["game_started"])
        game_id = table(a, [b], "snake-bones")
        a.start(game_id, first_player=0)
        wait_until(lambda: Delivery.objects.filter(status="delivered").exists(), 30,
                   "the delivery was never made", worker.tail)
        (delivery,) = a.get(f"/webhooks/{hook['id']}/deliveries").json()
        assert delivery["attempts"] == 3 and delivery["last_status_code"] == 204
        assert len(flaky.received) == 3
        bodies = {body for _, body in flaky.received}
        assert len(bodies) == 1  # the same body every time
        assert {h["webhook-id"] for h, _ in flaky.received} == {f"msg_{delivery['id']}"}
        assert all(verify(hook["secret"], h, body) for h, body in flaky.received)
    finally:
        flaky.close()
