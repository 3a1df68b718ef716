"""Resigning through the page (RULINGS, "Resigning"; docs/web.md): a seat still in play
is offered "Resign" whenever its legal actions hold `{"type": "resign"}`, apart from the
moves and behind a confirmation in the page; confirmed, it posts `resign` through the
normal action path and the seat sees the game go on without it, to its end."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.driver import AXE, GAMES, TIMEOUT, Player, axe_violations, play_to_end
from tests.support.server import Server

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def focused(player: Player) -> str:
    return str(player.page.evaluate("() => document.activeElement && document.activeElement.id"))


def test_a_seat_resigns_behind_a_confirmation_and_watches_the_game_go_on(
        server: Server, browser: Any) -> None:
    options, policy = GAMES["bare-bones"]
    alice, bob, carol = (Player(browser, server.url, name) for name in ("alice", "bob", "carol"))
    try:
        for player in (alice, bob, carol):
            player.sign_up()
        game_id = alice.open_table("bare-bones", options, seats=3)
        bob.join(game_id)
        carol.join(game_id)
        alice.start(players=3, first=0)
        page = carol.page
        page.wait_for_selector("#table[data-status=active]", timeout=TIMEOUT)
        carol.settled()
        # Not carol's pick: she has no move, yet she may resign (in or out of turn).
        assert carol.items() == []
        page.wait_for_selector("#resign #resign-start", timeout=TIMEOUT)
        assert page.query_selector("#actions #resign-start") is None  # not among the moves
        if AXE.exists():
            assert axe_violations(page, str(AXE)) == []

        # The first click only asks; "No, keep playing" posts nothing.
        version = carol.version()
        page.click("#resign-start")
        page.wait_for_selector("#resign-confirm", timeout=TIMEOUT)
        assert focused(carol) == "resign-confirm"
        assert "cannot be undone" in page.inner_text("#resign")
        page.click("#resign-cancel")
        page.wait_for_selector("#resign-start", timeout=TIMEOUT)
        assert focused(carol) == "resign-start" and carol.version() == version

        # Confirmed (by keyboard): the resignation is posted and the page says so.
        page.click("#resign-start")
        page.wait_for_selector("#resign-confirm", timeout=TIMEOUT)
        page.keyboard.press("Enter")
        page.wait_for_selector("#resigned-note", timeout=TIMEOUT)
        assert carol.settled(version + 1) > version
        assert page.query_selector("#resign") is None and carol.items() == []
        assert carol.status() == "active"
        page.wait_for_function(  # the event log, as the stream brought it
            "() => document.querySelector('#table-body').innerText.includes('carol resigns')",
            timeout=TIMEOUT)

        # The other two play on to the end; carol's page follows and ranks her last.
        alice.settled(version + 1)
        bob.settled(version + 1)
        assert alice.page.query_selector("#resign-start") is not None
        play_to_end([alice, bob], policy)
        page.wait_for_selector("#table[data-status=finished]", timeout=TIMEOUT)
        ranking = page.locator("#result ol li")
        assert "carol" in ranking.nth(ranking.count() - 1).inner_text()
        assert "carol" not in page.inner_text("#result .winner")
        for player in (alice, bob, carol):
            assert player.errors == [], player.errors
            assert player.offsite == [], player.offsite
    finally:
        for player in (alice, bob, carol):
            player.close()
