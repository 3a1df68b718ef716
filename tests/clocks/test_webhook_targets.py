"""Where a webhook may be delivered: private addresses refused at registration and at every
delivery (names are resolved, with a fake resolver here), no redirect followed, generic
errors only in the delivery log.

No test here looks up a real name: the resolver is replaced for every test, and the only
sockets opened are to servers of the test on 127.0.0.1.
"""

from __future__ import annotations

import socket
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer
from typing import Any, Iterator

import pytest
from django.test import override_settings
from django.utils import timezone

from events.webhooks import delivery as notify
from events.models import Delivery
from tests.support.api import table

PUBLIC = "93.184.216.34"  # never connected to: every delivery here goes to 127.0.0.1
GENERIC = {"connection failed", "timed out", "redirect not followed", "address not allowed",
           "name not resolved", "TLS handshake failed", "invalid response", "invalid URL"}


class Resolver:
    """A fake socket.getaddrinfo: numeric hosts as the real one parses them (never DNS),
    names from `names`, and any other name does not resolve."""

    def __init__(self, real: Any) -> None:
        self.real = real
        self.names: dict[str, list[str]] = {}
        self.rebinding: dict[str, list[tuple[str, int]]] = {}
        self.asked: list[str] = []

    def __call__(self, host: Any, port: Any, family: int = 0, type: int = 0,  # noqa: A002
                 proto: int = 0, flags: int = 0) -> list:
        host = host.decode() if isinstance(host, bytes) else host
        try:
            return self.real(host, port, family, type, proto, flags | socket.AI_NUMERICHOST)
        except socket.gaierror:
            pass
        self.asked.append(host)
        port = int(port or 0)
        if host in self.rebinding:  # each lookup gets the next answer (the last one stays)
            answers = self.rebinding[host]
            address, port = answers.pop(0) if len(answers) > 1 else answers[0]
            return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (address, port))]
        if host not in self.names:
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        out = []
        for address in self.names[host]:
            if ":" in address:
                out.append((socket.AF_INET6, socket.SOCK_STREAM, 6, "", (address, port, 0, 0)))
            else:
                out.append((socket.AF_INET, socket.SOCK_STREAM, 6, "", (address, port)))
        return out


@pytest.fixture(autouse=True)
def resolver(monkeypatch: pytest.MonkeyPatch) -> Resolver:
    fake = Resolver(socket.getaddrinfo)
    monkeypatch.setattr(socket, "getaddrinfo", fake)
    return fake


