"""Every request served whole on its lent thread: Django's WSGI handler, called once
(docs/decisions/0036-whole-requests.md).

Under Django's ASGI handler a request's sync work crosses between the event loop and
the request's thread about eight times (`request_started`, each `MiddlewareMixin`
hook, the view, `request_finished`): a third of the workers' CPU under moves (decision
0034). Here the loop reads the body, one call runs Django's WSGI handler (PEP 3333) with
the same settings, middleware, views and signals on the request's thread, and the loop
sends the answer. A live answer (a stream or a long poll: api/live.py `LiveResponse`,
whose body is an async iterator) comes back from that call with its headers; its body
then runs on the loop, as Django's ASGI handler would run it, until it ends or the client
leaves, and the response is closed on the request's thread (`request_finished`). Async
views (`/healthz`) and files (config/static_files.py) stay with Django's ASGI handler
(`is_whole`).
"""

from __future__ import annotations

import asyncio
import sys
from contextlib import aclosing
from tempfile import SpooledTemporaryFile
from typing import Any, Callable, Iterable

from asgiref.sync import iscoroutinefunction, sync_to_async
from django.conf import settings
from django.urls import Resolver404, resolve

from config.static_files import is_file_path

Wsgi = Callable[[dict, Callable[..., Any]], Iterable[bytes]]


def is_whole(scope: dict) -> bool:
    """True for an HTTP request whose view is not async (a 404 included): Django's WSGI
    handler serves it in one call. An async view, a file (config/static_files.py), a
    WebSocket or lifespan message: not."""
    if scope.get("type") != "http" or is_file_path(scope["path"]):
        return False
    try:
        match = resolve(scope["path"])
    except Resolver404:
        return True  # Django's 404, at once
    return not iscoroutinefunction(match.func)


def environ(scope: dict, body: Any, length: int) -> dict[str, Any]:
    """The WSGI environ of an ASGI HTTP scope whose body, `length` bytes, is `body`
    (strings as PEP 3333 wants them: bytes read as latin-1)."""
    server = scope.get("server") or ("localhost", 80)
    client = scope.get("client") or ("", 0)
    # The ASGI path includes the mount point (`root_path`); PATH_INFO is what follows it.
    root, path = scope.get("root_path", ""), scope["path"]
    if root and path.startswith(root):
        path = path[len(root):]
    env: dict[str, Any] = {
        "REQUEST_METHOD": scope["method"],
        "SCRIPT_NAME": root.encode("utf-8").decode("latin-1"),
        "PATH_INFO": path.encode("utf-8").decode("latin-1"),
        "QUERY_STRING": scope.get("query_string", b"").decode("latin-1"),
        "SERVER_PROTOCOL": f"HTTP/{scope.get('http_version', '1.1')}",
        "SERVER_NAME": str(server[0]), "SERVER_PORT": str(server[1] or 80),
        "REMOTE_ADDR": str(client[0]), "REMOTE_PORT": str(client[1]),
        "wsgi.version": (1, 0), "wsgi.url_scheme": scope.get("scheme", "http"),
        "wsgi.input": body, "wsgi.errors": sys.stderr,
        "wsgi.multithread": True, "wsgi.multiprocess": True, "wsgi.run_once": False,
    }
    for raw_name, raw_value in scope.get("headers", []):
        name, value = raw_name.decode("latin-1").upper(), raw_value.decode("latin-1")
        if name == "CONTENT-LENGTH":
            key = "CONTENT_LENGTH"
        elif name == "CONTENT-TYPE":
            key = "CONTENT_TYPE"
        else:
            key = "HTTP_" + name.replace("-", "_")
        env[key] = f"{env[key]},{value}" if key in env else value
    # The body is read whole already: its length is what it is (a chunked request sends
    # no Content-Length, and Django's WSGI request would read nothing without one).
    env["CONTENT_LENGTH"] = str(length)
    return env


class WholeRequests:
    """An ASGI application: Django's WSGI handler `wsgi`, one call per request on the
    request's thread (the thread-sensitive context its caller set up: config/asgi.py)."""

    def __init__(self, wsgi: Wsgi) -> None:
        self.wsgi = wsgi

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        body, length = await self.read_body(receive)
        try:
            status, headers, content = await sync_to_async(
                self.answer, thread_sensitive=True)(scope, body, length)
        finally:
            body.close()
        await send({"type": "http.response.start", "status": status, "headers": headers})
        if isinstance(content, bytes):
            await send({"type": "http.response.body", "body": content})
        else:
            await self.stream(content, receive, send)

    async def stream(self, response: Any, receive: Any, send: Any) -> None:
        """A live answer's body, sent as it comes until it ends or the client leaves (then
        it is cancelled); the response closed after, on the request's thread."""
        sending = asyncio.ensure_future(self.send_parts(response, send))
        leaving = asyncio.ensure_future(self.until_gone(receive))
        try:
            await asyncio.wait({sending, leaving}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in (sending, leaving):
                task.cancel()
            results = await asyncio.gather(sending, leaving, return_exceptions=True)
            await sync_to_async(response.close, thread_sensitive=True)()
        failure = results[0]
        if isinstance(failure, Exception):
            raise failure

    @staticmethod
    async def send_parts(response: Any, send: Any) -> None:
        async with aclosing(aiter(response)) as parts:
            async for part in parts:
                await send({"type": "http.response.body", "body": part, "more_body": True})
        await send({"type": "http.response.body"})

    @staticmethod
    async def until_gone(receive: Any) -> None:
        while (await receive())["type"] != "http.disconnect":
            pass

    @staticmethod
    async def read_body(receive: Any) -> tuple[Any, int]:
        """The request's body and its length, spooled to disk past
        FILE_UPLOAD_MAX_MEMORY_SIZE as Django's ASGI handler spools it."""
        body = SpooledTemporaryFile(max_size=settings.FILE_UPLOAD_MAX_MEMORY_SIZE, mode="w+b")
        length = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                break  # answered anyway: nobody reads it
            chunk = message.get("body", b"")
            body.write(chunk)
            length += len(chunk)
            if not message.get("more_body", False):
                break
        body.seek(0)
        return body, length

    def answer(self, scope: dict, body: Any,
               length: int) -> tuple[int, list[tuple[bytes, bytes]], Any]:
        """The status, the headers and the body: bytes, or a live answer whose body (an
        async iterator: `is_async`) the loop sends."""
        started: dict[str, Any] = {}

        def start_response(status: str, headers: list[tuple[str, str]],
                           exc_info: Any = None) -> Callable[[bytes], None]:
            started["status"], started["headers"] = status, headers
            return lambda data: None  # PEP 3333's write(): Django never calls it

        result = self.wsgi(environ(scope, body, length), start_response)
        status = int(started["status"].split(" ", 1)[0])
        headers = [(name.encode("latin-1"), value.encode("latin-1"))
                   for name, value in started["headers"]]
        if getattr(result, "is_async", False):
            return status, headers, result  # closed by `stream` once sent
        try:
            content = b"".join(result)
        finally:
            close = getattr(result, "close", None)
            if close is not None:
                close()  # Django's request_finished: the connection goes back to the pool
        return status, headers, content
