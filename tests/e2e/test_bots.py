"""A player and a bot: the table opened from the lobby with a bot seat, played to its end
through the page while the bot moves through the real worker (tests/bots' worker: Celery
with beat on Redis, which hands out the bot's moves)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.bots.conftest import start_worker
from tests.clocks.worker import Worker
from tests.e2e.driver import GAMES, TIMEOUT, Player
from tests.support.server import Server

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def worker(tmp_path: Path, server: Server) -> Iterator[Worker]:
    yield from start_worker(tmp_path)


def test_a_player_plays_a_bot_to_the_end_in_the_browser(
        server: Server, worker: Worker, browser: Any) -> None:
    """At the level the page offers above basic (issue #34: every game has `strong`)."""
    options, policy = GAMES["dark-knights"]
    alice = Player(browser, server.url, "alice")
    try:
        alice.sign_up()
        alice.page.fill("#bots", "1")
        alice.page.select_option("#game-type", "dark-knights")
        offered = alice.page.eval_on_selector_all("#bots-level option",
                                                  "os => os.map(o => o.value)")
        assert offered == ["basic", "strong"]
        alice.open_table("dark-knights", options, bot_level="strong")
        assert "Bot (strong)" in alice.page.inner_text("#lobby .seat-list")
        alice.start(players=2, first=0)
        page = alice.page
        moves = 0
        while alice.status() != "finished":
            version = alice.settled()
            items = alice.items()
            if items:
                alice.act(policy(items), items)
                moves += 1
                continue
            # The bot's turn: its moves come live from the stream.
            page.wait_for_function(
                "v => { const t = document.querySelector('#table');"
                " return t.dataset.busy === 'false' && (Number(t.dataset.version) > v"
                " || t.dataset.status === 'finished'); }",
                arg=version, timeout=TIMEOUT)
            assert moves < 100, "the game did not end"
        log = page.inner_text("#table")
        assert "Bot (strong)" in log and "Winner" in page.inner_text("#result")
        assert alice.errors == [] and alice.offsite == []
    finally:
        alice.close()
