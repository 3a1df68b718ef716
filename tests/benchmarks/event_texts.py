"""What the readable `text` of events costs (not a test: run by hand, report in
docs/benchmarks.md, "Readable events"):

    .venv/bin/python -m tests.benchmarks.event_texts

For each game, one game played by its basic bots (three seats, pure rules, no database),
its events as seat 0 is served them; then the time to tell them all (events/texts.py:
parse each event, choose its sentences, translate, name the seats) in English and French,
the best of 15 runs, per event.
"""

from __future__ import annotations

import os
import time
from typing import Any

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings_test")

import django

django.setup()

from events import texts  # noqa: E402 (needs django.setup() first)
from games import registry  # noqa: E402 (needs django.setup() first)
from tests.support.bots import play  # noqa: E402 (needs django.setup() first)

RUNS = 15
NAMES: dict[int, Any] = {0: "alice", 1: "bob", 2: texts.Bot("basic")}


def served_events(slug: str) -> list[dict[str, Any]]:
    """A whole game's events, as seat 0 is served them."""
    rules = registry.GAMES[slug]
    seen: list[Any] = []

    def visit(state: Any, events: list[Any], seat: int, view: Any, action: Any) -> None:
        seen[:] = events

    basic = registry.BOTS[slug]["basic"]
    play(rules, [basic] * 3, seed=7, options={}, visit=visit,
         out_of_turn=slug == "skip-bo-dice")
    return [dict(event.visible_to(0)) for event in seen]


def per_event(events: list[dict[str, Any]], reader: texts.Reader) -> float:
    """Microseconds per event, the best of RUNS."""
    best = []
    for _ in range(RUNS):
        batch = [dict(event) for event in events]
        start = time.perf_counter()
        texts.with_texts(batch, reader)
        best.append(time.perf_counter() - start)
    return min(best) / len(events) * 1e6


def main() -> None:
    print("| game | events | en µs/event | fr µs/event |")
    print("| --- | --- | --- | --- |")
    for slug in registry.GAMES:
        events = served_events(slug)
        cost = {lang: per_event(events, texts.Reader(slug, 0, NAMES, lang))
                for lang in ("en", "fr")}
        print(f"| {slug} | {len(events)} | {cost['en']:.0f} | {cost['fr']:.0f} |")


if __name__ == "__main__":
    main()
