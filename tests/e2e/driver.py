"""A player in a browser: signs up, opens or joins a table and plays through the page
alone (clicking the legal-action buttons and filling the choice forms the page shows),
as a person with a mouse or a keyboard would. The policies pick moves that end games
soon; they read only what the page shows (each control's `data-action` /
`data-choice`: the legal-actions item it stands for)."""

from __future__ import annotations

import itertools
import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

_names = itertools.count()
PASSWORD = "correct-horse-battery-9"
TIMEOUT = 60_000  # ms: a busy machine (load 12 on 2 cores seen); waits end as soon as they can
# axe-core, pinned in package.json and loaded from node_modules by the tests only.
AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"


@dataclass
class Move:
    index: int
    fields: dict[str, Any]


class Player:
    def __init__(self, browser: Any, base_url: str, name: str | None = None,
                 keyboard: bool = False, channel: bool = True) -> None:
        self.name = name or f"web{int(time.time() * 1000) % 10_000_000}{next(_names)}"
        # keyboard: every move is made with Tab, Space, typing and Enter, no click.
        self.keyboard = keyboard
        # The page's Content-Security-Policy forbids eval, which Playwright's waits use;
        # requests anywhere but this server are recorded (self.offsite) and must be none.
        self.context = browser.new_context(base_url=base_url,
                                           viewport={"width": 1200, "height": 900},
                                           bypass_csp=True)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.offsite: list[str] = []
        # The API requests made (method and path): one request per move (decision 0032).
        self.requests: list[tuple[str, str]] = []
        self.page.on("request", self._request)
        if not channel:
            # No live channel (web/src/channel.ts): its ticket is refused, as by a proxy
            # that drops streams, so the page relies on its other signals (focus, the table).
            self.context.route("**/api/v1/me/stream-ticket", lambda route: route.abort())

    def _request(self, request: Any) -> None:
        if not request.url.startswith(("http://127.0.0.1:", "data:", "blob:")):
            self.offsite.append(request.url)
        elif "/api/v1/" in request.url:
            self.requests.append((request.method, request.url.split("?")[0]))

    def asked(self, method: str, ending: str) -> int:
        """How many requests of `method` to a path ending with `ending` the page made."""
        return sum(1 for m, path in self.requests if m == method and path.endswith(ending))

    def close(self) -> None:
        self.context.close()

    # --- account and lobby ------------------------------------------------------------

    def sign_up(self) -> None:
        page = self.page
        page.goto("/play/")
        page.wait_for_selector("#username", timeout=TIMEOUT)
        page.fill("#username", self.name)
        page.fill("#password", PASSWORD)
        page.click("button[value=register]")
        page.wait_for_selector("#create-form", timeout=TIMEOUT)

    def log_out_and_in(self) -> None:
        page = self.page
        page.click("button:has-text('Log out')")
        page.wait_for_selector("#username", timeout=TIMEOUT)
        page.fill("#username", self.name.upper())  # logins may use any case
        page.fill("#password", PASSWORD)
        page.click("button[value=login]")
        page.wait_for_selector("#create-form", timeout=TIMEOUT)

    def open_table(self, slug: str, options: dict[str, Any], seats: int = 2,
                   turn_clock: int | None = None, bot_level: str | None = None) -> str:
        page = self.page
        page.select_option("#game-type", slug)
        if bot_level is not None:  # among the game type's levels, offered once it is chosen
            page.select_option("#bots-level", bot_level)
        page.fill("#seats", str(seats))
        page.select_option("#turn-clock", "" if turn_clock is None else str(turn_clock))
        for name, value in options.items():
            field = page.locator(f"#option-{name}")
            if isinstance(value, bool):
                field.set_checked(value)
            elif field.evaluate("e => e.tagName") == "SELECT":
                field.select_option(str(value))
            else:
                field.fill("" if value is None else str(value))
        page.click("#create-form button[type=submit]")
        page.wait_for_selector("#table[data-status=lobby]", timeout=TIMEOUT)
        return str(page.get_attribute("#table", "data-game-id"))

    def join(self, game_id: str) -> None:
        page = self.page
        row = page.locator(f'#open-tables tr[data-game-id="{game_id}"] button')
        for _ in range(20):
            page.click("button:has-text('Refresh')")
            try:
                row.wait_for(timeout=1000)
                break
            except Exception:  # noqa: BLE001 - the list refreshes; try again
                continue
        row.click()
        page.wait_for_selector(f'#table[data-game-id="{game_id}"]', timeout=TIMEOUT)

    def start(self, players: int, first: int | None = 0) -> None:
        page = self.page
        page.wait_for_function(
            f"document.querySelectorAll('#lobby .seat-list li').length >= {players}",
            timeout=TIMEOUT)
        page.select_option("#first-player", "" if first is None else str(first))
        page.click("#start")
        page.wait_for_selector("#table[data-status=active]", timeout=TIMEOUT)

    # --- the table --------------------------------------------------------------------

    def settled(self, at_least: int = 0) -> int:
        """Waits until the table is read (not busy) at `at_least` or later; its version."""
        self.page.wait_for_function(
            "v => { const t = document.querySelector('#table');"
            " return t && t.dataset.busy === 'false' && Number(t.dataset.version) >= v; }",
            arg=at_least, timeout=TIMEOUT)
        return self.version()

    def version(self) -> int:
        return int(self.page.get_attribute("#table", "data-version") or -1)

    def status(self) -> str:
        return str(self.page.get_attribute("#table", "data-status"))

    def items(self) -> list[dict[str, Any]]:
        raw = self.page.eval_on_selector_all(
            "#actions [data-action], #actions form[data-choice]",
            "els => els.map(e => e.dataset.action || e.dataset.choice)")
        return [json.loads(r) for r in raw]

    def tab_to(self, target: Any, presses: int = 150) -> None:
        """Presses Tab until `target` has the focus (it must be in the focus order)."""
        for _ in range(presses):
            if target.evaluate("el => el === document.activeElement"):
                return
            self.page.keyboard.press("Tab")
        raise AssertionError(f"{self.name}: Tab never reached {target}")

    def _act_by_keyboard(self, control: Any, item: dict[str, Any], move: Move) -> None:
        keys = self.page.keyboard
        if "choose" not in item:
            self.tab_to(control)
            keys.press("Enter")
            return
        for name, value in move.fields.items():
            if isinstance(value, list):
                boxes = control.locator(f'input[type=checkbox][name="{name}"]')
                for i in range(boxes.count()):
                    box = boxes.nth(i)
                    wanted = int(box.get_attribute("value") or -1) in value
                    if box.is_checked() != wanted:
                        self.tab_to(box)
                        keys.press("Space")
            else:
                field = control.locator(f'input[name="{name}"]')
                self.tab_to(field)
                keys.press("Control+A")
                keys.type(str(value))
        self.tab_to(control.locator("button[type=submit]"))
        keys.press("Enter")

    def act(self, move: Move, items: list[dict[str, Any]]) -> int:
        """Makes the move through the page; the version after it."""
        page = self.page
        before = self.version()
        control = page.locator("#actions [data-action], #actions form[data-choice]").nth(move.index)
        item = items[move.index]
        if self.keyboard:
            self._act_by_keyboard(control, item, move)
        elif "choose" in item:
            for name, value in move.fields.items():
                if isinstance(value, list):
                    boxes = control.locator(f'input[type=checkbox][name="{name}"]')
                    for i in range(boxes.count()):
                        box = boxes.nth(i)
                        box.set_checked(int(box.get_attribute("value") or -1) in value)
                else:
                    control.locator(f'input[name="{name}"]').fill(str(value))
            control.locator("button[type=submit]").click()
        else:
            control.click()
        page.wait_for_function(
            "v => { const t = document.querySelector('#table');"
            " return t.dataset.busy === 'false' && (Number(t.dataset.version) > v"
            " || document.querySelector('#table-error').textContent !== ''); }",
            arg=before, timeout=TIMEOUT)
        after = self.version()
        if after <= before:
            raise AssertionError(f"{self.name}: {item} did nothing: "
                                 f"{page.text_content('#table-error')}")
        return after


