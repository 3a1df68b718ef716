"""Replay and dispute in the browser: a Snake Bones game played through the page to its
end (a bluff call ends it), then stepped through batch by batch to that call, where the
dispute report shows; the audit's verdict with the server seed and the commitment the
players were shown. axe-core (the pinned npm package, from node_modules) finds no serious
accessibility problem on the lobby, the table or the replay."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.driver import AXE, GAMES, TIMEOUT, Player, axe_violations, play_to_end
from tests.support.server import Server

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_replay_a_snake_bones_game_to_its_first_bluff_call(
        server: Server, browser: Any, screenshots: Path | None) -> None:
    alice, bob = Player(browser, server.url, "alice"), Player(browser, server.url, "bob")
    try:
        alice.sign_up()
        bob.sign_up()
        if AXE.exists():
            assert axe_violations(alice.page, str(AXE)) == []
        game_id = alice.open_table("snake-bones", {"ones_wild": True})
        bob.join(game_id)
        alice.start(players=2, first=1)
        shown = alice.page.inner_text("#commitment")
        assert re.fullmatch(r"[0-9a-f]{64}", shown)
        play_to_end([alice, bob], GAMES["snake-bones"][1])
        if AXE.exists():
            assert axe_violations(alice.page, str(AXE)) == []
        if screenshots is not None:
            alice.page.goto("/play/#/")
            alice.page.wait_for_selector("#my-games[aria-busy=false] table", timeout=TIMEOUT)
            alice.page.screenshot(path=str(screenshots / "lobby.png"), full_page=True)
            alice.page.goto(f"/play/#/game/{game_id}")
            alice.page.wait_for_selector("#result", timeout=TIMEOUT)

        # From the table's result to its replay, by keyboard.
        page = alice.page
        page.focus("a[href^='#/replay/']")
        page.keyboard.press("Enter")
        page.wait_for_selector("#replay[data-busy=false] #replay-step", timeout=TIMEOUT)
        assert page.locator("#dispute [data-challenge]").count() == 0
        calls = page.locator("[data-challenge-seq]")
        assert calls.count() == 1
        call_seq = int(calls.first.get_attribute("data-challenge-seq") or 0)

        # Step batch by batch (Next, by keyboard) until the call's dispute report shows.
        steps = 0
        while page.locator("#dispute [data-challenge]").count() == 0:
            version = int(page.get_attribute("#replay", "data-version") or 0)
            assert version < call_seq, "stepped past the call without its report"
            page.focus("#replay-next")
            page.keyboard.press("Enter")
            page.wait_for_function(
                "v => { const r = document.querySelector('#replay');"
                " return r.dataset.busy === 'false' && Number(r.dataset.version) > v; }",
                arg=version, timeout=TIMEOUT)
            steps += 1
        assert steps >= 3  # stakes, the opening bid, the call: each a batch of its own
        version = int(page.get_attribute("#replay", "data-version") or 0)
        assert version >= call_seq
        report = page.inner_text(f"#dispute [data-challenge='{call_seq}']")
        assert "Dispute report: bluff call" in report
        assert "What was revealed" in report and "The rule" in report
        assert "caller was right" in report or "caller was wrong" in report
        # The batch's events are told in sentences (their `text`): the call among them.
        assert re.search(r"(alice|bob) calls (alice|bob)'s bluff on \d+ × \d+: ",
                         page.inner_text("#replay-stage ol.log"))
        # The state at that version shows the reveal too.
        assert "Last call" in page.inner_text("#replay-stage")

        # The audit: every check passed, the seed revealed, the commitment as shown in play.
        page.wait_for_selector("#audit-verdict", timeout=TIMEOUT)
        assert "every check passed" in page.inner_text("#audit-verdict")
        assert re.fullmatch(r"[0-9a-f]{64}", page.inner_text("#audit-seed"))
        assert page.inner_text("#audit-commitment") == shown
        audit = page.inner_text("#audit")
        assert "(matches)" in audit and "(the same)" in audit
        if AXE.exists():
            assert axe_violations(page, str(AXE)) == []
        if screenshots is not None:
            top = page.locator("#replay-title").bounding_box()
            bottom = page.locator("#dispute").bounding_box()
            assert top and bottom
            page.screenshot(path=str(screenshots / "replay-dispute.png"), full_page=True, clip={
                "x": 0, "y": top["y"] - 16, "width": 1200,
                "height": bottom["y"] + bottom["height"] - top["y"] + 32})
            page.locator("#audit").screenshot(path=str(screenshots / "replay-audit.png"))
        assert alice.errors == [] and bob.errors == []
        assert alice.offsite == [] and bob.offsite == []
    finally:
        alice.close()
        bob.close()
