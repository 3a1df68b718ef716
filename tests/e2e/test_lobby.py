"""The page as served (GET /play/ from the real server, as production serves it); logging
out and in again, and the lobby's bot seats, driven in the browser."""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

import pytest

from tests.e2e.driver import TIMEOUT, Player
from tests.support.server import Server

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

TOKEN_KEY = "dice.token"  # where the page keeps its token (web/src/session.ts)


def fetch(url: str) -> tuple[int, dict[str, str], bytes]:
    with urllib.request.urlopen(url, timeout=10) as answer:
        return answer.status, {k.lower(): v for k, v in answer.headers.items()}, answer.read()


def test_the_page_is_served_at_play_and_loads_nothing_from_elsewhere(server: Server) -> None:
    status, headers, body = fetch(f"{server.url}/play/")
    assert status == 200 and headers["content-type"].startswith("text/html")
    assert headers["cache-control"] == "no-cache"
    page = body.decode()
    assert "default-src 'self'" in headers["content-security-policy"]
    assert "frame-ancestors 'none'" in headers["content-security-policy"]
    assets = re.findall(r'(?:src|href)="(/play/assets/[^"]+)"', page)
    assert any(a.endswith(".js") for a in assets) and any(a.endswith(".css") for a in assets)
    for asset in assets:
        status, headers, content = fetch(f"{server.url}{asset}")
        assert status == 200 and "immutable" in headers["cache-control"]
        # No address of another host: no CDN, no web font, nothing to fetch offline.
        assert not re.search(rb"https?://(?!127\.0\.0\.1|localhost)[a-z]", content), asset
    # /play without its slash goes to the page.
    request = urllib.request.Request(f"{server.url}/play")
    with urllib.request.urlopen(request, timeout=10) as answer:
        assert answer.geturl().endswith("/play/")


def test_log_in_again_and_seat_a_bot_then_take_it_away_in_the_lobby(
        server: Server, browser: Any) -> None:
    alice = Player(browser, server.url, "alice")
    try:
        alice.sign_up()
        alice.log_out_and_in()
        assert "Signed in as alice" in alice.page.inner_text("#nav")
        alice.open_table("snake-bones", {}, seats=3)
        page = alice.page
        page.click("#add-bot")
        page.wait_for_function(
            "document.querySelectorAll('#lobby .seat-list li').length === 2", timeout=TIMEOUT)
        assert "Bot (basic)" in page.inner_text("#lobby .seat-list")
        page.click("button[aria-label='Remove the bot in seat 1']")
        page.wait_for_function(
            "document.querySelectorAll('#lobby .seat-list li').length === 1", timeout=TIMEOUT)
        assert alice.errors == [] and alice.offsite == []
    finally:
        alice.close()


def test_the_page_commits_to_a_seed_and_reveals_it_after_the_start(
        server: Server, browser: Any) -> None:
    """Dice scheme 3 in the browser (web/src/seeds.ts): the page draws a seed, posts only
    its commitment, keeps the seed in sessionStorage, and reveals it when the game is
    revealing; the game begins on that reveal."""
    from games.core.fairness import seed_commitment

    alice = Player(browser, server.url, "alice")
    try:
        alice.sign_up()
        game_id = alice.open_table("dark-knights", {}, seats=1)
        page = alice.page
        page.click("#commit-seed")
        page.wait_for_function(
            "document.querySelector('#lobby .seat-list').innerText.includes('committed to a seed')",
            timeout=TIMEOUT)
        kept = page.evaluate(f"sessionStorage.getItem('dice-seed:{game_id}')")
        seat = served(page, game_id)["seats"][0]
        assert (seat["seed"], seat["client_seed"]) == ("committed", None)
        assert seat["seed_commitment"] == seed_commitment(kept)
        alice.start(1)
        seat = served(page, game_id)["seats"][0]
        assert (seat["seed"], seat["client_seed"]) == ("revealed", kept)
        assert page.evaluate(f"sessionStorage.getItem('dice-seed:{game_id}')") is None
        assert alice.errors == [] and alice.offsite == []
    finally:
        alice.close()


def served(page: Any, game_id: str) -> Any:
    """The game as the page's own token reads it (GET /games/{id})."""
    return page.evaluate("""async (id) => {
      const token = localStorage.getItem(TOKEN_KEY);
      const answer = await fetch(`/api/v1/games/${id}`,
                                 {headers: {Authorization: `Token ${token}`}});
      return answer.json();
    }""".replace("TOKEN_KEY", json.dumps(TOKEN_KEY)), game_id)