Policy = Callable[[list[dict[str, Any]]], Move]


def axe_violations(page: Any, axe_js: str) -> list[dict[str, Any]]:
    """axe-core's serious and critical findings on the page as it stands (WCAG 2 A/AA)."""
    page.add_script_tag(path=axe_js)
    result = page.evaluate("""async () => (await axe.run(document, {
        runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']}})).violations
        .filter(v => v.impact === 'serious' || v.impact === 'critical')
        .map(v => ({id: v.id, help: v.help,
                    nodes: v.nodes.map(n => n.target.join(' ')).slice(0, 5)}))""")
    return list(result)


def fill(items: list[dict[str, Any]], index: int) -> Move:
    """Item `index`, with every choice field at its largest: the maximum of a range, as
    many of a subset as it allows."""
    choose = items[index].get("choose", {})
    fields: dict[str, Any] = {}
    for name, domain in choose.items():
        fields[name] = (list(domain["of"][: domain["max_size"]]) if "of" in domain
                        else domain["maximum"])
    return Move(index, fields)


def prefer(*types: str, last: tuple[str, ...] = ()) -> Policy:
    """The first item of the first type listed (the last item for types in `last`)."""
    def policy(items: list[dict[str, Any]]) -> Move:
        for kind in types:
            found = [i for i, item in enumerate(items) if item["type"] == kind]
            if found:
                return fill(items, found[-1] if kind in last else found[0])
        return fill(items, 0)
    return policy


