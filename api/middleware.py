"""WhiteNoise (the Swagger UI and ReDoc assets) as middleware that is async too.

WhiteNoiseMiddleware is sync only, and one sync-only middleware makes Django run a whole
request's middleware chain in a thread: an async view (a long poll, a stream) would then
hold that thread for as long as it waits. This subclass looks the path up in WhiteNoise's
table (a dict: no I/O) on the event loop, serves a static file from a worker thread, and
passes every other request straight to the next handler, async.
"""

from __future__ import annotations

from asgiref.sync import iscoroutinefunction, markcoroutinefunction, sync_to_async
from whitenoise.middleware import WhiteNoiseMiddleware


class StaticFilesMiddleware(WhiteNoiseMiddleware):
    sync_capable = True
    async_capable = True

    def __init__(self, get_response=None, *args, **kwargs):  # type: ignore[no-untyped-def]
        super().__init__(get_response, *args, **kwargs)
        self._async = iscoroutinefunction(get_response)
        if self._async:
            markcoroutinefunction(self)

    def __call__(self, request):  # type: ignore[no-untyped-def]
        if self._async:
            return self.__acall__(request)
        return super().__call__(request)

    async def __acall__(self, request):  # type: ignore[no-untyped-def]
        static_file = (await sync_to_async(self.find_file, thread_sensitive=False)(
            request.path_info) if self.autorefresh else self.files.get(request.path_info))
        if static_file is not None:
            return await sync_to_async(self.serve, thread_sensitive=False)(static_file, request)
        return await self.get_response(request)

