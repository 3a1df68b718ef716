"""Requests sent straight to the served ASGI application, as uvicorn sends them: the
body, then `http.disconnect` once the whole response is sent (or when the client goes)."""

from __future__ import annotations

import asyncio
from typing import Any

from django.core.asgi import get_asgi_application
from django.core.wsgi import get_wsgi_application

from config.asgi import LentThreads
from config.whole_requests import WholeRequests


def served_app(keep: int = 4, whole: bool = True) -> LentThreads:
    """The served application (config/asgi.py), with a pool of threads of its own; with
    `whole` (as served by default), requests are served whole (config/whole_requests.py),
    else each through Django's ASGI handler."""
    return LentThreads(get_asgi_application(), keep=keep,
                       whole=WholeRequests(get_wsgi_application()) if whole else None)


def scope(path: str, query: str, token: str | None) -> dict:
    headers = [(b"host", b"testserver")]
    if token:
        headers.append((b"authorization", f"Token {token}".encode()))
    return {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
            "method": "GET", "scheme": "http", "path": path, "raw_path": path.encode(),
            "query_string": query.encode(), "headers": headers,
            "client": ("127.0.0.1", 40000), "server": ("testserver", 80)}


async def served(app: Any, path: str, query: str = "", token: str | None = None,
                 leave_after: float | None = None) -> list[dict]:
    """One GET; the messages sent. `receive()` answers `http.disconnect` once the whole
    response is sent, or after `leave_after` seconds (the client went away)."""
    sent: list[dict] = []
    body_read = False
    over = asyncio.Event()

    async def receive() -> dict:
        nonlocal body_read
        if not body_read:
            body_read = True
            return {"type": "http.request", "body": b"", "more_body": False}
        if leave_after is None:
            await over.wait()
        else:
            await asyncio.sleep(leave_after)
        return {"type": "http.disconnect"}

    async def send(message: dict) -> None:
        sent.append(message)
        if message["type"] == "http.response.body" and not message.get("more_body"):
            over.set()

    await app(scope(path, query, token), receive, send)
    return sent