class Server:
    """An HTTP server on 127.0.0.1 answering every POST with `status` (and `headers`)."""

    def __init__(self, status: int = 204, headers: dict[str, str] | None = None,
                 body: bytes = b"") -> None:
        self.requests: list[tuple[str, str, dict[str, str]]] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            def _answer(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                self.rfile.read(length)
                server.requests.append((self.command, self.path, dict(self.headers)))
                self.send_response(status)
                for name, value in (headers or {}).items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            do_POST = do_GET = _answer  # noqa: N815

            def log_message(self, *args: object) -> None:
                pass

        self.http = HTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.http.server_port
        self.thread = threading.Thread(target=self.http.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.http.shutdown()
        self.http.server_close()


@pytest.fixture
def servers() -> Iterator[Any]:
    running: list[Server] = []

    def make(*args: Any, **kwargs: Any) -> Server:
        running.append(Server(*args, **kwargs))
        return running[-1]
    yield make
    for server in running:
        server.close()


def register(player, url: str) -> Any:  # type: ignore[no-untyped-def]
    return player.post("/webhooks", {"url": url, "events": ["game_started"],
                                     "secret": "a-shared-secret-0123456789"})


def pending_delivery(players, url: str) -> tuple[Any, dict, Delivery]:  # type: ignore[no-untyped-def]
    """A registered hook for `url` and the game_started delivery it is owed (not yet tried)."""
    a, b = players(2)
    response = register(a, url)
    assert response.status_code == 201, response.content
    hook = response.json()
    a.start(table(a, [b], "snake-bones"), first_player=0)
    return a, hook, Delivery.objects.get(webhook_id=hook["id"])


def log_of(player, hook: dict) -> dict:  # type: ignore[no-untyped-def]
    (entry,) = player.get(f"/webhooks/{hook['id']}/deliveries").json()
    return entry


# Registration ------------------------------------------------------------------------

LITERAL_PRIVATE = ["http://10.0.0.1/hook", "http://127.0.0.1:8000/hook",
                   "http://169.254.169.254/latest/meta-data/", "http://[::1]/hook",
                   "http://[::ffff:127.0.0.1]/hook", "http://0.0.0.0/hook",
                   "http://192.168.1.10/hook", "http://[fd00::1]/hook",
                   "http://localhost:8000/hook", "http://224.0.0.1/hook"]


@override_settings(DICE_WEBHOOK_ALLOW_PRIVATE=False)
@pytest.mark.parametrize("url", LITERAL_PRIVATE)
def test_literal_private_addresses_are_refused_in_production(players, url: str) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    response = register(a, url)
    assert response.status_code == 400, response.content
    assert response.json()["code"] == "invalid_webhook_url"
    assert a.get("/webhooks").json() == []


@override_settings(DICE_WEBHOOK_ALLOW_PRIVATE=True)
def test_private_addresses_are_allowed_when_the_setting_says_so(players) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    assert register(a, "http://127.0.0.1:8000/hook").status_code == 201


@override_settings(DICE_WEBHOOK_ALLOW_PRIVATE=False)
def test_names_resolving_to_private_addresses_are_refused_in_production(
        players, resolver: Resolver) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    resolver.names.update({
        "127.0.0.1.nip.io": ["127.0.0.1"],
        "localtest.me": ["127.0.0.1", "::1"],
        "mixed.example.com": [PUBLIC, "10.1.2.3"],  # one bad address is enough
        "mapped.example.com": ["::ffff:127.0.0.1"],
        "metadata.example.com": ["169.254.169.254"],
        "unique-local.example.com": ["fd12:3456::1"],
        "hooks.example.com": [PUBLIC],
    })
    for url in ("http://127.0.0.1.nip.io:6379/", "http://localtest.me:5432/",
                "https://mixed.example.com/hook", "http://mapped.example.com/hook",
                "http://metadata.example.com/latest", "http://unique-local.example.com/"):
        response = register(a, url)
        assert response.status_code == 400, (url, response.content)
        assert response.json()["code"] == "invalid_webhook_url", url
    response = register(a, "https://nowhere.example.com/hook")
    assert response.status_code == 400 and response.json()["code"] == "unresolvable_webhook_host"
    assert a.get("/webhooks").json() == []
    assert register(a, "https://hooks.example.com/hook").status_code == 201
    assert "hooks.example.com" in resolver.asked


# Delivery ----------------------------------------------------------------------------

@override_settings(DICE_WEBHOOK_ALLOW_PRIVATE=False)
def test_a_delivery_is_refused_when_the_name_now_resolves_to_a_private_address(
        players, resolver: Resolver, servers: Any, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    receiver = servers()
    resolver.names["hooks.example.com"] = [PUBLIC]
    a, hook, delivery = pending_delivery(players, f"http://hooks.example.com:{receiver.port}/hook")
    resolver.names["hooks.example.com"] = ["127.0.0.1"]  # the name changed: DNS rebinding
    connects: list[Any] = []
    real_connect = socket.create_connection
    monkeypatch.setattr(socket, "create_connection",
                        lambda *args, **kw: connects.append(args) or real_connect(*args, **kw))
    assert notify.deliver(delivery.pk) == "pending"
    assert connects == [] and receiver.requests == []
    entry = log_of(a, hook)
    assert entry["status"] == "pending" and entry["attempts"] == 1
    assert entry["last_status_code"] is None and entry["last_error"] == "address not allowed"
    delivery.refresh_from_db()
    assert delivery.next_attempt_at > timezone.now()  # retried later, with backoff

    resolver.names.pop("hooks.example.com")  # and a name that no longer resolves
    Delivery.objects.filter(pk=delivery.pk).update(next_attempt_at=timezone.now())
    with override_settings(DICE_WEBHOOK_MAX_ATTEMPTS=2):
        assert notify.deliver(delivery.pk) == "failed"
    entry = log_of(a, hook)
    assert entry["attempts"] == 2 and entry["last_error"] == "name not resolved"
    assert connects == [] and receiver.requests == []


@override_settings(DICE_WEBHOOK_ALLOW_PRIVATE=True)
def test_a_delivery_goes_to_the_address_checked_with_the_name_as_host(
        players, resolver: Resolver, servers: Any) -> None:  # type: ignore[no-untyped-def]
    receiver = servers()
    resolver.names["hooks.example.test"] = ["127.0.0.1"]
    url = f"http://hooks.example.test:{receiver.port}/h?x=1"
    a, hook, delivery = pending_delivery(players, url)
    assert notify.deliver(delivery.pk) == "delivered"
    ((method, path, headers),) = receiver.requests
    assert (method, path) == ("POST", "/h?x=1")
    assert headers["Host"] == f"hooks.example.test:{receiver.port}"
    assert headers["X-Dice-Event"] == "game_started"
    entry = log_of(a, hook)
    assert entry["last_status_code"] == 204 and entry["last_error"] == ""


@override_settings(DICE_WEBHOOK_ALLOW_PRIVATE=True)
def test_a_delivery_connects_to_the_address_it_checked_not_to_a_second_answer(
        players, resolver: Resolver, servers: Any) -> None:  # type: ignore[no-untyped-def]
    """DNS rebinding: the name's next answer leads elsewhere (here: another port of
    127.0.0.1); the POST goes to the address the check saw, and the name is looked up once."""
    checked, elsewhere = servers(), servers()
    a, hook, delivery = pending_delivery(players, f"http://rebind.example.test:{checked.port}/h")
    resolver.rebinding["rebind.example.test"] = [("127.0.0.1", checked.port),
                                                 ("127.0.0.1", elsewhere.port)]
    resolver.asked.clear()
    assert notify.deliver(delivery.pk) == "delivered"
    assert resolver.asked == ["rebind.example.test"]
    assert [(m, p) for m, p, _ in checked.requests] == [("POST", "/h")]
    assert elsewhere.requests == []


@override_settings(DICE_WEBHOOK_ALLOW_PRIVATE=True)
@pytest.mark.parametrize("status", [302, 307])
def test_a_redirect_is_not_followed(players, servers: Any, status: int) -> None:  # type: ignore[no-untyped-def]
    elsewhere = servers()
    redirecting = servers(status, {"Location": f"http://127.0.0.1:{elsewhere.port}/stolen"})
    a, hook, delivery = pending_delivery(players, f"http://127.0.0.1:{redirecting.port}/hook")
    assert notify.deliver(delivery.pk) == "pending"
    assert [(m, p) for m, p, _ in redirecting.requests] == [("POST", "/hook")]
    assert elsewhere.requests == []
    entry = log_of(a, hook)
    assert entry["attempts"] == 1 and entry["last_status_code"] == status
    assert entry["last_error"] == "redirect not followed"


@override_settings(DICE_WEBHOOK_ALLOW_PRIVATE=True, DICE_WEBHOOK_TIMEOUT=0.5)
def test_the_delivery_log_shows_only_generic_reasons(players, servers: Any) -> None:  # type: ignore[no-untyped-def]
    failing = servers(500, body=b"Traceback: secret internals of the receiver")
    a, hook, delivery = pending_delivery(players, f"http://127.0.0.1:{failing.port}/hook")
    notify.deliver(delivery.pk)
    entry = log_of(a, hook)
    assert entry["last_status_code"] == 500 and entry["last_error"] == "HTTP 500"

    closed = socket.socket()  # a port with nobody listening: connection refused
    closed.bind(("127.0.0.1", 0))
    refused_port = closed.getsockname()[1]
    closed.close()
    a, hook, delivery = pending_delivery(players, f"http://127.0.0.1:{refused_port}/hook")
    notify.deliver(delivery.pk)
    entry = log_of(a, hook)
    assert entry["last_status_code"] is None and entry["last_error"] == "connection failed"

    silent = socket.socket()  # accepts connections (the backlog) and never answers
    silent.bind(("127.0.0.1", 0))
    silent.listen(4)
    try:
        a, hook, delivery = pending_delivery(
            players, f"http://127.0.0.1:{silent.getsockname()[1]}/hook")
        notify.deliver(delivery.pk)
    finally:
        silent.close()
    entry = log_of(a, hook)
    assert entry["last_status_code"] is None and entry["last_error"] == "timed out"
    for delivery in Delivery.objects.all():
        assert delivery.last_error in GENERIC | {"HTTP 500"}, delivery.last_error

