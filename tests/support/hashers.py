"""A password hasher for tests that counts every hash it makes and notes whether the
thread making it held a database connection (the service must hold none: accounts/
hashing.py). It is Django's MD5 hasher (so it reads the test suite's hashes), made as slow
as DICE_TEST_HASH_SECONDS says (a sleep: a slow hash without eating the test machine's
CPU). Each hash is noted in `HASHES` (this process) and, with DICE_TEST_HASH_LOG, as a
line `<kind> <held>` appended to that file (a served process: tests/support/server.py)."""

from __future__ import annotations

import os
import threading
import time

from django.contrib.auth.hashers import MD5PasswordHasher
from django.db import connections

HASHES: list[tuple[str, bool]] = []
_inside = threading.local()


def holds_connection() -> bool:
    return any(c.connection is not None for c in connections.all(initialized_only=True))


def _note(kind: str) -> None:
    held = holds_connection()
    HASHES.append((kind, held))
    log = os.environ.get("DICE_TEST_HASH_LOG")
    if log:
        fd = os.open(log, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            os.write(fd, f"{kind} {'held' if held else 'free'}\n".encode())
        finally:
            os.close(fd)
    time.sleep(float(os.environ.get("DICE_TEST_HASH_SECONDS") or "0"))


class CountingHasher(MD5PasswordHasher):
    def verify(self, password: str, encoded: str) -> bool:
        _note("verify")
        _inside.verifying = True
        try:
            return super().verify(password, encoded)
        finally:
            _inside.verifying = False

    def encode(self, password: str, salt: str) -> str:
        if not getattr(_inside, "verifying", False):  # verify's own encode is one hash
            _note("encode")
        return super().encode(password, salt)


def read_log(path: str) -> list[tuple[str, bool]]:
    if not os.path.exists(path):
        return []
    with open(path) as lines:
        return [(kind, held == "held") for kind, held in (line.split() for line in lines)]
