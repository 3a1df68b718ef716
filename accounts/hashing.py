"""Password hashing that cannot take the service down (docs/accounts.md,
docs/decisions/0010-password-hashing-off-the-pool.md).

A password hash (PBKDF2, hundreds of milliseconds of CPU on purpose) is made:

- with no database connection held: the thread's connections go back to the pool first
  (`infra.connections.close_connections`; a connection inside a transaction cannot, which
  is why the views that hash are never run in one: api/auth_views.py);
- by at most DICE_PASSWORD_HASHERS threads of the process at once: a request waits at most
  DICE_PASSWORD_HASH_WAIT seconds for a turn, then LoginBusy (503 login_busy).
"""

from __future__ import annotations

import math
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from django.conf import settings

from infra.connections import close_connections

from .errors import LoginBusy

_lock = threading.Lock()
_hashers: tuple[int, threading.BoundedSemaphore] | None = None


def _semaphore() -> threading.BoundedSemaphore:
    """The process's hashers (made again if the setting changed, as tests change it)."""
    global _hashers
    size = max(1, int(settings.DICE_PASSWORD_HASHERS))
    with _lock:
        if _hashers is None or _hashers[0] != size:
            _hashers = (size, threading.BoundedSemaphore(size))
        return _hashers[1]


@contextmanager
def hashing() -> Iterator[None]:
    """Hash passwords inside: this thread's connections given back, one of the process's
    hashers held. LoginBusy if none came free within DICE_PASSWORD_HASH_WAIT seconds."""
    close_connections()
    semaphore = _semaphore()
    wait = float(settings.DICE_PASSWORD_HASH_WAIT)
    if not semaphore.acquire(timeout=wait):
        raise LoginBusy("too many logins and registrations are being checked right now; "
                        "try again shortly", wait=max(1, math.ceil(wait)))
    try:
        yield
    finally:
        semaphore.release()
