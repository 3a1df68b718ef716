"""The served application is Django's own ASGI handler, each request lent a started
thread (config/asgi.py, docs/decisions/0023), and what matters about how it serves
holds: requests in turn reuse one started thread, and threads past the kept ones are
let go; its middleware chain is async from end to end (Django adapts none of it, so a
waiting long poll or stream runs on the event loop, not blocking a thread); a request
gives its database connection back to the pool; a waiting long poll holds no connection;
a client that goes away ends its long poll; static files are served by ServeStatic's
async middleware."""

from __future__ import annotations

import asyncio
import logging
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from django.core import signals
from django.core.handlers.asgi import ASGIHandler
from django.db import connection, connections

from tests.support.api import started
from tests.support.asgi import served, served_app

pytestmark = pytest.mark.django_db(transaction=True)

# Django's psycopg pool exists on PostgreSQL only (config/settings.py).
ON_POSTGRESQL = pytest.mark.postgres
SWAGGER_CSS = "/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui.css"


def lent_connections() -> int:
    """Connections of the process's pool lent now (psycopg_pool's public statistics)."""
    stats = connections["default"].pool.get_stats()
    return int(stats["pool_size"] - stats["pool_available"])


def test_the_served_application_is_djangos_own_asgi_handler_with_lent_threads() -> None:
    probe = ("import config.asgi as a, django.core.handlers.asgi as h; "
             "print(type(a.application.handler) is h.ASGIHandler)")
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings_test"}
    out = subprocess.run([sys.executable, "-c", probe], cwd=Path(__file__).resolve().parents[2],
                         env=env, capture_output=True, text=True, timeout=60, check=True)
    assert out.stdout.strip().splitlines()[-1] == "True"


@pytest.fixture
def threads_seen() -> Any:
    """The thread of each request_started and request_finished, in order."""
    seen: list[tuple[str, int]] = []

    def started(**_: Any) -> None:
        seen.append(("started", threading.get_ident()))

    def finished(**_: Any) -> None:
        seen.append(("finished", threading.get_ident()))
    signals.request_started.connect(started, weak=False)
    signals.request_finished.connect(finished, weak=False)
    yield seen
    signals.request_started.disconnect(started)
    signals.request_finished.disconnect(finished)


def test_requests_in_turn_run_their_sync_work_on_one_started_thread(
        threads_seen: list) -> None:
    app = served_app()

    async def three_in_turn() -> list[int]:
        return [(await served(app, "/api/v1/game-types"))[0]["status"] for _ in range(3)]

    assert asyncio.run(three_in_turn()) == [200] * 3
    assert [kind for kind, _ in threads_seen] == ["started", "finished"] * 3
    threads = {ident for _, ident in threads_seen}
    assert len(threads) == 1 and threads != {threading.get_ident()}
    assert app.started == 1, "each request started a thread of its own"
    assert app.lent == 0 and len(app.idle) == 1


def test_threads_past_the_kept_ones_are_let_go(players) -> None:  # type: ignore[no-untyped-def]
    a, b, game_id, version = started(players)
    app = served_app(keep=1)

    async def two_polls_at_once() -> list[dict]:
        return await asyncio.gather(*(
            served(app, f"/api/v1/games/{game_id}/events", f"after={version}&wait=1", a.token)
            for _ in range(2)))

    assert [sent[0]["status"] for sent in asyncio.run(two_polls_at_once())] == [200, 200]
    assert app.started == 2 and app.lent == 0 and len(app.idle) == 1


def test_no_middleware_is_adapted_to_sync_under_asgi(caplog: Any, settings: Any) -> None:
    """One sync-only middleware would make Django run the rest of the chain, and the
    view, from a thread: a waiting stream would then hold that thread. With DEBUG on,
    Django says so in a debug record of `django.request` when it loads the chain."""
    settings.DEBUG = True
    with caplog.at_level(logging.DEBUG, logger="django.request"):
        ASGIHandler()
    adapted = [r.getMessage() for r in caplog.records if "adapted" in r.getMessage()]
    assert adapted == [], adapted


def test_a_static_file_is_served_on_asgi() -> None:
    sent = asyncio.run(served(served_app(), SWAGGER_CSS))
    assert sent[0]["status"] == 200
    assert b"swagger-ui" in b"".join(m.get("body", b"") for m in sent[1:])


