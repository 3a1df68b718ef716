"""Where a step of the engines' benchmark goes: each part of the loop timed on its own.

    .venv/bin/python -m tests.benchmarks.engine_parts [--playouts 200] [--games SLUG ...]
        [--players N ...] [--served]

The playouts of tests/benchmarks/engines.py (same seeds, same draws), drawn as
`dev.py bench` draws them: from the typed legal items (`legal_moves`), or with `--served`
(and on a checkout without `legal_moves`) from the served JSON ones. Each step is cut into
the parts a caller of the rules goes through: *ask* (the outcome, the awaited seats and
one of them drawn), *legal* (the legal items for that seat: `legal_moves`, or
`legal_actions` as served JSON), *choose* (one concrete action of a random item:
`engines.choose_move`, or `engines.choose`), *decide* (the shared guards, the parse of a
served action and the game's handler, with the folds of its `Story`) and *fold* (the
caller's fold of the events decided). Each part is timed with
`time.perf_counter_ns`, less the clock's own cost; a table gives microseconds per step
and each part's share, then events per step. Read it as where the time goes, not as a
rate: the clock calls slow the loop a little (`dev.py bench` gives the rates).
docs/benchmarks.md, "Fourth pass" (served) and "On a fourth machine" (typed), has figures.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

from games.core import GameRules
from games.registry import GAMES

from .engines import begin, drawing, pick_seat

PARTS = ("ask", "legal", "choose", "decide", "fold")
clock = time.perf_counter_ns


def timed_playout(rules: GameRules, players: int, seed: int, spent: dict[str, int],
                  served: bool = False) -> tuple[int, int, int]:
    """Playout `seed` of engines.py, adding each part's nanoseconds to `spent`: the steps
    taken, the events of setup and the events the steps decided. The items are drawn as
    `engines.playout` draws them (typed, or served with `served`)."""
    state, setup, below, dice = begin(rules, players, seed)
    legal, draw = drawing(rules, served)
    steps = events = 0
    while True:
        start = clock()
        if rules.outcome(state) is not None:
            return steps, setup, events
        seat = pick_seat(rules.awaiting(state), below)
        asked = clock()
        items = legal(state, seat)
        listed = clock()
        action = draw(items, below)
        chosen = clock()
        told = rules.decide(state, seat, action, dice)
        decided = clock()
        for event in told:
            state = rules.evolve(state, event)
        folded = clock()
        for part, took in zip(PARTS, (asked - start, listed - asked, chosen - listed,
                                      decided - chosen, folded - decided)):
            spent[part] += took
        steps += 1
        events += len(told)


def clock_cost() -> float:
    """Nanoseconds between two successive reads of the clock."""
    start = clock()
    for _ in range(10_000):
        clock()
    return (clock() - start) / 10_000


def row(slug: str, players: int, playouts: int, served: bool = False) -> str:
    rules = GAMES[slug]
    spent = dict.fromkeys(PARTS, 0)
    steps = events = 0
    for seed in range(playouts):
        taken, _, told = timed_playout(rules, players, seed, spent, served)
        steps, events = steps + taken, events + told
    overhead = clock_cost() * steps
    net = {part: max(0.0, spent[part] - overhead) for part in PARTS}
    total = sum(net.values())
    cells = [f"{net[p] / steps / 1000:.1f} ({100 * net[p] / total:.0f}%)" for p in PARTS]
    return (f"| {slug} | {players} | {' | '.join(cells)} | {total / steps / 1000:.1f} | "
            f"{events / steps:.2f} |")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--playouts", type=int, default=200)
    parser.add_argument("--games", nargs="+", choices=sorted(GAMES), default=sorted(GAMES))
    parser.add_argument("--players", nargs="+", type=int, default=[2, 4])
    parser.add_argument("--served", action="store_true",
                        help="draw from the served JSON items, as `dev.py bench --served`")
    args = parser.parse_args(argv)
    print("| game | players | " + " | ".join(f"{p}: µs per step (share)" for p in PARTS)
          + " | µs per step | events per step |")
    print("| --- | --- |" + " --- |" * (len(PARTS) + 2))
    for slug in args.games:
        rules = GAMES[slug]
        for players in args.players:
            if rules.min_players <= players <= rules.max_players:
                print(row(slug, players, args.playouts, args.served), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
