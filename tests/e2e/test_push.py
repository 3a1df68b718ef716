"""Web Push in the page (issue #30, item 4): its CSP and service-worker scope in Chromium,
the notices the service worker shows and where a click on one leads, and the flow that
subscribes this browser (web/src/push.ts, web/src/notifications.ts, web/worker/sw.ts).

Headless Chromium has no push service, so nothing here reaches one: a push is delivered
to the worker through the DevTools protocol (`ServiceWorker.deliverPushMessage`), and
`PushManager.subscribe` is replaced in the page by a stub answering a fake subscription.
The server's push endpoints (`/api/v1/push/vapid-public-key`, `/api/v1/me/push-
subscriptions`, `/api/v1/me/notifications`) are another helper's work and do not exist
in this branch: the page's requests to them are answered here by Playwright's routes,
which record what the page sent (to be pointed at the real endpoints after the merge)."""

from __future__ import annotations

import base64
import json
import time
import urllib.request
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings

from tests.e2e.driver import AXE, PASSWORD, TIMEOUT, Player, axe_violations
from tests.support.server import Server

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

# A P-256 public key as the server gives it: 65 bytes, uncompressed (0x04, x, y).
KEY = bytes([4]) + bytes(range(1, 65))
KEY_B64 = base64.urlsafe_b64encode(KEY).rstrip(b"=").decode()
FAKE_ENDPOINT = "https://push.example.invalid/send/fake-subscription"
FAKE_KEYS = {"p256dh": base64.urlsafe_b64encode(bytes([4]) + bytes(64)).rstrip(b"=").decode(),
             "auth": "c2l4dGVlbiBieXRlcyEh"}
SUBSCRIPTION_ID = "7b0c6f0e-4a52-4a53-9d6e-0f3a4c2b9e10"

# Before the page's script: PushManager's subscribe and getSubscription answer a fake
# subscription (no push service here), and what they were asked is kept for the test.
STUB_PUSH_MANAGER = "(() => {\n  const made = " + json.dumps(
    {"endpoint": FAKE_ENDPOINT, "expirationTime": None, "keys": FAKE_KEYS}) + """;
  const stub = window.pushStub = {subscribed: [], unsubscribed: 0, current: null};
  const fake = (options) => ({
    endpoint: made.endpoint, expirationTime: null, options,
    toJSON() { return made; },
    async unsubscribe() { stub.unsubscribed += 1; stub.current = null; return true; },
  });
  PushManager.prototype.subscribe = async function (options) {
    stub.subscribed.push({userVisibleOnly: options.userVisibleOnly,
                          key: Array.from(new Uint8Array(options.applicationServerKey))});
    stub.current = fake(options);
    return stub.current;
  };
  PushManager.prototype.getSubscription = async function () { return stub.current; };
})();"""

# Every Content-Security-Policy violation the page reports, kept for the test.
RECORD_CSP_VIOLATIONS = """document.addEventListener('securitypolicyviolation', (e) => {
  (window.cspViolations = window.cspViolations || []).push(
    `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
});"""

REGISTER = """() => navigator.serviceWorker.register('/play/sw.js', {scope: '/play/'})
  .then(() => navigator.serviceWorker.ready).then((r) => r.scope)"""
NOTIFICATIONS = """() => navigator.serviceWorker.ready.then((r) => r.getNotifications())
  .then((ns) => ns.map((n) => ({title: n.title, body: n.body, tag: n.tag, data: n.data})))"""


def until(check: Callable[[], Any], what: str, page: Any) -> Any:
    """`check()`'s first truthy answer, asked every 100 ms (the page's events run between)."""
    deadline = time.monotonic() + TIMEOUT / 1000
    while time.monotonic() < deadline:
        answer = check()
        if answer:
            return answer
        page.wait_for_timeout(100)
    raise AssertionError(f"never: {what}")


def fetch(url: str) -> tuple[int, Any, bytes]:
    """The status, the headers (any case) and the body."""
    with urllib.request.urlopen(url, timeout=30) as answer:
        return answer.status, answer.headers, answer.read()


