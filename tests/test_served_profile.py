"""tests/benchmarks/served_profile.py sorts a sampled stack into the first layer it
belongs to: a view's work on the request's thread is the view's, not the hop's that
carried it there."""

from __future__ import annotations

from pathlib import Path

from tests.benchmarks.served_profile import OTHER, layers

HOP = "_worker (concurrent/futures/thread.py:81);SyncToAsync.thread_handler (asgiref/sync.py:1)"
VIEW = "APIView.dispatch (rest_framework/views.py:1);ActionView.post (api/views.py:1)"
LOOP = "Runner.run (asyncio/runners.py:118)"


def test_each_stack_goes_to_the_first_layer_it_belongs_to(tmp_path: Path) -> None:
    raw = tmp_path / "one-1-42.txt"
    raw.write_text("\n".join([
        f"{HOP};{VIEW};Cursor.execute (psycopg/cursor.py:1) 7",
        f"{HOP};{VIEW.split(';')[0]};APIView.check_throttles (rest_framework/views.py:1) 3",
        f"{HOP} 5",
        f"{LOOP};SyncToAsync.__call__ (asgiref/sync.py:1);"
        "ThreadPoolExecutor.submit (concurrent/futures/thread.py:1) 4",
        f"{LOOP};RequestResponseCycle.send (uvicorn/protocols/http/httptools_impl.py:1) 2",
        f"{LOOP} 1",
    ]) + "\n")
    total, rows = layers([raw])
    assert total == 22
    assert dict(rows) == {
        "the POST's view (ActionView.post)": 7,
        "DRF: the throttle (Redis)": 3,
        "thread hops (sync_to_async: the loop's submit, the thread's run)": 9,
        "uvicorn's HTTP and Django's ASGI handler": 2,
        OTHER: 1,
    }
