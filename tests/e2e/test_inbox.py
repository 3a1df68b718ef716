"""The inbox beside the lobby and every table (web/src/inbox.ts, GET /me/games): the game
awaiting the player first, then the others; read again when the stream of the game the
page holds brings a batch, and when the page regains focus (docs/web.md)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from tests.e2e.driver import (
    AXE,
    GAMES,
    TIMEOUT,
    Player,
    axe_violations,
    inbox_order,
    play_turn,
    regain_focus,
    two_at_a_table,
)
from tests.support.server import Server

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

POLICY = GAMES["dark-knights"][1]


def turn(player: Player, game_id: str) -> str | None:
    return player.page.get_attribute(f'#inbox .inbox-game[data-game-id="{game_id}"]',
                                     "data-my-turn")


def wait_turn(player: Player, game_id: str, mine: bool) -> None:
    player.page.wait_for_selector(
        f'#inbox .inbox-game[data-game-id="{game_id}"][data-my-turn="{str(mine).lower()}"]',
        timeout=TIMEOUT)


def test_the_inbox_lists_my_turn_first_and_follows_the_moves(server: Server, browser: Any) -> None:
    # alice's page has no live channel (test_quickplay.py covers it): what she sees comes
    # from the table's stream and from regaining focus.
    alice = Player(browser, server.url, "alice", channel=False)
    bob = Player(browser, server.url, "bob")
    try:
        alice.sign_up()
        bob.sign_up()
        # The older game awaits bob, the newer one alice: hers comes first all the same.
        theirs = two_at_a_table(alice, bob, first=1)
        mine = two_at_a_table(alice, bob, first=0, turn_clock=3600)
        page = alice.page
        wait_turn(alice, mine, True)
        wait_turn(alice, theirs, False)
        assert inbox_order(alice) == [mine, theirs]
        assert "One game awaits your move." in page.inner_text("#inbox-summary")
        assert "with bob" in page.inner_text(f'#inbox .inbox-game[data-game-id="{mine}"]')
        page.wait_for_selector(f'#inbox .inbox-game[data-game-id="{mine}"] a[href="#/game/{mine}"]')
        # Her clock (an hour a move) runs out within the hour; the other game has none.
        assert "Your clock runs out" in \
            page.inner_text(f'#inbox .inbox-game[data-game-id="{mine}"]')
        deadline = page.get_attribute(f'#inbox .inbox-game[data-game-id="{mine}"] .deadline',
                                      "datetime")
        left = datetime.fromisoformat(str(deadline)) - datetime.now(UTC)
        assert timedelta(minutes=58) < left <= timedelta(hours=1)
        assert "Your clock" not in page.inner_text(f'#inbox .inbox-game[data-game-id="{theirs}"]')

        # alice plays her turn at the table: the game's stream changes, the inbox follows.
        assert play_turn(alice, POLICY) > 0
        wait_turn(alice, mine, False)
        assert "No game awaits your move." in page.inner_text("#inbox-summary")

        # bob plays his turn in the other game, from his own inbox's link; alice's page
        # holds no stream of that game: it sees the move when it regains focus.
        bob.page.click(f'#inbox .inbox-game[data-game-id="{theirs}"] a')
        bob.page.wait_for_selector(f'#table[data-game-id="{theirs}"]', timeout=TIMEOUT)
        assert play_turn(bob, POLICY) > 0
        page.wait_for_timeout(1000)
        assert turn(alice, theirs) == "false"
        regain_focus(alice)
        wait_turn(alice, theirs, True)
        assert inbox_order(alice) == [theirs, mine]

        page.goto("/play/#/")
        page.wait_for_selector("#inbox .inbox-game", timeout=TIMEOUT)
        if AXE.exists():
            assert axe_violations(page, str(AXE)) == []
        for player in (alice, bob):
            assert player.errors == [], player.errors
            assert player.offsite == [], player.offsite
    finally:
        alice.close()
        bob.close()
