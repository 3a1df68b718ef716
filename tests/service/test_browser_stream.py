"""A real browser (headless Chromium, driven by Playwright) follows a game live with its
built-in EventSource, opened with a stream ticket, from a page of the API's own origin."""

from __future__ import annotations

import json
import os
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Iterator

import pytest

from tests.support.api import table
from tests.support.server import Server

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]

pytestmark = [pytest.mark.browser,
    pytest.mark.postgres, pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not os.path.exists(CHROMIUM),
                       reason=f"needs Debian's chromium at {CHROMIUM} "
                              "(apt-get install -y chromium; .ci/run installs it)"),
]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path, DJANGO_SETTINGS_MODULE="tests.support.browser_settings")
    running.start()
    yield running
    running.stop()


def post(server: Server, path: str, token: str, body: dict | None = None) -> dict:
    request = urllib.request.Request(
        f"{server.url}/api/v1{path}", data=json.dumps(body or {}).encode(),
        headers={"Authorization": f"Token {token}", "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


def test_a_browser_follows_a_game_with_eventsource_and_a_ticket(server: Server, players) -> None:  # type: ignore[no-untyped-def]
    sync_api = pytest.importorskip("playwright.sync_api")
    a, b = players(2)
    game_id = table(a, [b], "snake-bones")
    version = post(server, f"/games/{game_id}/start", a.token, {"first_player": 0})["version"]
    ticket = post(server, f"/games/{game_id}/stream-ticket", a.token)["ticket"]
    so_far = {e["type"] for e in a.events(game_id)}
    types = ",".join(sorted(so_far | {"stake_placed", "stakes_revealed", "dice_rolled"}))
    page_url = f"{server.url}/test-live/?" + urllib.parse.urlencode(
        {"game": game_id, "ticket": ticket, "types": types})
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            page = browser.new_page()
            page.goto(page_url)
            page.wait_for_function(f"window.received.length >= {version}", timeout=15000)
            post(server, f"/games/{game_id}/actions", b.token,
                 {"expected_version": version, "action": {"type": "stake", "coins": 1}})
            page.wait_for_function(
                f"window.received.some(e => e.id === {version + 1})", timeout=10000)
            post(server, f"/games/{game_id}/actions", a.token,
                 {"expected_version": version + 1, "action": {"type": "stake", "coins": 1}})
            # Both stakes in: the dice are rolled, and a's own dice come to a's page only.
            page.wait_for_function(
                "window.received.some(e => e.type === 'dice_rolled')", timeout=10000)
            received = page.evaluate("window.received")
            assert [e["id"] for e in received] == sorted({e["id"] for e in received})
            assert any(e["type"] == "stake_placed" for e in received)
            rolled = [e for e in received if e["type"] == "dice_rolled"]
            assert rolled and all(e["private"] for e in rolled)
            assert page.evaluate("window.errors") == 0
            assert f"{version + 1} stake_placed" in page.inner_text("#events")
        finally:
            browser.close()
