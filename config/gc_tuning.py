"""Garbage-collector settings for the served process (config/asgi.py).

A server process holding thousands of streams keeps hundreds of thousands of long-lived
objects (each stream's request, response, task and generator). CPython's full (oldest
generation) collection walks every one of them while holding the GIL, and its event loop
stops for as long: measured on the 2-core machine with 1,000 streams per worker, 0.3 to
0.9 s of CPU per full collection, a dozen of them a minute under moves, which was the
tail of the streams' commit-to-arrival latency (docs/scaling.md, garbage collection).

Two standard remedies, applied once per process after Django is loaded:

- `gc.freeze()`: the objects alive after start-up (Django, the URLconf, every view and
  the rules of every game) move to a permanent generation no collection walks again;
- higher thresholds (DICE_GC_THRESHOLDS, "gen0,gen1,gen2"): fewer young collections, and
  a full one only after many more of them. Reference cycles are still collected; memory
  held by garbage cycles lives a little longer.
"""

from __future__ import annotations

import gc

from django.conf import settings


def load_everything() -> None:
    """Import what the first requests would: the URLconf, its views, the games' rules."""
    from django.urls import get_resolver

    get_resolver().url_patterns  # noqa: B018 - imports every view module
    from games import registry

    registry.GAMES  # noqa: B018


def tune_for_serving() -> tuple[int, int, int]:
    """Freeze what start-up left alive and set the thresholds; answers the thresholds."""
    thresholds = settings.DICE_GC_THRESHOLDS
    if not thresholds:
        return gc.get_threshold()
    load_everything()
    gc.collect()
    gc.freeze()
    gc.set_threshold(*thresholds)
    return gc.get_threshold()
