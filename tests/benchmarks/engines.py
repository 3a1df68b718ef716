"""The rules engines' speed: seeded random legal playouts, one core, no service.

    python3 dev.py bench [--seconds S] [--games SLUG ...] [--players N ...]

For every game (or those named) and player count (2, 3 and 4 by default), as many full
playouts as fit in `--seconds` (at least one): each starts from `setup` with the game's
default options, then asks the outcome, the awaited seats, the chosen seat's
`legal_actions`, and decides a random legal action (one concrete action of a random
served item: games.core.legal.sample; never `resign`, with which games end in a handful of
events), folding every event. Playout n is seeded with n, so two runs play the same games.
Prints a markdown table: playouts per second and events decided and folded per second
(every event of setup and decide, each folded once). Seconds are the process's CPU time
(`time.process_time`: one core), so other processes on the machine skew the figures less
than they would a wall clock. docs/benchmarks.md, "The rules engine", has the figures.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import dataclass
from typing import Sequence

from games.core import GameConfig, GameRules
from games.core.legal import sample
from games.core.options import resolve_options
from games.registry import GAMES
from tests.support.harness import RandomDice

PLAYERS = (2, 3, 4)


@dataclass(frozen=True)
class Figure:
    slug: str
    players: int
    playouts: int
    events: int
    seconds: float

    def row(self) -> str:
        return (f"| {self.slug} | {self.players} | {self.playouts / self.seconds:,.1f} | "
                f"{self.events / self.seconds:,.0f} | {self.events // self.playouts} |")


def playout(rules: GameRules, players: int, seed: int) -> int:
    """One seeded random game to its end; the number of events decided and folded."""
    rng = random.Random(seed)
    dice = RandomDice(rng)
    config = GameConfig(players, resolve_options(rules.options, {}), 0)
    state = None
    events = 0
    for event in rules.setup(config, dice):
        state = rules.evolve(state, event)
        events += 1
    while rules.outcome(state) is None:
        seat = rng.choice(sorted(rules.awaiting(state)))
        items = [a for a in rules.legal_actions(state, seat) if a["type"] != "resign"]
        for event in rules.decide(state, seat, sample(rng.choice(items), rng.randrange), dice):
            state = rules.evolve(state, event)
            events += 1
    return events


def measure(slug: str, players: int, seconds: float) -> Figure:
    rules = GAMES[slug]
    playouts = events = 0
    start = time.process_time()
    while playouts == 0 or time.process_time() - start < seconds:
        events += playout(rules, players, playouts)
        playouts += 1
    return Figure(slug, players, playouts, events, time.process_time() - start)


def table(figures: Sequence[Figure]) -> str:
    head = ("| game | players | playouts per second | events per second | events per playout |\n"
            "| --- | --- | --- | --- | --- |")
    return "\n".join([head, *(f.row() for f in figures)])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0,
                        help="CPU seconds per game and player count (default 3)")
    parser.add_argument("--games", nargs="+", choices=sorted(GAMES), default=sorted(GAMES))
    parser.add_argument("--players", nargs="+", type=int, default=list(PLAYERS))
    args = parser.parse_args(argv)
    figures = []
    for slug in args.games:
        rules = GAMES[slug]
        for players in args.players:
            if rules.min_players <= players <= rules.max_players:
                figures.append(measure(slug, players, args.seconds))
                print(figures[-1].row(), file=sys.stderr, flush=True)  # progress
    print(table(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