class PushApi:
    """The server's push endpoints as this branch's page sees them (Playwright routes):
    what the page sent, and the contract's answers."""

    def __init__(self, context: Any, disabled: bool = False) -> None:
        self.sent: list[tuple[str, str, Any]] = []
        self.settings = {"your_turn": True, "match_found": True, "rematch_offered": True,
                         "clock_warning": True, "game_finished": True}
        self.disabled = disabled
        context.route("**/api/v1/push/vapid-public-key", self._key)
        context.route("**/api/v1/me/push-subscriptions**", self._subscriptions)
        context.route("**/api/v1/me/notifications", self._settings)

    def _record(self, route: Any) -> Any:
        request = route.request
        body = json.loads(request.post_data) if request.post_data else None
        self.sent.append((request.method, request.url.split("/api/v1", 1)[1], body))
        assert (request.headers.get("authorization") or "").startswith("Token "), request.headers
        return body

    def _key(self, route: Any) -> None:
        if self.disabled:
            route.fulfill(status=404, content_type="application/problem+json", body=json.dumps(
                {"type": "about:blank", "title": "Not Found", "status": 404, "code": "push_disabled",
                 "detail": "This server sends no push notifications."}))
        else:
            route.fulfill(status=200, json={"public_key": KEY_B64})

    def _subscriptions(self, route: Any) -> None:
        body = self._record(route)
        if route.request.method == "POST":
            route.fulfill(status=201, json={"id": SUBSCRIPTION_ID, "endpoint": body["endpoint"],
                                            "language": body.get("language", "en"),
                                            "expiration_time": None,
                                            "created_at": "2026-11-27T10:00:00Z"})
        elif route.request.method == "DELETE":
            route.fulfill(status=204, body="")
        else:
            route.fulfill(status=200, json=[])

    def _settings(self, route: Any) -> None:
        body = self._record(route)
        if route.request.method == "PATCH":
            self.settings.update(body["push"])
        route.fulfill(status=200, json={"push": self.settings})


def sign_up(page: Any, name: str) -> None:
    """Through the page alone (nothing evaluated: this page keeps its CSP)."""
    page.goto("/play/")
    page.wait_for_selector("#username", timeout=TIMEOUT)
    page.fill("#username", name)
    page.fill("#password", PASSWORD)
    page.click("button[value=register]")
    page.wait_for_selector("#create-form", timeout=TIMEOUT)


def test_the_page_its_worker_and_manifest_are_served_with_their_headers(server: Server) -> None:
    status, page_headers, index = fetch(f"{server.url}/play/")
    assert status == 200
    assert b'<link rel="manifest" href="/play/manifest.webmanifest">' in index
    assert page_headers["Content-Security-Policy"] == settings.WEB_CLIENT_CSP
    assert "worker-src 'self'" in settings.WEB_CLIENT_CSP
    assert "manifest-src 'self'" in settings.WEB_CLIENT_CSP
    status, headers, script = fetch(f"{server.url}/play/sw.js")
    assert status == 200
    assert headers["Content-Type"].startswith("text/javascript"), headers
    # A fixed name, read again at every visit (never immutable), bound by the same policy.
    assert headers["Cache-Control"] == "no-cache", headers
    assert headers["Content-Security-Policy"] == settings.WEB_CLIENT_CSP
    assert b"notificationclick" in script and b"showNotification" in script
    status, headers, body = fetch(f"{server.url}/play/manifest.webmanifest")
    assert headers["Content-Type"].startswith("application/manifest+json"), headers
    manifest = json.loads(body)
    assert (manifest["start_url"], manifest["scope"], manifest["display"]) == ("/play/", "/play/", "standalone")
    for icon in manifest["icons"]:
        status, headers, _ = fetch(f"{server.url}{icon['src']}")
        assert status == 200 and headers["Content-Type"].startswith(icon["type"])


