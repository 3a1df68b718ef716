"""A long game stays cheap (issue #13; a script, not a test; report in docs/benchmarks.md).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \\
        .venv/bin/python -m tests.benchmarks.long_game

On a throwaway PostgreSQL database (`dice_long_benchmark`, created and dropped): one Dark
Knights game (target 10,000, the most seats, so it runs past 10,000 events) is played
with random legal moves through the write path up to event 10, then to event 10,000.
At each point, one move is timed in `--processes` new processes (a cold state cache),
each first warmed up by a move of another game (imports, connection), then timing
`submit_action` for the long game: the lock, the fold (the newest snapshot and the events
after it), decide, append, commit; with its queries and the rows it read. The same is
measured with the snapshots ignored (the whole stream folded, as before snapshots).

Also prints the rules engine's full random playouts per second for every game.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DB = "dice_long_benchmark"
SLUG = "dark-knights"


def env() -> dict[str, str]:
    base = os.environ["DATABASE_URL"].rsplit("/", 1)[0]
    return {**os.environ, "DATABASE_URL": f"{base}/{DB}",
            "DJANGO_SETTINGS_MODULE": "config.settings_test", "DICE_LOG_LEVEL": "WARNING",
            "CELERY_TASK_ALWAYS_EAGER": "false"}


def database(create: bool) -> None:
    import psycopg

    admin = os.environ["DATABASE_URL"].rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {DB} WITH (FORCE)")
        if create:
            conn.execute(f"CREATE DATABASE {DB}")


def worker(argv: list[str]) -> None:
    """In a process of its own: `build GAME UPTO`, `new`, or `measure GAME WARM [full]`."""
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from events import store, writes
    from events.models import Game
    from events.store import snapshots
    from games.core.legal import sample
    from games.registry import GAMES

    rules = GAMES[SLUG]
    rng = random.Random(argv[-1] if argv[0] == "build" else time.time())

    def users_of(game: Game) -> dict[int, object]:
        return {s.number: s.user for s in game.seat_set.select_related("user")}

    def move(game_id: str) -> float:
        game = Game.objects.get(id=game_id)
        users = users_of(game)
        state = store.state_at(game)
        seat = rng.choice(sorted(rules.awaiting(state)))
        items = rules.legal_actions(state, seat)
        keep = [i for i in items if i["type"] != "hold_turn"] or items  # long turns
        action = sample(rng.choice(keep if rng.random() < 0.7 else items), rng.randrange)
        began = time.perf_counter()
        writes.submit_action(user=users[seat], game_id=game.id, action=action,
                             expected_version=game.version)
        return time.perf_counter() - began

    if argv[0] == "new":
        players = rules.max_players
        users = [get_user_model().objects.create_user(f"u{random.randrange(10**9)}")
                 for _ in range(players)]
        game = writes.create_game(user=users[0], game_type=SLUG, seats=players,
                                  options={"target": 10_000})
        for user in users[1:]:
            writes.join_game(user=user, game_id=game.id)
        writes.start_game(user=users[0], game_id=game.id, first_player=0)
        print(game.id)
    elif argv[0] == "build":
        game_id, upto = argv[1], int(argv[2])
        while Game.objects.get(id=game_id).version < upto:
            move(game_id)
        print(Game.objects.get(id=game_id).version)
    elif argv[0] == "measure":
        game_id, warm = argv[1], argv[2]
        if len(argv) > 3 and argv[3] == "full":
            snapshots.latest = lambda game, upto: None  # as before snapshots
        move(warm)  # imports, the connection, the rules' code paths: warm
        game = Game.objects.get(id=game_id)
        users = users_of(game)
        store.CACHE.clear()
        state_check = Game.objects.get(id=game_id)
        with CaptureQueriesContext(connection) as queries:
            began = time.perf_counter()
            state = store.state_at(state_check)
            folded = time.perf_counter() - began
        seat = rng.choice(sorted(rules.awaiting(state)))
        action = sample(rng.choice(rules.legal_actions(state, seat)), rng.randrange)
        store.CACHE.clear()
        with CaptureQueriesContext(connection) as move_queries:
            began = time.perf_counter()
            writes.submit_action(user=users[seat], game_id=game_id, action=action,
                                 expected_version=game.version)
            took = time.perf_counter() - began
        print(json.dumps({"version": game.version, "move_ms": took * 1000,
                          "fold_ms": folded * 1000, "queries": len(move_queries),
                          "fold_queries": len(queries)}))


def run(*args: str) -> str:
    return subprocess.run([sys.executable, "-m", "tests.benchmarks.long_game", "--worker",
                           *args], cwd=ROOT, env=env(), check=True, capture_output=True,
                          text=True, timeout=900).stdout.strip().splitlines()[-1]


def measure(game: str, warm: str, processes: int, full: bool) -> dict:
    got = [json.loads(run("measure", game, warm, *(["full"] if full else [])))
           for _ in range(processes)]
    return {"version": got[0]["version"],
            "move_ms": statistics.median(g["move_ms"] for g in got),
            "fold_ms": statistics.median(g["fold_ms"] for g in got),
            "queries": got[0]["queries"]}


def playouts() -> list[str]:
    from games.core import GameConfig
    from games.core.legal import sample
    from games.core.options import resolve_options
    from games.registry import GAMES
    from tests.support.harness import RandomDice

    lines = ["| game | players | playouts/s | events per playout |", "| --- | --- | --- | --- |"]
    for slug, rules in sorted(GAMES.items()):
        players = min(4, rules.max_players)
        options = resolve_options(rules.options, {})
        done, events, began = 0, 0, time.perf_counter()
        while time.perf_counter() - began < 5 or done < 3:
            rng = random.Random(done)
            dice = RandomDice(rng)
            state = None
            for event in rules.setup(GameConfig(players, options, 0), dice):
                state = rules.evolve(state, event)
                events += 1
            while rules.outcome(state) is None:
                seat = rng.choice(sorted(rules.awaiting(state)))
                action = sample(rng.choice(rules.legal_actions(state, seat)), rng.randrange)
                for event in rules.decide(state, seat, action, dice):
                    state = rules.evolve(state, event)
                    events += 1
            done += 1
        seconds = time.perf_counter() - began
        lines.append(f"| {slug} | {players} | {done / seconds:.1f} | {events / done:.0f} |")
    return lines


def main() -> None:
    if sys.argv[1:2] == ["--worker"]:
        worker(sys.argv[2:])
        return
    parser = argparse.ArgumentParser()
    parser.add_argument("--processes", type=int, default=3)
    parser.add_argument("--events", type=int, default=10_000)
    parser.add_argument("--no-playouts", action="store_true")
    args = parser.parse_args()
    database(create=True)
    try:
        subprocess.run([sys.executable, "manage.py", "migrate", "-v", "0"], cwd=ROOT,
                       env=env(), check=True)
        warm = run("new")
        long = run("new")
        run("build", warm, "10", "1")
        run("build", long, "10", "2")
        early = measure(long, warm, args.processes, full=False)
        began = time.perf_counter()
        reached = run("build", long, str(args.events), "3")
        built = time.perf_counter() - began
        late = measure(long, warm, args.processes, full=False)
        late_full = measure(long, warm, args.processes, full=True)
    finally:
        database(create=False)
    print(f"## A long game, cold cache ({os.cpu_count()} cores, PostgreSQL on loopback, "
          f"load {os.getloadavg()[0]:.1f})\n")
    print(f"built to event {reached} in {built:.0f} s; medians of {args.processes} new "
          "processes\n")
    print("| move at event | move (submit_action) | of which the fold | queries |")
    print("| --- | --- | --- | --- |")
    for label, m in (("", early), ("", late), (" (snapshots ignored)", late_full)):
        print(f"| {m['version']}{label} | {m['move_ms']:.1f} ms | {m['fold_ms']:.1f} ms | "
              f"{m['queries']} |")
    print(f"\nratio late / early: {late['move_ms'] / early['move_ms']:.2f}x "
          f"(without snapshots: {late_full['move_ms'] / early['move_ms']:.1f}x)")
    if not args.no_playouts:
        print("\n## Rules engine: full random playouts per second (one process)\n")
        print("\n".join(playouts()))


if __name__ == "__main__":
    main()
