"""Where the served workers spend a move, by layer (issue #35; figures in
docs/decisions/0034-the-stack-of-a-move.md).

    .venv/bin/python -m tests.benchmarks.peer --modes one --spy /tmp/spy ...
    .venv/bin/python -m tests.benchmarks.served_profile /tmp/spy/*.txt

tests/benchmarks/move_profile.py profiles Django's test client in one thread: it never
sees the server, the event loop, nor the hops between the loop and a request's thread.
Here py-spy (`record --gil --nonblocking --format raw`) samples each worker of the served
service (gunicorn's children) over a leg's timed window, only while the worker holds the
GIL (so its CPU, not its waits), and `layers` sorts each sampled stack into the first
layer below whose frames it contains: the views, DRF's work before them, the middleware's
own hooks, the hops of `sync_to_async` (both ends: the loop's submit and the thread's
run), uvicorn with Django's ASGI handler.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

# (layer, function names that mark it), checked in this order over a stack's frames.
LAYERS: list[tuple[str, tuple[str, ...]]] = [
    ("access logs", ("Logger.info",)),
    ("request metrics (Prometheus)", ("MetricWrapperBase.labels", "Histogram.observe")),
    ("the POST's view (ActionView.post)", ("ActionView.post",)),
    ("the long poll's view (EventListView.get)", ("EventListView.get",)),
    ("other views", ("LegalActionsView.get", "GameDetailView.get", "GameListView",
                     "StartView.post", "JoinView.post")),
    ("DRF: the token's read", ("APIView.perform_authentication",)),
    ("DRF: the throttle (Redis)", ("APIView.check_throttles",)),
    ("DRF: the rest (request, negotiation, rendering)", ("APIView.dispatch",)),
    ("Django's request_started/finished signals", ("Signal.asend",)),
    ("middleware hooks' own work", (
        "SecurityMiddleware.process_", "XFrameOptionsMiddleware.process_",
        "CommonMiddleware.process_", "CorsMiddleware.add_response_headers",
        "CorsMiddleware.check_preflight", "RequestMiddleware._begin",
        "RequestMiddleware._finish")),
    ("thread hops (sync_to_async: the loop's submit, the thread's run)", (
        "SyncToAsync.__call__", "sync_to_async", "ThreadPoolExecutor.submit",
        "_chain_future", "_WorkItem.run", "_worker", "SyncToAsync.thread_handler")),
    ("uvicorn's HTTP and Django's ASGI handler", (
        "RequestResponseCycle", "HttpToolsProtocol", "ASGIHandler", "LentThreads",
        "BaseHandler.get_response_async", "URLResolver")),
]
OTHER = "other (the loop's own callbacks, ...)"


def layer_of(functions: list[str]) -> str:
    for layer, marks in LAYERS:
        if any(name.startswith(marks) for name in functions):
            return layer
    return OTHER


def layers(paths: list[Path]) -> tuple[int, list[tuple[str, int]]]:
    """Samples in all, and each layer's samples, most first, from py-spy's raw records
    (a line: `frame;frame;... count`, a frame `function (file:line)`)."""
    counts: Counter[str] = Counter()
    for path in paths:
        for line in path.read_text().splitlines():
            stack, _, count = line.rpartition(" ")
            if stack:
                counts[layer_of([f.split(" (")[0] for f in stack.split(";")])] += int(count)
    return sum(counts.values()), counts.most_common()


def workers(master: int) -> list[int]:
    """The PIDs of a server's worker processes (its master's children)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[1]) == master:
            found.append(int(stat.parent.name))
    return found


def py_spy() -> str:
    found = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    if not Path(found).exists():
        raise SystemExit("--spy needs py-spy (pip install py-spy)")
    return found


def start(master: int, seconds: float, folder: Path, label: str) -> list[subprocess.Popen]:
    """py-spy on each worker of `master` for `seconds`, into folder/label-PID.txt."""
    folder.mkdir(parents=True, exist_ok=True)
    return [subprocess.Popen(
        [py_spy(), "record", "--pid", str(pid), "--duration", str(max(1, int(seconds))),
         "--rate", "250", "--gil", "--nonblocking", "--format", "raw",
         "--output", str(folder / f"{label}-{pid}.txt")],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for pid in workers(master)]


def table(paths: list[Path]) -> str:
    total, rows = layers(paths)
    lines = [f"| layer ({total} samples with the GIL held) | share |", "| --- | --- |"]
    lines += [f"| {name} | {100 * n / max(1, total):.1f}% |" for name, n in rows]
    return "\n".join(lines)


if __name__ == "__main__":
    print(table([Path(p) for p in sys.argv[1:]]))