def test_the_web_client_is_served_with_its_cache_headers(tmp_path: Path, settings: Any) -> None:
    """Its index is never cached, its hashed bundles are cached for good (docs/web.md)."""
    (tmp_path / "play" / "assets").mkdir(parents=True)
    (tmp_path / "play" / "index.html").write_text("<!doctype html>")
    (tmp_path / "play" / "assets" / "main-AbCd12_-.js").write_text("0")
    settings.SERVESTATIC_ROOT = str(tmp_path)
    app = ASGIHandler()  # its middleware reads the settings when it is made

    def cache_control(path: str) -> str:
        start = asyncio.run(served(app, path))[0]
        assert start["status"] == 200, path
        return dict(start["headers"])[b"Cache-Control"].decode()

    assert cache_control("/play/") == "no-cache"
    assert cache_control("/play/assets/main-AbCd12_-.js") == "max-age=315360000, public, immutable"


@ON_POSTGRESQL
def test_a_served_request_gives_its_connection_back_to_the_pool(
        players) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    connection.close()  # the test's own thread holds none either
    before = lent_connections()  # (other threads of this process may hold one)
    sent = asyncio.run(served(served_app(), "/api/v1/games", token=a.token))
    assert sent[0]["status"] == 200
    assert lent_connections() == before, "the request's connection was not given back"


@ON_POSTGRESQL
def test_a_waiting_long_poll_holds_no_database_connection(
        players) -> None:  # type: ignore[no-untyped-def]
    a, b, game_id, version = started(players)
    connection.close()
    before = lent_connections()  # (other threads of this process may hold one)
    app = served_app()

    async def poll_and_look() -> tuple[list[dict], int]:
        poll = asyncio.ensure_future(served(app, f"/api/v1/games/{game_id}/events",
                                            f"after={version}&wait=2", a.token))
        await asyncio.sleep(1.0)  # checked, listening, waiting
        assert not poll.done()
        lent = await asyncio.to_thread(lent_connections)
        return await poll, lent

    sent, lent_while_waiting = asyncio.run(poll_and_look())
    assert sent[0]["status"] == 200
    assert lent_while_waiting == before, "a waiting long poll held a database connection"
    assert lent_connections() == before


def test_a_client_that_goes_away_still_ends_its_long_poll(
        players) -> None:  # type: ignore[no-untyped-def]
    """As in Django: the disconnect cancels the body that is still waiting. The answer's
    start (status and headers) goes out when the request is checked (decision 0021);
    nothing follows it once the client has gone."""
    a, b, game_id, version = started(players)
    app = served_app()

    async def poll() -> tuple[list[dict], float]:
        loop = asyncio.get_running_loop()
        began = loop.time()
        sent = await asyncio.wait_for(
            served(app, f"/api/v1/games/{game_id}/events", f"after={version}&wait=20",
                   a.token, leave_after=0.5), timeout=10)
        return sent, loop.time() - began

    sent, took = asyncio.run(poll())
    assert took < 5, "the long poll went on waiting after its client had gone"
    assert [message["type"] for message in sent] == ["http.response.start"], \
        "a page was sent to a client that had gone"


def collector_of_the_served_process(**env: str) -> list[str]:
    probe = ("import gc, config.asgi; print(gc.get_threshold()); "
             "print(gc.get_freeze_count() > 0)")
    full = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings_test", **env}
    out = subprocess.run([sys.executable, "-c", probe], cwd=Path(__file__).resolve().parents[2],
                         env=full, capture_output=True, text=True, timeout=60, check=True)
    return out.stdout.strip().splitlines()[-2:]


def test_the_served_process_tunes_its_collector_as_settings_say() -> None:
    """Start-up objects frozen, full collections rarer (DICE_GC_THRESHOLDS; decision 0023:
    the streams' tail with 2,000 of them held); `off` leaves CPython's collector alone."""
    assert collector_of_the_served_process(DICE_GC_THRESHOLDS="50000,20,100") == [
        "(50000, 20, 100)", "True"]
    # (Whether anything is frozen with `off` is the interpreter's own business: on
    # Python 3.12 with Django 6.1 something is.)
    threshold, _ = collector_of_the_served_process(DICE_GC_THRESHOLDS="off")
    assert threshold != "(50000, 20, 100)"
