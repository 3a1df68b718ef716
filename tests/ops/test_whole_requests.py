"""Requests are served whole (config/whole_requests.py, decision 0036): Django's WSGI
handler, called once on the request's lent thread, with the same middleware, views and
signals; a live answer's body then runs on the loop; async views stay with Django's ASGI
handler. What matters: the same answers, one crossing to the thread instead of about
eight, the connection given back, the body and headers read as Django's ASGI handler
reads them, a stream's events sent as they come and its response closed when its client
leaves."""

from __future__ import annotations

import asyncio
import io
import json
import logging
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from django.core import signals
from django.core.asgi import get_asgi_application
from django.core.handlers.wsgi import WSGIHandler
from django.core.wsgi import get_wsgi_application
from django.db import connection, connections

import config.asgi
from config.asgi import LentThreads
from config.whole_requests import WholeRequests, environ, is_whole
from tests.support.api import started
from tests.support.asgi import served

pytestmark = pytest.mark.django_db(transaction=True)

GAME = "/api/v1/games/00000000-0000-0000-0000-000000000001"


class Counted(ThreadPoolExecutor):
    """A request's lent executor that counts the calls the loop hands it."""

    def __init__(self) -> None:
        super().__init__(max_workers=1)
        self.calls = 0

    def submit(self, *args: Any, **kwargs: Any) -> Any:  # type: ignore[override]
        self.calls += 1
        return super().submit(*args, **kwargs)


class CountingThreads(LentThreads):
    """The served application, its one lent thread counted (keep=1: reused in turn)."""

    def __init__(self, whole: bool) -> None:
        super().__init__(get_asgi_application(), keep=1,
                         whole=WholeRequests(get_wsgi_application()) if whole else None)
        self.executor = Counted()

    def take(self) -> ThreadPoolExecutor:
        return self.executor

    def give_back(self, executor: ThreadPoolExecutor) -> None:
        pass


def request_scope(method: str, path: str, body: bytes = b"", query: str = "",
                  headers: list[tuple[bytes, bytes]] | None = None) -> dict:
    return {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
            "method": method, "scheme": "http", "path": path, "raw_path": path.encode(),
            "query_string": query.encode(), "root_path": "",
            "headers": [(b"host", b"testserver"), *(headers or [])],
            "client": ("10.1.2.3", 40000), "server": ("testserver", 80)}


