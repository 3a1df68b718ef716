"""This checkout's rules engines against another checkout's, in alternated rounds: the
speed-up issue #34 item 1 asks for (4x 24f43b2), as the ratio of the rounds' means.

    PYTHONPATH=. .venv/bin/python -m tests.benchmarks.engines_against DIR \\
        [--rounds 5] [--seconds 2] [--games SLUG ...] [--players 2 4]

DIR is the other checkout (a worktree: `git worktree add /tmp/base 24f43b2`). In each
round, every game and player count is measured twice, back to back: by this checkout's
tests/benchmarks/engines.py on DIR's `games/` and on this checkout's (DIR first in odd
rounds, this checkout first in even ones), each in a process of its own, so both play the
same seeded playouts with the same loop (on a checkout without `legal_moves` the loop
draws from the served items: engines.py's docstring). Pairs measured back to back share
the machine's slow swings: on a shared two-core machine one row of one commit moves by
20-40% from run to run (docs/benchmarks.md, "One dict per record"), so a single run says
little and the means of several rounds say more. Prints a markdown table: per game and
player count, each side's mean events per second, the ratio of the means, the lowest and
highest round's ratio, and how many rounds reached `--goal` (4 by default).
Instructions per event, which the load does not move, come from engine_instructions.py.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path
from statistics import mean
from typing import Sequence

ROOT = Path(__file__).resolve().parents[2]
ENGINES = ROOT / "tests" / "benchmarks" / "engines.py"
ROW = re.compile(r"^\| (\S+) \| (\d+) \| [\d,.]+ \| ([\d,]+) \|")

Rates = dict[tuple[str, int], list[float]]


def events_per_second(checkout: Path, seconds: float, games: Sequence[str],
                      players: Sequence[int]) -> dict[tuple[str, int], float]:
    """One run of engines.py on `checkout`'s engines: events per second by row."""
    done = subprocess.run(
        [sys.executable, str(ENGINES), "--seconds", str(seconds), "--games", *games,
         "--players", *map(str, players)],
        cwd=checkout, env={**os.environ, "PYTHONPATH": str(checkout)},
        capture_output=True, text=True, check=True)
    rows = (ROW.match(line) for line in done.stdout.splitlines())
    return {(m[1], int(m[2])): float(m[3].replace(",", "")) for m in rows if m}


def rounds(other: Path, count: int, seconds: float, games: Sequence[str],
           players: Sequence[int]) -> tuple[Rates, Rates]:
    """(the other checkout's rates, this one's): each row's figure in every round. Each
    row is measured on both sides back to back, the other checkout first in odd rounds
    and this one first in even rounds, so that a slow drift of the machine's load falls
    on both sides of a pair alike."""
    theirs: Rates = defaultdict(list)
    ours: Rates = defaultdict(list)
    sides = ((theirs, other), (ours, ROOT))
    for number in range(1, count + 1):
        for slug in games:
            for seats in players:
                for side, checkout in sides if number % 2 else sides[::-1]:
                    for row, rate in events_per_second(checkout, seconds, [slug],
                                                       [seats]).items():
                        side[row].append(rate)
        print(f"round {number} of {count} done", file=sys.stderr, flush=True)
    return theirs, ours


def table(theirs: Rates, ours: Rates, goal: float) -> str:
    lines = ["| game | players | other | this | ratio of means | rounds | rounds at goal |",
             "| --- | --- | --- | --- | --- | --- | --- |"]
    for row in sorted(ours):
        ratios = [o / t for o, t in zip(ours[row], theirs[row])]
        lines.append(
            f"| {row[0]} | {row[1]} | {mean(theirs[row]):,.0f} | {mean(ours[row]):,.0f} | "
            f"{mean(ours[row]) / mean(theirs[row]):.2f}x | {min(ratios):.2f}x to "
            f"{max(ratios):.2f}x | {sum(r >= goal for r in ratios)} of {len(ratios)} |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    from games.registry import GAMES

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("other", type=Path, help="the other checkout (e.g. a worktree)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0,
                        help="CPU seconds per row and run (engines.py --seconds)")
    parser.add_argument("--games", nargs="+", choices=sorted(GAMES), default=sorted(GAMES))
    parser.add_argument("--players", nargs="+", type=int, default=[2, 4])
    parser.add_argument("--goal", type=float, default=4.0,
                        help="the speed-up a round is counted against (default 4)")
    args = parser.parse_args(argv)
    theirs, ours = rounds(args.other.resolve(), args.rounds, args.seconds, args.games,
                          args.players)
    print(table(theirs, ours, args.goal))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