def bamboozled(items: list[dict[str, Any]]) -> Move:
    plain = [i for i, item in enumerate(items)
             if item["type"] == "declare" and not item.get("card")]
    for kind in ("discard", "call"):
        found = [i for i, item in enumerate(items) if item["type"] == kind]
        if found:
            return fill(items, found[0])
    if plain:
        return fill(items, plain[-1])  # the highest score: soon called
    return prefer("roll", "concede", "accept")(items)


# Options that keep each game short, and the moves that end it soon.
GAMES: dict[str, tuple[dict[str, Any], Policy]] = {
    "snake-bones": ({}, prefer("stake", "call_bluff", "bid")),
    "bamboozled": ({"strikes": 3}, bamboozled),
    "dark-knights": ({"target": 50}, prefer("hold", "set_aside", "roll", last=("set_aside",))),
    "skip-bo-dice": ({"claim_window": "open"},
                     prefer("fill", "claim_bonus", "done", "stockpile", "pass_claim")),
    "bare-bones": ({"rounds": 1}, prefer("draft", "stop_playing", "roll", "keep_dice",
                                         "choose_doubled", "choose_parity", "end_buying",
                                         "place_hot_potato", "end_matching", "swap_finish",
                                         "borrow")),
}


def play_to_end(players: list[Player], policy: Policy, max_moves: int = 400,
                after_move: Callable[[int], None] | None = None) -> int:
    """Both pages play until the game is over; the number of moves made. `after_move(n)`
    runs once both pages show the n-th move."""
    version = max(p.settled() for p in players)
    moves = 0
    while moves < max_moves:
        for p in players:
            p.settled(version)
        if after_move and moves:
            after_move(moves)
        if players[0].status() == "finished":
            for p in players:
                p.page.wait_for_selector("#table[data-status=finished]", timeout=TIMEOUT)
            return moves
        for p in players:
            items = p.items()
            if items:
                version = p.act(policy(items), items)
                moves += 1
                break
        else:
            raise AssertionError(f"nobody has a move at version {version}: "
                                 + " / ".join(p.page.inner_text("#table-status") for p in players))
    raise AssertionError(f"the game did not end in {max_moves} moves")


# --- between the tables (the inbox, rematches, watching) ---------------------------------

def two_at_a_table(host: Player, guest: Player, first: int | None = 0,
                   turn_clock: int | None = None) -> str:
    """`host` opens a Dark Knights table of two from the lobby (its default options: a
    game that lasts), `guest` joins it, `host` starts it (`first` goes first); the game's
    id. Both pages are left at its table."""
    host.page.goto("/play/#/")
    host.page.wait_for_selector("#create-form", timeout=TIMEOUT)
    game_id = host.open_table("dark-knights", {}, turn_clock=turn_clock)
    guest.page.goto("/play/#/")
    guest.page.wait_for_selector("#create-form", timeout=TIMEOUT)
    guest.join(game_id)
    host.start(players=2, first=first)
    guest.page.wait_for_selector(f'#table[data-game-id="{game_id}"][data-status=active]',
                                 timeout=TIMEOUT)
    return game_id


def play_turn(player: Player, policy: Policy, max_moves: int = 30) -> int:
    """`player` moves until the table awaits them no more; the moves made."""
    player.settled()
    for moves in range(max_moves):
        items = player.items()
        if not items:
            return moves
        player.act(policy(items), items)
    raise AssertionError(f"{player.name}'s turn did not end in {max_moves} moves")


def inbox_order(player: Player) -> list[str]:
    """The game ids the inbox lists, in its order."""
    return list(player.page.eval_on_selector_all(
        "#inbox .inbox-game", "els => els.map(e => e.dataset.gameId)"))


def regain_focus(player: Player) -> None:
    """What the browser tells a page when its window is brought back to the front."""
    player.page.evaluate("() => window.dispatchEvent(new Event('focus'))")
