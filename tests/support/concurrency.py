"""Work released at once on many threads, for tests and benchmarks of concurrency."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def at_once(n: int, work: Callable[[int], T], timeout: float | None = 60) -> list[T | None]:
    """`work(i)` for i in 0..n-1, each on a thread of its own, all released together by a
    barrier; their results in order (None for a thread still running after `timeout`)."""
    results: list[T | None] = [None] * n
    gate = threading.Barrier(n)

    def run(i: int) -> None:
        gate.wait()
        results[i] = work(i)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout)
    return results
