"""A browser page of another origin plays against the service: CORS as a browser
enforces it (headless Chromium, driven by Playwright)."""

from __future__ import annotations

import functools
import http.server
import os
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.clocks.worker import free_port
from tests.support.server import Server

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PAGE = Path(__file__).with_name("cors_page")

pytestmark = [pytest.mark.browser,
    pytest.mark.postgres, pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not os.path.exists(CHROMIUM),
                       reason=f"needs Debian's chromium at {CHROMIUM} "
                              "(apt-get install -y chromium; .ci/run installs it)"),
]


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def page_origin() -> Iterator[str]:
    """The client's page, served from 127.0.0.1 on a port of its own: another origin."""
    port = free_port()
    handler = functools.partial(QuietHandler, directory=str(PAGE))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{port}"
    httpd.shutdown()
    httpd.server_close()


def run_page(origin: str, server: Server) -> dict:
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            page = browser.new_page()
            page.goto(f"{origin}/index.html?api={server.url}")
            page.wait_for_function("window.results && window.results.done", timeout=60_000)
            return page.evaluate("window.results")
        finally:
            browser.close()


def test_a_page_of_an_allowed_origin_plays_and_reads_every_header(tmp_path: Path,
                                                                   page_origin: str) -> None:
    server = Server(tmp_path, DICE_CORS_ALLOWED_ORIGINS=f"https://elsewhere.example,{page_origin}")
    server.start()
    try:
        results = run_page(page_origin, server)
    finally:
        server.stop()
    assert "error" not in results, results
    statuses = [(s["method"], s["path"].split("/")[1], s["status"]) for s in results["steps"]]
    assert [s for _, _, s in statuses] == [201, 201, 201, 200, 200, 201, 200, 304], statuses
    game_id = results["gameId"]
    move = results["move"]
    assert move["body"]["events"] and move["etag"] == f'"{move["body"]["version"]}"'
    assert move["location"].startswith(f"/api/v1/games/{game_id}/events?after=")
    assert move["requestId"] and move["rateLimitRemaining"] is not None
    read = results["read"]
    assert read["body"]["id"] == game_id and read["body"]["version"] == move["body"]["version"]
    assert read["etag"] and read["location"] is None
    # The browser turns a 304 into the body it had kept: the page sees 304 only because it
    # sent If-None-Match itself; the ETag comes back the same.
    assert results["again"]["etag"] == read["etag"]


def test_a_page_of_another_origin_is_refused_by_the_browser(tmp_path: Path,
                                                            page_origin: str) -> None:
    server = Server(tmp_path, DICE_CORS_ALLOWED_ORIGINS="https://elsewhere.example")
    server.start()
    try:
        results = run_page(page_origin, server)
    finally:
        server.stop()
    assert "Failed to fetch" in results.get("error", ""), results
    assert results["steps"] == []
