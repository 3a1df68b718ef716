"""Two players in two browser contexts play a whole game of each type through the page:
sign up, one opens a table, the other joins from the lobby, and they play to the end by
clicking the legal-action buttons and filling the choice forms (Snake Bones and Bamboozled
with the keyboard alone), the other page following live from the event stream."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.driver import AXE, GAMES, TIMEOUT, Player, axe_violations, play_to_end
from tests.support.server import Server

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]
KEYBOARD = {"snake-bones", "bamboozled"}


@pytest.mark.parametrize("slug", list(GAMES))
def test_two_players_play_a_whole_game_in_the_browser(
        slug: str, server: Server, browser: Any, screenshots: Path | None) -> None:
    options, policy = GAMES[slug]
    started = time.monotonic()
    # Two of the games are played with the keyboard alone (Tab, Space, typing, Enter).
    keyboard = slug in KEYBOARD
    alice = Player(browser, server.url, "alice", keyboard=keyboard)
    bob = Player(browser, server.url, "bob", keyboard=keyboard)
    try:
        alice.sign_up()
        bob.sign_up()
        game_id = alice.open_table(slug, options)
        bob.join(game_id)
        alice.start(players=2, first=0)
        bob.page.wait_for_selector("#table[data-status=active]", timeout=TIMEOUT)
        def snapshot(moves: int) -> None:
            if moves != 2:
                return
            if AXE.exists():  # each game's table in play: nothing serious for axe-core
                assert axe_violations(alice.page, str(AXE)) == []
            if screenshots is not None and slug in ("snake-bones", "dark-knights"):
                alice.page.screenshot(path=str(screenshots / f"table-{slug}.png"), full_page=True)

        moves = play_to_end([alice, bob], policy, after_move=snapshot)
        for player in (alice, bob):
            result = player.page.inner_text("#result")
            assert "Winner" in result or "No winner" in result
            assert player.page.is_visible("a[href^='#/replay/']")
            # "What happened" tells the events in sentences (their `text`), not data.
            told = player.page.locator("ul.log li").all_inner_texts()
            assert told and all(re.fullmatch(r"\d+\. \S.*[.!]", item) for item in told), told
            assert player.errors == [], player.errors
            assert player.offsite == [], player.offsite
            # One request per move: the legal actions come with the move's answer and the
            # stream's turn frames; asked for only on the table's first reads.
            # (A seat may end a game without the other ever moving: Dark Knights' dice can
            # finish it within the first player's turns, so moves are counted for both.)
            posted, asked = player.asked("POST", "/actions"), player.asked("GET", "/legal-actions")
            print(f"\n{player.name}: {posted} moves posted, {asked} legal-actions read")
            assert asked <= 3, (player.name, posted, asked)
        assert sum(p.asked("POST", "/actions") for p in (alice, bob)) >= 1
        print(f"\n{slug}: {moves} moves{' by keyboard' if keyboard else ''} through the page in "
              f"{time.monotonic() - started:.1f} s")
    finally:
        alice.close()
        bob.close()
