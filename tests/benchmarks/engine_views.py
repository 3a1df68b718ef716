"""What a seat's view costs: `view(state, seat)` as JSON, at the states of the engines'
benchmark playouts (issue #34 item 1 names the view for the bot's seat among the hot
path; a bot reads one per decision). A script, not a test; docs/benchmarks.md, "A seat's
view".

    PYTHONPATH=. .venv/bin/python tests/benchmarks/engine_views.py \\
        [--games SLUG ...] [--players 2 4] [--playouts 60] [--checkout DIR]

For each game and player count, the seeded playouts 0 .. N-1 of tests/benchmarks/engines.py
drawn from the served JSON items (`--served`, which every checkout has, so both sides
visit the same states), every state at which a seat is asked to move kept; then the
view of that state for that seat, timed over all of them in process CPU time. Prints
microseconds per view. `--checkout DIR` measures another checkout's `games/` (this file
run again with DIR first on the path), with the same playouts.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Sequence

ROOT = Path(__file__).resolve().parents[2]
ENGINES = ROOT / "tests" / "benchmarks" / "engines.py"


def this_checkouts_engines() -> Any:
    """This checkout's engines.py, loaded by its path (another checkout's `tests` may come
    first on the path), playing whichever `games/` comes first."""
    spec = importlib.util.spec_from_file_location("views_engines", ENGINES)
    assert spec is not None and spec.loader is not None
    engines = sys.modules[spec.name] = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(engines)
    return engines


def states(rules: Any, players: int, playouts: int) -> list[tuple[Any, int]]:
    """(state, seat) at every step of playouts 0 .. playouts-1 (engines.py's, served)."""
    engines = this_checkouts_engines()
    legal, draw = engines.drawing(rules, served=True)
    asked: list[tuple[Any, int]] = []
    for seed in range(playouts):
        state, _, below, dice = engines.begin(rules, players, seed)
        while rules.outcome(state) is None:
            seat = engines.pick_seat(rules.awaiting(state), below)
            asked.append((state, seat))
            for event in rules.decide(state, seat, draw(legal(state, seat), below), dice):
                state = rules.evolve(state, event)
    return asked


def per_view(slug: str, players: int, playouts: int) -> float:
    """Microseconds per view (as JSON) over the playouts' states."""
    from games.registry import GAMES

    rules = GAMES[slug]
    asked = states(rules, players, playouts)
    view = rules.view
    start = time.process_time()
    for state, seat in asked:
        view(state, seat)
    return (time.process_time() - start) / len(asked) * 1e6


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="+", default=None)
    parser.add_argument("--players", nargs="+", type=int, default=[2, 4])
    parser.add_argument("--playouts", type=int, default=60)
    parser.add_argument("--checkout", type=Path, default=None,
                        help="measure another checkout's games (e.g. a worktree)")
    args = parser.parse_args(argv)
    if args.checkout is not None:   # the same measure, the other checkout's games first
        same = ["--players", *map(str, args.players), "--playouts", str(args.playouts),
                *(["--games", *args.games] if args.games else [])]
        path = os.pathsep.join([str(args.checkout.resolve()), str(ROOT)])
        return subprocess.run([sys.executable, __file__, *same],
                              env={**os.environ, "PYTHONPATH": path}).returncode
    from games.registry import GAMES

    print("| game | players | microseconds per view |\n| --- | --- | --- |")
    for slug in args.games or sorted(GAMES):
        for players in args.players:
            rules = GAMES[slug]
            if rules.min_players <= players <= rules.max_players:
                print(f"| {slug} | {players} | {per_view(slug, players, args.playouts):.1f} |",
                      flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