async def call(app: Any, scope: dict, body: bytes = b"", chunks: int = 1) -> list[dict]:
    """Sends `body` in `chunks` messages; returns the messages sent back."""
    size = max(1, -(-len(body) // chunks))
    parts = [body[i:i + size] for i in range(0, len(body), size)] or [b""]
    incoming = [{"type": "http.request", "body": part, "more_body": i < len(parts) - 1}
                for i, part in enumerate(parts)]
    sent: list[dict] = []
    done = asyncio.Event()

    async def receive() -> dict:
        if incoming:
            return incoming.pop(0)
        await done.wait()
        return {"type": "http.disconnect"}

    async def send(message: dict) -> None:
        sent.append(message)
        if message["type"] == "http.response.body" and not message.get("more_body"):
            done.set()

    await app(scope, receive, send)
    return sent


def answer(sent: list[dict]) -> tuple[int, dict[bytes, bytes], bytes]:
    return (sent[0]["status"], dict(sent[0]["headers"]),
            b"".join(m.get("body", b"") for m in sent[1:]))


def test_the_served_application_serves_whole_requests_with_djangos_wsgi_handler() -> None:
    whole = config.asgi.application.whole
    assert isinstance(whole, WholeRequests) and isinstance(whole.wsgi, WSGIHandler)


@pytest.mark.parametrize(("method", "path", "expected"), [
    ("GET", "/api/v1/game-types", True),
    ("POST", f"{GAME}/actions", True),
    ("GET", GAME, True),
    ("GET", "/no/such/page", True),
    ("GET", f"{GAME}/stream", True),        # live answers: their bodies on the loop after
    ("GET", f"{GAME}/events", True),
    ("GET", "/api/v1/me/stream", True),
    ("GET", "/healthz", False),             # an async view
    ("GET", "/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui.css", False),
    ("GET", "/play/", False),               # files: ServeStatic, under Django's ASGI handler
    ("GET", "/play", False),
    ("GET", "/play/assets/main-AbCd12_-.js", False),
])
def test_every_request_but_an_async_views_is_whole(method: str, path: str,
                                                      expected: bool) -> None:
    assert is_whole(request_scope(method, path)) is expected


def test_no_middleware_is_adapted_to_async_in_the_whole_requests_chain(
        caplog: Any, settings: Any) -> None:
    """An async-only middleware in Django's WSGI handler's chain would be run through
    `async_to_sync` on every request: back to the event loop and out again (ServeStatic's,
    before config/static_files.py). With DEBUG on, Django logs each adaptation."""
    settings.DEBUG = True
    with caplog.at_level(logging.DEBUG, logger="django.request"):
        WSGIHandler()
    adapted = [r.getMessage() for r in caplog.records if "adapted" in r.getMessage()]
    assert adapted == [], adapted


def test_files_are_still_served_with_their_headers() -> None:
    app = CountingThreads(whole=True)
    css = "/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui.css"
    status, _, content = answer(asyncio.run(call(app, request_scope("GET", css))))
    assert status == 200 and b"swagger-ui" in content


def test_a_whole_request_crosses_to_its_thread_once() -> None:
    def calls(whole: bool) -> tuple[int, int, bytes]:
        app = CountingThreads(whole)
        status, _, body = answer(asyncio.run(call(app, request_scope(
            "GET", "/api/v1/game-types", headers=[(b"accept", b"application/json")]))))
        app.executor.shutdown()
        return status, app.executor.calls, body

    whole_status, whole_calls, whole_body = calls(True)
    asgi_status, asgi_calls, asgi_body = calls(False)
    assert whole_status == asgi_status == 200
    assert json.loads(whole_body) == json.loads(asgi_body)
    assert whole_calls == 1
    assert asgi_calls >= 5, "Django's ASGI handler crosses once per sync hook"


def test_signals_and_the_view_run_on_the_lent_thread() -> None:
    seen: list[tuple[str, int]] = []

    def on_started(**_: Any) -> None:
        seen.append(("started", threading.get_ident()))

    def on_finished(**_: Any) -> None:
        seen.append(("finished", threading.get_ident()))

    signals.request_started.connect(on_started, weak=False)
    signals.request_finished.connect(on_finished, weak=False)
    try:
        app = CountingThreads(whole=True)
        for _ in range(2):
            assert answer(asyncio.run(call(app, request_scope(
                "GET", "/api/v1/game-types"))))[0] == 200
    finally:
        signals.request_started.disconnect(on_started)
        signals.request_finished.disconnect(on_finished)
    assert [kind for kind, _ in seen] == ["started", "finished"] * 2
    threads = {ident for _, ident in seen}
    assert len(threads) == 1 and threads != {threading.get_ident()}


def test_a_posted_body_in_chunks_and_the_answers_headers_arrive_whole() -> None:
    app = CountingThreads(whole=True)
    body = json.dumps({"username": "whole_request_player", "password": "a long enough "
                       "password 123"}).encode()
    status, headers, content = answer(asyncio.run(call(app, request_scope(
        "POST", "/api/v1/auth/register",
        headers=[(b"content-type", b"application/json"),
                 (b"content-length", str(len(body)).encode()),
                 (b"x-request-id", b"whole-1")]), body, chunks=3)))
    assert status == 201, content
    assert headers[b"X-Request-ID"] == b"whole-1"
    assert headers[b"Content-Type"] == b"application/json"
    assert json.loads(content)["token"]


def test_a_malformed_body_gets_the_problem_a_client_expects() -> None:
    app = CountingThreads(whole=True)
    status, headers, content = answer(asyncio.run(call(app, request_scope(
        "POST", "/api/v1/auth/register",
        headers=[(b"content-type", b"application/json")]), b"{not json")))
    assert status == 400
    assert headers[b"Content-Type"] == b"application/problem+json"
    assert json.loads(content)["code"]


def test_a_path_that_is_not_ascii_is_read_as_djangos_asgi_handler_reads_it() -> None:
    def problem(whole: bool) -> dict:
        status, _, content = answer(asyncio.run(call(CountingThreads(whole), request_scope(
            "GET", "/api/v1/spiel/würfel"))))
        assert status == 404
        return json.loads(content)

    assert problem(True)["instance"] == problem(False)["instance"] == "/api/v1/spiel/w%C3%BCrfel"


@pytest.mark.postgres
def test_a_whole_request_gives_its_connection_back_to_the_pool(
        players) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    connection.close()
    stats = connections["default"].pool.get_stats()
    before = stats["pool_size"] - stats["pool_available"]
    app = CountingThreads(whole=True)
    sent = asyncio.run(served(app, "/api/v1/games", token=a.token))
    assert sent[0]["status"] == 200
    stats = connections["default"].pool.get_stats()
    assert stats["pool_size"] - stats["pool_available"] == before


def test_a_move_sent_without_a_length_is_answered_whole(
        players) -> None:  # type: ignore[no-untyped-def]
    a, b, game_id, version = started(players)
    app = CountingThreads(whole=True)
    body = json.dumps({"action": {"type": "stake", "coins": 1}}).encode()
    status, headers, content = answer(asyncio.run(call(app, request_scope(
        "POST", f"/api/v1/games/{game_id}/actions",
        headers=[(b"authorization", f"Token {a.token}".encode()),
                 (b"content-type", b"application/json"),
                 (b"if-match", f'"{version}"'.encode())]), body)))
    assert status == 201, content
    assert json.loads(content)["legal_actions"] is not None
    assert headers[b"Location"]


def test_the_environ_reads_headers_as_pep_3333_says() -> None:
    scope = request_scope("PUT", "/api/v1/x", query="a=1&b=%C3%A9", headers=[
        (b"content-type", b"application/json"), (b"content-length", b"2"),
        (b"x-thing", b"one"), (b"x-thing", b"two"), (b"accept-language", b"de")])
    env = environ(scope, io.BytesIO(b"{}"), 2)
    assert env["REQUEST_METHOD"] == "PUT" and env["PATH_INFO"] == "/api/v1/x"
    assert env["QUERY_STRING"] == "a=1&b=%C3%A9"
    assert env["CONTENT_TYPE"] == "application/json" and env["CONTENT_LENGTH"] == "2"
    assert "HTTP_CONTENT_TYPE" not in env and "HTTP_CONTENT_LENGTH" not in env
    assert env["HTTP_X_THING"] == "one,two" and env["HTTP_ACCEPT_LANGUAGE"] == "de"
    assert env["REMOTE_ADDR"] == "10.1.2.3" and env["SERVER_NAME"] == "testserver"
    assert env["wsgi.url_scheme"] == "http" and env["wsgi.input"].read() == b"{}"


def test_a_mount_point_is_the_script_name_and_not_the_path_info() -> None:
    scope = {**request_scope("GET", "/dice/api/v1/game-types"), "root_path": "/dice"}
    env = environ(scope, io.BytesIO(b""), 0)
    assert env["SCRIPT_NAME"] == "/dice" and env["PATH_INFO"] == "/api/v1/game-types"


def test_the_length_is_the_body_read_whatever_the_headers_say() -> None:
    """A chunked request has no Content-Length: the body read decides."""
    env = environ(request_scope("POST", "/api/v1/x", headers=[(b"content-length", b"0")]),
                  io.BytesIO(b"{}"), 2)
    assert env["CONTENT_LENGTH"] == "2"


def test_a_stream_served_whole_carries_its_events_and_is_closed_when_its_client_leaves(
        players) -> None:  # type: ignore[no-untyped-def]
    """The stream's check crosses to the thread once; its body then runs on the loop, a
    move's events arrive on it, and when the client leaves the body is cancelled and the
    response closed on the request's thread (request_finished)."""
    a, b, game_id, version = started(players)
    finished: list[int] = []

    def on_finished(sender: Any, **_: Any) -> None:
        if sender is WSGIHandler:  # not the test client's own requests (the move)
            finished.append(threading.get_ident())

    def move() -> int:
        try:
            return a.act(game_id, {"type": "stake", "coins": 1}, version).status_code
        finally:
            connection.close()

    app = CountingThreads(whole=True)
    scope = request_scope("GET", f"/api/v1/games/{game_id}/stream", query="timeout=30",
                          headers=[(b"authorization", f"Token {a.token}".encode()),
                                   (b"accept", b"text/event-stream")])

    async def watch_a_move() -> list[dict]:
        sent: list[dict] = []
        leave = asyncio.Event()
        first = True

        async def receive() -> dict:
            nonlocal first
            if first:
                first = False
                return {"type": "http.request", "body": b"", "more_body": False}
            await leave.wait()
            return {"type": "http.disconnect"}

        async def send(message: dict) -> None:
            sent.append(message)

        streaming = asyncio.ensure_future(app(scope, receive, send))
        await asyncio.sleep(1.0)  # checked, listening
        assert await asyncio.to_thread(move) == 201
        for _ in range(50):
            if b"stake_placed" in b"".join(m.get("body", b"") for m in sent):
                break
            await asyncio.sleep(0.1)
        leave.set()
        await asyncio.wait_for(streaming, 10)
        return sent

    signals.request_finished.connect(on_finished, weak=False)
    try:
        sent = asyncio.run(watch_a_move())
    finally:
        signals.request_finished.disconnect(on_finished)
        app.executor.shutdown()
    assert sent[0]["status"] == 200
    assert dict(sent[0]["headers"])[b"Content-Type"].startswith(b"text/event-stream")
    text = b"".join(m.get("body", b"") for m in sent[1:])
    assert text.startswith(b"retry: 2000") and b"event: stake_placed" in text
    assert len(finished) == 1 and finished[0] != threading.get_ident()
