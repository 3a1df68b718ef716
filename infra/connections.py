"""A thread's database connections given back: by the live answers after each read
(api/live_bodies.py `off_loop`) and by the password hashing (accounts/hashing.py)."""

from __future__ import annotations

from django.db import connections


def close_connections() -> None:
    """Give this thread's database connections back (to the pool, on PostgreSQL), but for
    one in a transaction."""
    for connection in connections.all(initialized_only=True):
        if not connection.in_atomic_block:
            connection.close()
