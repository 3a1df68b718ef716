"""The table's reads of the game (web/src/table.ts `load`). One that changes nothing leaves
its controls in place: the safety-net read every 20 s, or the one as the stream opens,
no longer rebuilds the move buttons under a click on its way (a click on a replaced
button is lost: seen in CI as a move that never reached the server). One that answers
after a move's answer, with the older version it read, is dropped: the table never
steps back (the likely cause of CI's one Skip-Bo Dice "fill did nothing")."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.driver import TIMEOUT, Player, fill
from tests.support.server import Server

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def at_a_table(alice: Player, bob: Player) -> str:
    """Both sign up; alice opens a Snake Bones table of two, bob joins, alice starts it
    (first to bid); the game's id."""
    alice.sign_up()
    bob.sign_up()
    game_id = alice.open_table("snake-bones", {})
    bob.join(game_id)
    alice.start(players=2, first=0)
    return game_id


def test_a_read_that_changes_nothing_keeps_the_move_buttons(
        server: Server, browser: Any) -> None:
    alice, bob = Player(browser, server.url, "alice"), Player(browser, server.url, "bob")
    try:
        at_a_table(alice, bob)
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


def test_a_read_older_than_the_move_s_answer_never_rolls_the_table_back(
        server: Server, browser: Any) -> None:
    """A read of the game begun before a move, answered after the move's answer, holds an
    older version: the table must keep the newer one (versions only grow). Forced here:
    the page's next read of the game is held in the browser, its answer taken at once
    (the version before the move) and given to the page only after the move."""
    alice, bob = Player(browser, server.url, "alice"), Player(browser, server.url, "bob")
    try:
        game_id = at_a_table(alice, bob)
        before = alice.settled()
        page = alice.page
        page.wait_for_selector("#actions form[data-choice]", timeout=TIMEOUT)
        # Every version the table shows from now on, in order.
        page.evaluate("""() => { const table = document.querySelector('#table');
            window.shownVersions = [Number(table.dataset.version)];
            new MutationObserver(() => window.shownVersions.push(Number(table.dataset.version)))
              .observe(table, {attributes: true, attributeFilter: ['data-version']}); }""")
        held: list[tuple[Any, Any]] = []

        def hold_one_read(route: Any) -> None:
            if route.request.method != "GET" or held:
                route.continue_()
                return
            held.append((route, route.fetch()))  # the game as it stands now, kept back

        def the_game(url: str) -> bool:
            return url.split("?")[0].endswith(f"/api/v1/games/{game_id}")

        page.route(the_game, hold_one_read)
        for _ in range(120):  # the table reads itself within 20 s (the stream's safety net)
            if held:
                break
            page.wait_for_timeout(250)
        assert held, "the table read nothing in 30 s"
        route, stale = held[0]
        assert stale.json()["version"] == before
        items = alice.items()
        after = alice.act(fill(items, next(i for i, item in enumerate(items)
                                           if item["type"] == "stake")), items)
        assert after > before
        # The old read lands after the move's answer; the page then has a moment to act on it.
        with page.expect_request_finished(lambda r: r.method == "GET" and the_game(r.url)):
            route.fulfill(response=stale)
        page.wait_for_timeout(1500)
        alice.settled()
        shown = page.evaluate("() => window.shownVersions")
        assert shown == sorted(shown), f"the table went back to an older version: {shown}"
        assert alice.version() >= after
        assert alice.errors == [] and bob.errors == []
    finally:
        alice.close()
        bob.close()
