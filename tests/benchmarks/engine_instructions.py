"""The rules engines' cost in CPU instructions per event: a figure the machine's load does
not move (the playouts of tests/benchmarks/engines.py, counted by valgrind's callgrind).

    PYTHONPATH=. .venv/bin/python tests/benchmarks/engine_instructions.py \
        [--games SLUG ...] [--players N ...] [--events 4000] [--checkout DIR] [--served]
        [--simulate]

For each game and player count: the seeded playouts 0, 1, 2, ... of `engines.playout`
until they reach `--events`, run under `valgrind --tool=callgrind`; from the instructions
it counts, those of the same process playing none (the interpreter starting, the imports)
are taken off, and the rest is divided by the events decided and folded. `--checkout DIR`
measures the engines of another checkout (its `games/` on the path first) with this
file's loop, so two commits are compared on the same playouts; `--served` plays them
from the served JSON items, as `dev.py bench --served` does (every figure before
2026-12-05 was counted so; a checkout without `legal_moves` is). Needs Debian's
`valgrind`. A wall clock on a shared two-core machine swings by 15-20% from run to run
(docs/benchmarks.md, "The rules engine"); instruction counts do not, though they do not
see what memory and branches cost, so read them beside the clock's figures. `--simulate`
counts under valgrind's cachegrind instead, with its cache and branch simulation: the
instructions, the first-level instruction and data cache misses and the mispredicted
branches per event: again figures the load does not move, and what the instructions do
not see (slower to run than callgrind; docs/benchmarks.md, "Why the clock lags the
instructions").
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Sequence

ROOT = Path(__file__).resolve().parents[2]
ENGINES = ROOT / "tests" / "benchmarks" / "engines.py"

# Run in the measured process: play the seeded playouts 0, 1, ... (none when `events` is
# 0) and print how many events they folded. `engines.py` is loaded from this checkout by
# its path, so a `--checkout` is measured with this loop.
PLAY = """
import importlib.util, sys
spec = importlib.util.spec_from_file_location("engines", sys.argv[1])
engines = sys.modules["engines"] = importlib.util.module_from_spec(spec)
spec.loader.exec_module(engines)
from games.registry import GAMES
rules, players, wanted = GAMES[sys.argv[2]], int(sys.argv[3]), int(sys.argv[4])
served = sys.argv[5] == "served"
events = seed = 0
while events < wanted:
    events += engines.playout(rules, players, seed, served)
    seed += 1
print(events, seed)
"""


# valgrind's tool and the counts read from its summary, by what is counted.
CALLGRIND = (["--tool=callgrind", "--callgrind-out-file=/dev/null"],
             {"instructions": r"Collected : (\d+)"})
CACHEGRIND = (["--tool=cachegrind", "--cache-sim=yes", "--branch-sim=yes",
               "--cachegrind-out-file=/dev/null"],
              {"instructions": r"I\s+refs:\s+([\d,]+)",
               "I1 misses": r"I1\s+misses:\s+([\d,]+)",
               "D1 misses": r"D1\s+misses:\s+([\d,]+)",
               "mispredicts": r"Mispredicts:\s+([\d,]+)"})
Tool = tuple[list[str], dict[str, str]]


def counted(checkout: Path, slug: str, players: int, events: int, served: bool,
            tool: Tool = CALLGRIND) -> tuple[dict[str, int], int]:
    """(the tool's counts by name, events folded) of one process playing up to `events`."""
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    options, patterns = tool
    done = subprocess.run(
        ["valgrind", *options,
         sys.executable, "-c", PLAY, str(ENGINES), slug, str(players), str(events),
         "served" if served else "typed"],
        cwd=checkout, env=env, capture_output=True, text=True, check=True)
    return read_counts(done.stderr, patterns), int(done.stdout.split()[0])


def read_counts(summary: str, patterns: dict[str, str]) -> dict[str, int]:
    """The counts a valgrind tool's summary (its stderr) prints, by name."""
    counts = {}
    for name, pattern in patterns.items():
        found = re.search(pattern, summary)
        assert found, f"no {name} in valgrind's summary: {summary[-2000:]}"
        counts[name] = int(found.group(1).replace(",", ""))
    return counts


def per_event(checkout: Path, slug: str, players: int, events: int,
              served: bool = False, tool: Tool = CALLGRIND) -> tuple[dict[str, float], int]:
    """Each count per event decided and folded (the idle process's taken off), and the
    events counted."""
    idle, _ = counted(checkout, slug, players, 0, served, tool)
    busy, folded = counted(checkout, slug, players, events, served, tool)
    return {name: (busy[name] - idle[name]) / folded for name in busy}, folded


def main(argv: Sequence[str] | None = None) -> int:
    from games.registry import GAMES

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="+", choices=sorted(GAMES), default=sorted(GAMES))
    parser.add_argument("--players", nargs="+", type=int, default=[2, 4])
    parser.add_argument("--events", type=int, default=4000,
                        help="events to play at least, per game and player count")
    parser.add_argument("--checkout", type=Path, default=ROOT,
                        help="the checkout whose engines are measured (default: this one)")
    parser.add_argument("--served", action="store_true",
                        help="play from the served JSON items (engines.py --served)")
    parser.add_argument("--simulate", action="store_true",
                        help="cachegrind: cache misses and mispredicted branches too")
    args = parser.parse_args(argv)
    tool = CACHEGRIND if args.simulate else CALLGRIND
    names = list(tool[1])
    print(f"| game | players | events | {' | '.join(f'{n} per event' for n in names)} |\n"
          f"| --- | --- | --- |{' --- |' * len(names)}")
    for slug in args.games:
        rules = GAMES[slug]
        for players in args.players:
            if rules.min_players <= players <= rules.max_players:
                cost, folded = per_event(args.checkout.resolve(), slug, players, args.events,
                                          args.served, tool)
                figures = " | ".join(f"{cost[n]:,.0f}" for n in names)
                print(f"| {slug} | {players} | {folded:,} | {figures} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
