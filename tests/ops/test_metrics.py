"""/metrics (Prometheus text format, guarded), X-Request-ID on every answer and in the
logs."""

from __future__ import annotations

import io
import json
import logging
import re
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from prometheus_client import REGISTRY
from rest_framework.test import APIClient

from config.logs import JsonFormatter, RequestIdFilter
from events import clocks as services
from events.webhooks import delivery as notify
from events.webhooks import egress, signing
from events.models import Deadline, Delivery, Webhook

pytestmark = pytest.mark.django_db


def sample(name: str, **labels: str) -> float:
    return REGISTRY.get_sample_value(name, labels) or 0.0


def scrape(client: APIClient | None = None, **extra: Any) -> Any:
    return (client or APIClient()).get("/metrics", **extra)


def test_metrics_answer_this_machine_only_without_a_token(settings) -> None:  # type: ignore[no-untyped-def]
    settings.DICE_METRICS_TOKEN = ""
    local = scrape()
    assert local.status_code == 200
    assert local["Content-Type"].startswith("text/plain; version=0.0.4")
    assert b"# TYPE dice_http_requests_total counter" in local.content
    open_metrics = scrape(HTTP_ACCEPT="application/openmetrics-text; version=1.0.0")
    assert open_metrics["Content-Type"].startswith("application/openmetrics-text")
    assert open_metrics.content.endswith(b"# EOF\n")
    for address in ("10.0.0.7", "192.168.1.2", "2001:db8::1"):
        assert scrape(REMOTE_ADDR=address).status_code == 403
    assert scrape(REMOTE_ADDR="::1").status_code == 200


def test_with_a_token_metrics_need_it_from_anywhere(settings) -> None:  # type: ignore[no-untyped-def]
    settings.DICE_METRICS_TOKEN = "s3cret-metrics"
    assert scrape().status_code == 401
    assert scrape(HTTP_AUTHORIZATION="Bearer wrong").status_code == 401
    assert scrape(HTTP_AUTHORIZATION="Token s3cret-metrics").status_code == 401
    ok = scrape(REMOTE_ADDR="10.0.0.7", HTTP_AUTHORIZATION="Bearer s3cret-metrics")
    assert ok.status_code == 200 and b"dice_http_request_duration_seconds_bucket" in ok.content


def test_requests_are_counted_by_route_and_status(players) -> None:  # type: ignore[no-untyped-def]
    (alice,) = players(1)
    route = "/api/v1/games/<uuid:game_id>"
    before = sample("dice_http_requests_total", route=route, method="GET", status="404")
    timed = sample("dice_http_request_duration_seconds_count", route=route, method="GET")
    alice.get("/games/00000000-0000-0000-0000-000000000000")
    alice.get("/games/00000000-0000-0000-0000-000000000001")
    assert sample("dice_http_requests_total", route=route, method="GET",
                  status="404") == before + 2
    assert sample("dice_http_request_duration_seconds_count", route=route,
                  method="GET") == timed + 2
    # Unknown paths share one label: no label per raw path.
    unmatched = sample("dice_http_requests_total", route="unmatched", method="GET", status="404")
    APIClient().get("/no/such/thing/42")
    assert sample("dice_http_requests_total", route="unmatched", method="GET",
                  status="404") == unmatched + 1
    # The web client's files, built or not, share one label too.
    page = sample("dice_http_requests_total", route="web client", method="GET", status="404")
    APIClient().get("/play/no-such-file-42.js")
    assert sample("dice_http_requests_total", route="web client", method="GET",
                  status="404") == page + 1
    text = scrape().content.decode()
    assert 'route="/api/v1/games/<uuid:game_id>"' in text and "00000000-" not in text


def started(players: Any, **options: Any) -> tuple[Any, Any, str]:
    alice, bob = players(2)
    game = alice.post("/games", {"game_type": "snake-bones", "seats": 2, **options}).json()
    bob.join(game["id"])
    alice.start(game["id"], first_player=1)
    return alice, bob, game["id"]


def test_moves_are_counted_by_game_type(players, django_capture_on_commit_callbacks) -> None:  # type: ignore[no-untyped-def]
    alice, _, game_id = started(players)
    before = sample("dice_moves_total", game_type="snake-bones", actor="seat")
    events = sample("dice_move_events_total", game_type="snake-bones")
    with django_capture_on_commit_callbacks(execute=True):
        version = alice.legal(game_id)["version"]
        response = alice.act(game_id, {"type": "stake", "coins": 1}, version)
    assert response.status_code == 201
    assert sample("dice_moves_total", game_type="snake-bones", actor="seat") == before + 1
    assert sample("dice_move_events_total", game_type="snake-bones") == events + len(
        response.json()["events"])


