"""Django's Redis cache with one client per process.

Django keeps a cache object per thread and, under ASGI, per request context: each request
got a new RedisCache, a new connection pool and so a new TCP connection to Redis (and
redis-py's client handshake) for its throttle check. This backend shares one client (one
connection pool, thread-safe) between all of a process's cache objects with the same
location and options; nothing else changes.
"""

from __future__ import annotations

import threading
from typing import Any

from django.core.cache.backends.redis import RedisCache, RedisCacheClient

_clients: dict[Any, RedisCacheClient] = {}
_lock = threading.Lock()


class SharedRedisCache(RedisCache):
    @property
    def _cache(self) -> RedisCacheClient:  # type: ignore[override]
        key = (tuple(self._servers), repr(sorted(self._options.items())))
        client = _clients.get(key)
        if client is None:
            with _lock:
                client = _clients.get(key)
                if client is None:
                    client = _clients[key] = self._class(self._servers, **self._options)
        return client

    def redis(self) -> Any:
        """A redis-py client of the shared pool for writes (made once per process)."""
        shared = self._cache
        client = getattr(shared, "dice_client", None)
        if client is None:
            client = shared.dice_client = shared.get_client(write=True)  # type: ignore[attr-defined]
        return client
