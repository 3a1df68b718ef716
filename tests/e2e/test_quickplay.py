"""Quick play, the player's live channel and the players' records in the browser
(web/src/quickplay.ts, channel.ts, ratings.ts, profile.ts, leaderboard.ts): two players
ask for a two-seat Snake Bones table and both land at it (alice, who asked first, learns
of the match from her channel alone: her page may not read the ticket again); a `your_turn`
notice refreshes bob's inbox in the lobby with no focus change (his channel opened again
with a fresh ticket after its first was refused); the game, rated as quick play's games
are, shows each seat's rating change once the worker's projector applied it, and the
winner's profile and the leaderboard list it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.bots.conftest import start_worker
from tests.clocks.worker import Worker
from tests.e2e.driver import AXE, GAMES, TIMEOUT, Player, axe_violations, play_to_end
from tests.support.server import Server

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

OPTIONS, POLICY = GAMES["snake-bones"]


@pytest.fixture(scope="module")
def server(web_client: Path, django_db_setup: Any, tmp_path_factory: pytest.TempPathFactory
           ) -> Iterator[Server]:
    """The server, with a leaderboard that lists a player after one rated game."""
    running = Server(tmp_path_factory.mktemp("web"), DICE_LEADERBOARD_MIN_GAMES="1")
    running.start()
    yield running
    running.stop()


@pytest.fixture
def worker(tmp_path: Path, server: Server) -> Iterator[Worker]:
    """Celery with beat: the projector that applies the ratings."""
    yield from start_worker(tmp_path)


def quick_play(player: Player) -> None:
    page = player.page
    page.wait_for_selector("#quickplay-form", timeout=TIMEOUT)
    page.select_option("#quick-game-type", "snake-bones")
    page.fill("#quick-min", "2")
    page.fill("#quick-max", "2")
    page.click("#quickplay-start")


def at_table(player: Player) -> str:
    player.page.wait_for_selector("#table[data-status=active]", timeout=TIMEOUT)
    return str(player.page.get_attribute("#table", "data-game-id"))


def move_while_awaited(player: Player) -> int:
    """`player` moves at the table until the game awaits only others; the version."""
    version = player.settled()
    while player.status() == "active" and (items := player.items()):
        version = player.act(POLICY(items), items)
        version = player.settled(version)
    return version


def test_quick_play_the_channel_and_the_records(
        server: Server, worker: Worker, browser: Any, screenshots: Path | None) -> None:
    alice, bob = Player(browser, server.url), Player(browser, server.url)
    # alice's page may not read her ticket again (quick play's fallback): only her
    # channel's match_found can take her to the table.
    alice.context.route("**/api/v1/matchmaking/tickets/*",
                        lambda route: (route.abort() if route.request.method == "GET"
                                       else route.continue_()))
    # bob's first channel is refused (as a dropped stream would be): his page asks for a
    # fresh ticket and opens it again.
    refused: list[str] = []
    tickets: list[str] = []
    bob.page.on("request",
                lambda r: tickets.append(r.url) if "/me/stream-ticket" in r.url else None)

    def refuse_once(route: Any) -> None:
        if refused:
            route.continue_()
            return
        refused.append(route.request.url)
        route.fulfill(status=503, body="")
    bob.context.route("**/api/v1/me/stream?*", refuse_once)
    try:
        alice.sign_up()
        bob.sign_up()
        alice.page.wait_for_selector("body[data-channel=open]", timeout=TIMEOUT)
        bob.page.wait_for_selector("body[data-channel=open]", timeout=TIMEOUT)
        assert len(refused) == 1 and len(tickets) == 2
        # A ticket cancelled, then another.
        quick_play(alice)
        alice.page.wait_for_selector("#quickplay-waiting", timeout=TIMEOUT)
        alice.page.click("#quickplay-cancel")
        alice.page.wait_for_selector("#quickplay-form:not([hidden])", timeout=TIMEOUT)
        assert "cancelled" in alice.page.inner_text("#quickplay-status")
        quick_play(alice)
        alice.page.wait_for_selector("#quickplay-waiting", timeout=TIMEOUT)
        assert alice.page.is_visible("#quickplay-cancel")
        assert "Snake Bones table of 2" in alice.page.inner_text("#quickplay-waiting")
        if screenshots is not None:
            alice.page.screenshot(path=str(screenshots / "quick-play.png"), full_page=True)
        quick_play(bob)
        game_id = at_table(bob)
        assert at_table(alice) == game_id
        alice.page.wait_for_selector(
            f'#notice-line [data-kind=match_found][data-game-id="{game_id}"]', timeout=TIMEOUT)

        # bob moves while awaited, then waits in the lobby; alice's moves hand him the turn.
        move_while_awaited(bob)
        bob.page.goto("/play/#/")
        entry = f'#inbox .inbox-game[data-game-id="{game_id}"]'
        bob.page.wait_for_selector(f'{entry}[data-my-turn="false"]', timeout=TIMEOUT)
        focus_events = bob.page.evaluate_handle(
            "() => { const seen = []; window.addEventListener('focus', () => seen.push(1));"
            " document.addEventListener('visibilitychange', () => seen.push(2)); return seen; }")
        version = move_while_awaited(alice)
        bob.page.wait_for_selector(f'{entry}[data-my-turn="true"][data-version="{version}"]',
                                   timeout=TIMEOUT)
        assert bob.page.is_visible(f'#notice-line [data-kind=your_turn][data-game-id="{game_id}"]')
        assert focus_events.evaluate("seen => seen.length") == 0

        bob.page.click(f"{entry} a")
        at_table(bob)
        play_to_end([alice, bob], POLICY)

        # Rated: the changes appear once the projector has run (the table reads again).
        page = alice.page
        page.wait_for_selector("#rating-changes[data-ready=true]", timeout=TIMEOUT)
        changes = page.inner_text("#rating-changes")
        assert alice.name in changes and bob.name in changes and "→" in changes
        winner = (page.inner_text("#result .winner").removeprefix("Winner: ")
                  .split(" ")[0].rstrip("."))
        page.click(f'#rating-changes a.player:text-is("{winner}")')
        page.wait_for_selector("#profile[data-busy=false]", timeout=TIMEOUT)
        row = page.inner_text('#profile-record-table tr[data-game-type="snake-bones"]')
        assert row.split("\t")[1:3] == ["1", "1"], row
        page.wait_for_selector(f'#profile-games li[data-game-id="{game_id}"]', timeout=TIMEOUT)
        if screenshots is not None:
            page.screenshot(path=str(screenshots / "profile.png"), full_page=True)
        page.click('#profile-record-table a[href="#/leaderboard/snake-bones"]')
        page.wait_for_selector("#leaderboard[data-busy=false]", timeout=TIMEOUT)
        board = page.inner_text("#leaderboard-entries")
        assert alice.name in board and bob.name in board
        assert page.inner_text("#leaderboard tbody tr:first-child td:nth-child(2)") == winner
        if AXE.exists():
            assert axe_violations(page, str(AXE)) == []
        for player in (alice, bob):
            assert player.errors == [] and player.offsite == []
    finally:
        alice.close()
        bob.close()