def test_clock_lateness_is_observed(players, django_capture_on_commit_callbacks) -> None:  # type: ignore[no-untyped-def]
    _, _, game_id = started(players, turn_timeout=5)
    deadline = Deadline.objects.filter(game_id=game_id).order_by("seat").first()
    assert deadline is not None
    Deadline.objects.filter(pk=deadline.pk).update(due_at=timezone.now() - timedelta(seconds=3))
    count = sample("dice_clock_lateness_seconds_count")
    total = sample("dice_clock_lateness_seconds_sum")
    with django_capture_on_commit_callbacks(execute=True):
        assert services.apply_timeout(game_id=game_id, seat=deadline.seat,
                                      version=deadline.version) == "applied"
    assert sample("dice_clock_lateness_seconds_count") == count + 1
    assert 3 <= sample("dice_clock_lateness_seconds_sum") - total < 30
    assert sample("dice_moves_total", game_type="snake-bones", actor="clock") >= 1


def test_webhook_delivery_outcomes_are_counted(  # type: ignore[no-untyped-def]
        monkeypatch, django_capture_on_commit_callbacks) -> None:
    user = get_user_model().objects.create_user("hooked", password="x")
    hook = Webhook.objects.create(user=user, url="http://127.0.0.1:9/hook",
                                  secret=signing.new_secret(), events=["your_turn"])
    answers = iter([(200, ""), (500, "server error"), (None, "connection failed")])
    monkeypatch.setattr(egress, "post", lambda *args, **kwargs: next(answers))
    monkeypatch.setattr(notify.settings, "DICE_WEBHOOK_MAX_ATTEMPTS", 2)
    before = {o: sample("dice_webhook_delivery_attempts_total", outcome=o)
              for o in ("delivered", "retry", "failed")}

    def delivery() -> int:
        return Delivery.objects.create(webhook=hook, kind="your_turn", payload={},
                                       next_attempt_at=timezone.now()).pk
    first, second = delivery(), delivery()
    with django_capture_on_commit_callbacks(execute=True):
        assert notify.deliver(first) == "delivered"
        assert notify.deliver(second) == "pending"
        Delivery.objects.filter(pk=second).update(next_attempt_at=timezone.now())
        assert notify.deliver(second) == "failed"
    assert {o: sample("dice_webhook_delivery_attempts_total", outcome=o) - before[o]
            for o in before} == {"delivered": 1, "retry": 1, "failed": 1}


def test_open_streams_are_a_gauge(players) -> None:  # type: ignore[no-untyped-def]
    from api.live import open_slot

    user = get_user_model().objects.create_user("streamer", password="x")
    before = sample("dice_open_streams")
    slots = [open_slot(user, 10), open_slot(user, 10)]
    assert sample("dice_open_streams") == before + 2
    slots[0].release()
    slots[0].release()  # idempotent
    assert sample("dice_open_streams") == before + 1
    slots[1].release()
    assert sample("dice_open_streams") == before


def test_every_answer_has_a_request_id_kept_when_sane() -> None:
    client = APIClient()
    made = client.get("/api/v1/game-types")["X-Request-ID"]
    assert re.fullmatch(r"[0-9a-f]{32}", made)
    assert client.get("/api/v1/game-types")["X-Request-ID"] != made
    kept = client.get("/api/v1/game-types", HTTP_X_REQUEST_ID="req-42.a_B:c")
    assert kept["X-Request-ID"] == "req-42.a_B:c"
    for insane in ("two words", "x" * 129, "evil\u00e9", "a\tb", ""):
        replaced = client.get("/nowhere", HTTP_X_REQUEST_ID=insane)
        assert replaced.status_code == 404 and replaced["X-Request-ID"] != insane
        assert re.fullmatch(r"[0-9a-f]{32}", replaced["X-Request-ID"])
    assert client.get("/healthz")["X-Request-ID"]
    assert client.options("/api/v1/games", HTTP_ORIGIN="http://localhost:3000",
                          HTTP_ACCESS_CONTROL_REQUEST_METHOD="GET")["X-Request-ID"]


def test_the_request_id_is_in_every_log_record_of_the_request(players) -> None:  # type: ignore[no-untyped-def]
    (alice,) = players(1)
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.addFilter(RequestIdFilter())
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger()
    root.addHandler(handler)
    try:
        alice.client.get("/api/v1/games/00000000-0000-0000-0000-000000000000",
                         HTTP_X_REQUEST_ID="trace-me-1")
        logging.getLogger("after").warning("outside any request")
    finally:
        root.removeHandler(handler)
    records = [json.loads(line) for line in stream.getvalue().splitlines()]
    mine = [r for r in records if r["request_id"] == "trace-me-1"]
    loggers = {r["logger"] for r in mine}
    # The access line and Django's own warning about the 404, written after the middleware.
    assert {"dice.access", "django.request"} <= loggers, records
    access = next(r for r in mine if r["logger"] == "dice.access")
    assert access["status"] == 404 and access["route"] == "/api/v1/games/<uuid:game_id>"
    assert {"time", "level", "message"} <= set(access)
    assert records[-1]["logger"] == "after" and records[-1]["request_id"] == "-"
