"""A read of the table that changes nothing leaves its controls in place (web/src/table.ts
`load`): the safety-net read every 20 s, or the one as the stream opens, no longer
rebuilds the move buttons under a click on its way (a click on a replaced button is
lost: seen in CI as a move that never reached the server)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.driver import TIMEOUT, Player
from tests.support.server import Server

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_a_read_that_changes_nothing_keeps_the_move_buttons(
        server: Server, browser: Any) -> None:
    alice, bob = Player(browser, server.url, "alice"), Player(browser, server.url, "bob")
    try:
        alice.sign_up()
        bob.sign_up()
        game_id = alice.open_table("snake-bones", {})
        bob.join(game_id)
        alice.start(players=2, first=0)
        version = alice.settled()
        page = alice.page
        page.wait_for_selector("#actions [data-action], #actions form[data-choice]",
                               timeout=TIMEOUT)
        button = page.query_selector("#actions [data-action], #actions form[data-choice]")
        assert button is not None
        # The table reads itself again every 20 s in play (the stream's safety net).
        page.wait_for_timeout(22_000)
        alice.settled()
        assert alice.version() == version, "the game moved: nothing to compare"
        assert button.evaluate("e => e.isConnected"), \
            "a read that changed nothing replaced the move controls"
        assert alice.errors == [] and bob.errors == []
    finally:
        alice.close()
        bob.close()