def test_turning_notifications_on_and_off_under_the_pages_csp(server: Server, browser: Any) -> None:
    """The player's click asks the permission, registers the worker (scope /play/, no CSP
    violation: this context keeps the page's policy), subscribes with the server's key
    and POSTs the subscription as the contract says (answered by a route here: the
    endpoint is the push helper's); the per-kind choices PATCH; off DELETEs and
    unsubscribes."""
    context = browser.new_context(base_url=server.url, locale="fr-FR")
    try:
        context.grant_permissions(["notifications"], origin=server.url)
        context.add_init_script(RECORD_CSP_VIOLATIONS)
        context.add_init_script(STUB_PUSH_MANAGER)
        api = PushApi(context)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("console", lambda m: errors.append(m.text) if "Content Security Policy" in m.text else None)
        sign_up(page, f"push{uuid.uuid4().hex[:10]}")
        page.wait_for_selector("#notifications[data-state=off]", timeout=TIMEOUT)
        # Nothing registered, nothing asked until the player clicks.
        assert page.evaluate("navigator.serviceWorker.getRegistration('/play/').then((r) => !!r)") is False
        assert page.evaluate("Notification.permission") == "granted"  # granted by the test
        page.click("#notifications-toggle")
        page.wait_for_selector("#notifications[data-state=on]", timeout=TIMEOUT)
        scope = page.evaluate("navigator.serviceWorker.getRegistration('/play/').then((r) => r.scope)")
        assert scope == f"{server.url}/play/"
        assert page.evaluate("window.pushStub.subscribed") == [{"userVisibleOnly": True, "key": list(KEY)}]
        posted = [(m, path, body) for m, path, body in api.sent if m == "POST"]
        assert posted == [("POST", "/me/push-subscriptions",
                           {"endpoint": FAKE_ENDPOINT, "expirationTime": None, "keys": FAKE_KEYS,
                            "language": "fr"})]
        # The notices chosen kind by kind: each box PATCHes its own.
        page.wait_for_selector("#notification-kinds input[value=clock_warning]", timeout=TIMEOUT)
        page.uncheck("#notification-kinds input[value=clock_warning]")
        until(lambda: api.settings["clock_warning"] is False, "the PATCH", page)
        assert ("PATCH", "/me/notifications", {"push": {"clock_warning": False}}) in api.sent
        page.click("#notifications-toggle")
        page.wait_for_selector("#notifications[data-state=off]", timeout=TIMEOUT)
        assert ("DELETE", f"/me/push-subscriptions/{SUBSCRIPTION_ID}", None) in api.sent
        assert page.evaluate("window.pushStub.unsubscribed") == 1
        assert page.evaluate("window.cspViolations || []") == []
        assert errors == []
    finally:
        context.close()


def test_what_the_card_says_when_push_cannot_be_turned_on(server: Server, browser: Any) -> None:
    """A server without push (404 `push_disabled`) and a browser that blocked notifications
    offer no button; nothing is asked, registered or subscribed."""
    for disabled, permission, state in ((True, "granted", "disabled"), (False, "denied", "denied")):
        player = Player(browser, server.url)
        try:
            if permission == "granted":
                player.context.grant_permissions(["notifications"], origin=server.url)
            else:  # as a browser whose user blocked the site
                player.context.add_init_script(
                    "Object.defineProperty(Notification, 'permission', {get: () => 'denied'})")
            player.context.add_init_script(STUB_PUSH_MANAGER)
            api = PushApi(player.context, disabled=disabled)
            player.sign_up()
            player.page.wait_for_selector(f"#notifications[data-state={state}]", timeout=TIMEOUT)
            assert player.page.is_hidden("#notifications-toggle")
            assert player.page.evaluate("window.pushStub.subscribed") == []
            assert [m for m, _, _ in api.sent] == []
            assert player.errors == [] and player.offsite == []
        finally:
            player.close()


def test_the_card_on_is_accessible_and_log_out_turns_it_off(server: Server, browser: Any,
                                                          screenshots: Path | None) -> None:
    """axe-core (WCAG 2 A/AA) on the lobby with the card on and its notice kinds shown;
    *Log out* deletes the subscription and unsubscribes before the token is revoked."""
    player = Player(browser, server.url)
    try:
        player.context.grant_permissions(["notifications"], origin=server.url)
        player.context.add_init_script(STUB_PUSH_MANAGER)
        api = PushApi(player.context)
        player.sign_up()
        player.page.click("#notifications-toggle")
        player.page.wait_for_selector("#notification-kinds input[value=game_finished]", timeout=TIMEOUT)
        player.page.wait_for_selector("#inbox[data-busy=false]", timeout=TIMEOUT)
        assert player.page.inner_text("#notifications-status") == "Notifications are on in this browser."
        assert axe_violations(player.page, str(AXE)) == []
        if screenshots is not None:
            player.page.screenshot(path=str(screenshots / "notifications.png"), full_page=True)
        player.page.click("button:has-text('Log out')")
        player.page.wait_for_selector("#username", timeout=TIMEOUT)
        assert ("DELETE", f"/me/push-subscriptions/{SUBSCRIPTION_ID}", None) in api.sent
        assert player.page.evaluate("window.pushStub.unsubscribed") == 1
        assert player.errors == [] and player.offsite == []
    finally:
        player.close()


