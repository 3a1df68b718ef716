"""Games to watch (web/src/watch.ts, GET /games?status=active&watchable=true): a game
being played is listed in the lobby of a player who does not play it, and opens as a
spectator sees it."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.driver import TIMEOUT, Player, two_at_a_table
from tests.support.server import Server

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_a_game_being_played_is_listed_to_watch(server: Server, browser: Any) -> None:
    alice, bob, carol = (Player(browser, server.url, name) for name in ("alice", "bob", "carol"))
    try:
        for player in (alice, bob, carol):
            player.sign_up()
        game_id = two_at_a_table(alice, bob)
        assert alice.page.query_selector(f'#watch-games li[data-game-id="{game_id}"]') is None
        page = carol.page
        entry = f'#watch-games li[data-game-id="{game_id}"]'
        page.wait_for_selector(entry, timeout=TIMEOUT)  # the lobby reads its lists every 5 s
        assert "alice, bob" in page.inner_text(entry)
        page.click(f"{entry} a")
        page.wait_for_selector(f'#table[data-game-id="{game_id}"][data-status=active]',
                               timeout=TIMEOUT)
        assert carol.page.get_attribute("#table", "data-seat") == ""
        assert "You are watching" in page.inner_text("#actions")
        # alice's own lobby does not offer her own game to watch (the inbox has it).
        alice.page.goto("/play/#/")
        alice.page.wait_for_selector("#watch-games[aria-busy=false]", timeout=TIMEOUT)
        assert alice.page.query_selector(f'#watch-games li[data-game-id="{game_id}"]') is None
        for player in (alice, bob, carol):
            assert player.errors == [], player.errors
            assert player.offsite == [], player.offsite
    finally:
        for player in (alice, bob, carol):
            player.close()
