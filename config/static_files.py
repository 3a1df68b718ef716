"""Static files and the web client: ServeStatic's middleware, where Django's ASGI handler
serves them (decision 0036).

ServeStatic's Django middleware is async only: in the chain of Django's WSGI handler,
which serves every other request whole (config/whole_requests.py), Django would run it
through `async_to_sync` on every request, a crossing back to the event loop and out
again (measured: 400 moves at once took 6.0 s to answer against 3.1 s). So the paths of
files (`is_file_path`: STATIC_URL's and the web client's) go to Django's ASGI handler,
where `StaticFiles` is ServeStatic's own middleware, and in the WSGI handler's chain
`StaticFiles` passes each request on untouched.
"""

from __future__ import annotations

from typing import Any

from asgiref.sync import iscoroutinefunction, markcoroutinefunction
from django.conf import settings
from servestatic.middleware import ServeStaticMiddleware

# Where the web client is served from SERVESTATIC_ROOT (config/settings.py).
WEB_CLIENT_PREFIX = "/play/"


def is_file_path(path: str) -> bool:
    """A path ServeStatic may answer: a static file's or the web client's."""
    return (path.startswith(("/" + settings.STATIC_URL.lstrip("/"), WEB_CLIENT_PREFIX))
            or path == WEB_CLIENT_PREFIX.rstrip("/"))


class StaticFiles:
    """ServeStatic's middleware under an async handler; a pass-through under a sync one."""

    sync_capable = True
    async_capable = True

    def __init__(self, get_response: Any) -> None:
        if iscoroutinefunction(get_response):
            self.serve = ServeStaticMiddleware(get_response)
            markcoroutinefunction(self)
        else:
            self.serve = get_response

    def __call__(self, request: Any) -> Any:
        return self.serve(request)
