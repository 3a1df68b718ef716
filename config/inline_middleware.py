"""Django's header middleware run inline on the event loop (issue #35; decision
docs/decisions/0033-cost-of-a-move.md).

Under ASGI Django's `MiddlewareMixin.__acall__` runs a middleware's `process_request`
and `process_response` each through `sync_to_async`: a hop to the request's lent thread
and back. `SecurityMiddleware` (request and response), `XFrameOptionsMiddleware`
(response) and `CommonMiddleware` (request and response) make five such hops a request,
for hooks that read the request and set headers: no database, no blocking I/O.
`run_inline()` gives those three classes an `__acall__` that calls their hooks directly.
`MIDDLEWARE` keeps Django's own dotted paths, so `manage.py check --deploy` still runs
every SecurityMiddleware check (why decision 0017 dropped the subclasses of decision
0006). Only the ASGI path changes; under WSGI (`__call__`) nothing does.
"""

from __future__ import annotations

from typing import Any

from django.middleware.clickjacking import XFrameOptionsMiddleware
from django.middleware.common import CommonMiddleware
from django.middleware.security import SecurityMiddleware

INLINE = (SecurityMiddleware, XFrameOptionsMiddleware, CommonMiddleware)


async def inline_acall(self: Any, request: Any) -> Any:
    """`MiddlewareMixin.__acall__` without `sync_to_async` around the hooks."""
    response = self.process_request(request) if hasattr(self, "process_request") else None
    response = response or await self.get_response(request)
    if hasattr(self, "process_response"):
        response = self.process_response(request, response)
    return response


def run_inline() -> None:
    """Run the header middleware's hooks on the event loop (once, before serving)."""
    for middleware in INLINE:
        middleware.__acall__ = inline_acall  # type: ignore[method-assign]