class Pushes:
    """Pushes delivered to the page's worker through the DevTools protocol."""

    def __init__(self, page: Any, origin: str) -> None:
        self.page = page
        self.origin = origin
        self.registrations: dict[str, dict[str, Any]] = {}
        self.cdp = page.context.new_cdp_session(page)
        self.cdp.on("ServiceWorker.workerRegistrationUpdated", self._updated)
        self.cdp.send("ServiceWorker.enable")

    def _updated(self, event: dict[str, Any]) -> None:
        for registration in event["registrations"]:
            self.registrations[registration["registrationId"]] = registration

    def registration_id(self) -> str:
        def found() -> str | None:
            return next((r["registrationId"] for r in self.registrations.values()
                         if r["scopeURL"] == f"{self.origin}/play/" and not r["isDeleted"]), None)
        return str(until(found, "the worker's registration", self.page))

    def deliver(self, data: str) -> None:
        self.cdp.send("ServiceWorker.deliverPushMessage", {
            "origin": self.origin, "registrationId": self.registration_id(), "data": data})

    def shown(self) -> list[dict[str, Any]]:
        return list(self.page.evaluate(NOTIFICATIONS))

    def wait_for(self, title: str, tag: str) -> list[dict[str, Any]]:
        """The notifications once one tagged `tag` says `title`."""
        def there() -> list[dict[str, Any]] | None:
            shown = self.shown()
            return shown if any(n["tag"] == tag and n["title"] == title for n in shown) else None
        return list(until(there, f"a notification {tag!r} titled {title!r}", self.page))


def notice(game: str, version: int, title: str, url: str | None = None, kind: str = "your_turn"
           ) -> str:
    return json.dumps({"kind": kind, "game": game, "game_type": "dark-knights", "version": version,
                       "title": title, "body": f"{title} (version {version})",
                       "url": url if url is not None else f"/play/#/game/{game}"})


def test_a_push_shows_a_notice_and_a_click_opens_its_game(server: Server, browser: Any) -> None:
    """A push's title, body and game url make a notification, one a game (a newer notice
    replaces the older; an older one that comes late does not); a push without JSON
    shows a generic notice; a url of another site becomes the page's. A click (dispatched
    in the worker: headless Chromium has no notification to click) sends an open window
    of the page to the game."""
    player = Player(browser, server.url)
    try:
        player.context.grant_permissions(["notifications"], origin=server.url)
        player.sign_up()
        page = player.page
        assert page.evaluate(REGISTER) == f"{server.url}/play/"
        pushes = Pushes(page, server.url)
        first, second = str(uuid.uuid4()), str(uuid.uuid4())

        pushes.deliver(notice(first, 3, "Your turn in Dark Knights"))
        [shown] = pushes.wait_for("Your turn in Dark Knights", f"game-{first}")
        assert shown["body"] == "Your turn in Dark Knights (version 3)"
        assert shown["data"]["url"] == f"{server.url}/play/#/game/{first}"

        pushes.deliver(notice(first, 5, "Your clock runs low", kind="clock_warning"))
        [shown] = pushes.wait_for("Your clock runs low", f"game-{first}")  # replaced: still one
        # A stale notice (version 4 < 5) arrives late, then one of another game: the worker
        # handles pushes in order, and each first reads the notifications shown (the same
        # channel as showing one), so once the second game's is shown the stale one is done.
        pushes.deliver(notice(first, 4, "Stale"))
        pushes.deliver(notice(second, 1, "Rematch offered", url="https://elsewhere.example/play/"))
        shown_now = pushes.wait_for("Rematch offered", f"game-{second}")
        assert sorted((n["tag"], n["title"]) for n in shown_now) == sorted([
            (f"game-{first}", "Your clock runs low"), (f"game-{second}", "Rematch offered")])
        assert next(n for n in shown_now if n["tag"] == f"game-{second}")["data"]["url"] == f"{server.url}/play/"

        pushes.deliver("not JSON at all")
        [generic] = [n for n in pushes.wait_for("Dice Games", "dice-games") if n["tag"] == "dice-games"]
        assert generic["body"] == "Something happened in one of your games."
        assert generic["data"]["url"] == f"{server.url}/play/"

        # The click: the worker's own handler, given the notification of the first game.
        worker = until(lambda: next((w for w in player.context.service_workers
                                     if w.url == f"{server.url}/play/sw.js"), None), "the worker", page)
        page.goto("/play/#/")
        page.wait_for_selector("#create-form", timeout=TIMEOUT)
        worker.evaluate("""async (tag) => {
          const [notification] = await self.registration.getNotifications({tag});
          self.dispatchEvent(new NotificationEvent('notificationclick', {notification}));
        }""", f"game-{first}")
        page.wait_for_url(f"{server.url}/play/#/game/{first}", timeout=TIMEOUT)
        until(lambda: all(n["tag"] != f"game-{first}" for n in pushes.shown()), "the notice closed", page)
        assert player.offsite == []
    finally:
        player.close()
