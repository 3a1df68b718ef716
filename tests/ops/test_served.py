"""The operator endpoints and the logs of the service really served (uvicorn, ASGI)."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.support.server import Server

pytestmark = [pytest.mark.served, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def fetch(url: str, **headers: str) -> tuple[int, Any, bytes]:
    """The status, the headers (names in any case) and the body."""
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, answer.headers, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def test_served_health_metrics_and_json_logs(tmp_path: Path) -> None:
    server = Server(tmp_path, DICE_LOG_FORMAT="json", DICE_METRICS_TOKEN="")
    server.start()
    try:
        status, headers, body = fetch(f"{server.url}/healthz", **{"X-Request-ID": "served-1"})
        assert status == 200 and json.loads(body) == {"status": "ok"}
        assert headers["X-Request-ID"] == "served-1"
        status, _, body = fetch(f"{server.url}/readyz")
        assert status == 200, body
        assert fetch(f"{server.url}/api/v1/games")[0] == 401
        status, headers, body = fetch(f"{server.url}/metrics")
        text = body.decode()
    finally:
        server.stop()
    assert status == 200 and headers["Content-Type"].startswith("text/plain")
    assert 'dice_http_requests_total{method="GET",route="/healthz",status="200"} 1.0' in text
    assert 'route="/api/v1/games",status="401"' in text
    records = [json.loads(line) for line in server.log.read_text().splitlines()
               if line.startswith("{")]
    mine = [r for r in records if r.get("request_id") == "served-1"]
    assert any(r["logger"] == "dice.access" and r["status"] == 200 for r in mine), records[-5:]
