"""Rematch through the page (web/src/rematch.ts, invitations.ts; POST /games/{id}/rematch):
a finished game's "Play again" opens the table again and goes there; the other player
finds the invitation in their inbox, joins, and the rematch is played; every finished
public game shows its public replay link."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.e2e.driver import AXE, TIMEOUT, Player, axe_violations, regain_focus, two_at_a_table
from tests.support.server import Server

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def resign(player: Player) -> None:
    page = player.page
    page.click("#resign-start")
    page.click("#resign-confirm")


def test_play_again_and_the_invited_player_joins_from_the_inbox(
        server: Server, browser: Any, screenshots: Path | None) -> None:
    # bob's page has no live channel (its rematch_offered would show the invitation at
    # once: test_quickplay.py covers the channel): the invitation comes with focus.
    alice = Player(browser, server.url, "alice")
    bob = Player(browser, server.url, "bob", channel=False)
    try:
        alice.sign_up()
        bob.sign_up()
        first = two_at_a_table(alice, bob)
        bob.settled()
        resign(bob)  # two at the table: the game is over
        for player in (alice, bob):
            player.page.wait_for_selector("#table[data-status=finished]", timeout=TIMEOUT)
            player.page.wait_for_selector("#play-again", timeout=TIMEOUT)
            link = player.page.get_attribute("#public-replay a", "href")
            assert link == f"{server.url}/api/v1/games/{first}"
        # bob's inbox has read the end of the game (and reads nothing more by itself).
        bob.page.wait_for_selector("#inbox[data-busy=false]", timeout=TIMEOUT)
        bob.page.wait_for_timeout(1500)
        bob.page.wait_for_selector("#inbox[data-busy=false]", timeout=TIMEOUT)
        page = alice.page
        page.click("#play-again")  # 201: the new table, in the lobby
        page.wait_for_selector("#table[data-status=lobby]", timeout=TIMEOUT)
        rematch = str(page.get_attribute("#table", "data-game-id"))
        assert rematch != first
        assert page.get_attribute("#rematch-of-link", "href") == f"#/game/{first}"
        page.wait_for_function(
            "() => document.querySelector('#rematch-invited').textContent.includes('bob')",
            timeout=TIMEOUT)
        page.wait_for_selector(f'#inbox .inbox-game[data-game-id="{rematch}"]', timeout=TIMEOUT)

        # bob's page still shows the finished game: the inbox shows the invitation when
        # the page regains focus.
        invitation = f'#invitations .invitation[data-game-id="{rematch}"]'
        assert bob.page.query_selector(invitation) is None
        regain_focus(bob)
        bob.page.wait_for_selector(invitation, timeout=TIMEOUT)
        assert "alice invites you to play Dark Knights again" in bob.page.inner_text(invitation)
        if screenshots is not None:
            bob.page.screenshot(path=str(screenshots / "rematch-invitation.png"), full_page=True)
        if AXE.exists():
            assert axe_violations(bob.page, str(AXE)) == []
        # His page's "Play again" is stale: the API answers 200 with alice's rematch.
        bob.page.click("#play-again")
        bob.page.wait_for_selector(f'#table[data-game-id="{rematch}"][data-status=lobby]',
                                   timeout=TIMEOUT)
        assert bob.page.get_attribute("#table", "data-seat") == ""
        bob.page.click(f"{invitation} button")
        bob.page.wait_for_selector(f'#table[data-game-id="{rematch}"][data-seat="1"]',
                                   timeout=TIMEOUT)
        bob.page.wait_for_function(
            "() => document.querySelector('#rematch-invited').textContent.includes('bob (joined)')",
            timeout=TIMEOUT)
        bob.page.wait_for_selector(f'#inbox .inbox-game[data-game-id="{rematch}"]', timeout=TIMEOUT)
        assert bob.page.query_selector(invitation) is None

        # The finished game now leads to its rematch; the rematch is played.
        bob.page.goto(f"/play/#/game/{first}")
        bob.page.wait_for_selector("#rematch-link", timeout=TIMEOUT)
        assert bob.page.get_attribute("#rematch-link", "href") == f"#/game/{rematch}"
        alice.start(players=2, first=0)
        for player in (alice, bob):
            assert player.errors == [], player.errors
            assert player.offsite == [], player.offsite
    finally:
        alice.close()
        bob.close()
