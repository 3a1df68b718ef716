"""Benchmarks of the rules and the write path (not tests: run by hand, report in docs/).

    .venv/bin/python -m tests.benchmarks.bench            # on the configured database
    DATABASE_URL=postgres://... .venv/bin/python -m tests.benchmarks.bench

Prints a Markdown report: rules throughput per game type, the write path's latency on a
real database (a throwaway test database is created and dropped), the cost of folding a
long stream cold, and the memory the state cache holds.
"""

from __future__ import annotations

import os
import random
import statistics
import time
import tracemalloc
from typing import Any

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings_test")

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.db import connection  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402

from events import store  # noqa: E402
from events import writes as services  # noqa: E402
from events.models import Game  # noqa: E402
from games.core import GameConfig  # noqa: E402
from games.core.options import resolve_options  # noqa: E402
from games.registry import GAMES  # noqa: E402
from tests.support.harness import RandomDice  # noqa: E402

SMALL = {"dark-knights": {"target": 300}}


def random_stream(slug: str, players: int, seed: int) -> tuple[list, float, int]:
    """Events of one random game, the seconds its decide/legal_actions took, its steps."""
    rules, rng = GAMES[slug], random.Random(seed)
    dice = RandomDice(rng)
    options = resolve_options(rules.options, SMALL.get(slug, {}))
    events = list(rules.setup(GameConfig(players, options, 0), dice))
    state = None
    for event in events:
        state = rules.evolve(state, event)
    began, steps = time.perf_counter(), 0
    while rules.outcome(state) is None and steps < 5000:
        seat = rng.choice(sorted(rules.awaiting(state)))
        action = rng.choice(rules.legal_actions(state, seat))
        for event in rules.decide(state, seat, action, dice):
            state = rules.evolve(state, event)
            events.append(event)
        steps += 1
    return events, time.perf_counter() - began, steps


def rules_report() -> list[str]:
    lines = ["| game | players | events per game | decide+legal per step | evolve per event |",
             "| --- | --- | --- | --- | --- |"]
    for slug, rules in sorted(GAMES.items()):
        players = min(4, rules.max_players)
        per_step, per_event, sizes = [], [], []
        for seed in range(20):
            events, seconds, steps = random_stream(slug, players, seed)
            per_step.append(seconds / max(steps, 1))
            began = time.perf_counter()
            state = None
            for event in events:
                state = rules.evolve(state, event)
            per_event.append((time.perf_counter() - began) / len(events))
            sizes.append(len(events))
        lines.append(f"| {slug} | {players} | {statistics.mean(sizes):.0f} | "
                     f"{statistics.mean(per_step) * 1e6:.0f} µs | "
                     f"{statistics.mean(per_event) * 1e6:.1f} µs |")
    return lines


def write_path_report(moves: int = 400) -> list[str]:
    users = [get_user_model().objects.create_user(f"bench{i}") for i in range(4)]
    game = services.create_game(user=users[0], game_type="snake-bones", seats=4)
    for user in users[1:]:
        services.join_game(user=user, game_id=game.id)
    services.start_game(user=users[0], game_id=game.id, first_player=0)
    rng, timings = random.Random(1), []
    rules = GAMES["snake-bones"]
    while len(timings) < moves:
        game = Game.objects.get(id=game.id)
        if game.status == "finished":
            game = _restart(users)
            continue
        state = store.state_at(game)
        seat = rng.choice(sorted(rules.awaiting(state)))
        action = rng.choice(rules.legal_actions(state, seat))
        began = time.perf_counter()
        services.submit_action(user=users[seat], game_id=game.id, action=action,
                               expected_version=game.version)
        timings.append(time.perf_counter() - began)
    timings.sort()
    p = lambda q: timings[int(q * (len(timings) - 1))] * 1000  # noqa: E731
    return [f"- submit_action on {connection.vendor} ({moves} moves, 4-player Snake Bones, "
            f"state cache warm): p50 {p(0.5):.1f} ms, p95 {p(0.95):.1f} ms, "
            f"max {p(1.0):.1f} ms; {moves / sum(timings):.0f} moves/s from one process"]


def _restart(users: list[Any]) -> Game:
    game = services.create_game(user=users[0], game_type="snake-bones", seats=4)
    for user in users[1:]:
        services.join_game(user=user, game_id=game.id)
    return services.start_game(user=users[0], game_id=game.id, first_player=0)


def cold_fold_report() -> list[str]:
    game = Game.objects.order_by("-version").first()
    store.CACHE.clear()
    began = time.perf_counter()
    store.state_at(game)
    cold = time.perf_counter() - began
    return [f"- cold fold of the longest stream ({game.version} events, read from the "
            f"database and folded): {cold * 1000:.1f} ms"]


def cache_memory_report() -> list[str]:
    events, _, _ = random_stream("bamboozled", 6, 3)
    rules = GAMES["bamboozled"]
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    cache = store.StateCache(size=512)
    state = None
    for version, event in enumerate(events[:512], start=1):
        state = rules.evolve(state, event)
        cache.put("g", version, state)
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    used = sum(s.size_diff for s in after.compare_to(before, "filename"))
    return [f"- state cache: {min(512, len(events))} consecutive Bamboozled states "
            f"(6 players) hold {used / 1024:.0f} KiB (states share unchanged parts)"]


def main() -> None:
    setup_test_environment()
    if connection.vendor == "postgresql":  # never the test suite's database
        connection.settings_dict.setdefault("TEST", {})["NAME"] = "dicegames_benchmark"
    name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        print("## Rules (pure Python, random legal play)\n")
        print("\n".join(rules_report()))
        print("\n## Service\n")
        print("\n".join(write_path_report() + cold_fold_report() + cache_memory_report()))
    finally:
        connection.creation.destroy_test_db(name, verbosity=0)


if __name__ == "__main__":
    main()
