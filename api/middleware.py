"""Middleware that runs on the event loop under ASGI (no thread hop of its own)."""

from __future__ import annotations

from django.middleware.common import CommonMiddleware as _CommonMiddleware
from django.middleware.security import SecurityMiddleware as _SecurityMiddleware


# --- Django's own middleware without thread hops ------------------------------------------
#
# Django's MiddlewareMixin, on ASGI, runs process_request and process_response each in
# a worker thread (sync_to_async): two thread hops a middleware a request. Security and
# Common only read the request and set headers (no I/O, no database), so they run here on
# the event loop, unchanged.


class InlineMixin:
    async def __acall__(self, request):  # type: ignore[no-untyped-def]
        response = self.process_request(request)  # type: ignore[attr-defined]
        response = response or await self.get_response(request)  # type: ignore[attr-defined]
        return self.process_response(request, response)  # type: ignore[attr-defined]


class SecurityMiddleware(InlineMixin, _SecurityMiddleware):
    pass


class CommonMiddleware(InlineMixin, _CommonMiddleware):
    pass
