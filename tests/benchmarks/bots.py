"""How well the bots play (issue #17): a script, not a test.

    PYTHONPATH=. .venv/bin/python tests/benchmarks/bots.py [slug ...] [--games N]
        [--levels basic,strong] [--self-games N] [--table-games N] [--seed S]
        [--versus-only] [--jobs N]

For each game (all of REGISTRY when no slug is named) and each level the game's
`games/<package>/bot.py` offers in `BOTS`:

- the bot against `games.core.bots.random_policy` over N two-player games (default
  1,000), the bot's seat alternating (seat 0 in even games, seat 1 in odd ones); the
  win rate with its 95% Wilson interval (a shared win counts as half);
- the bot against itself by seat: the share of games seat 0 wins (seat bias);
- the bot's decision time, p50 and p99 (the policy call only; building the Seen is
  not counted);
- where a game has both levels (issue #34): strong against basic over N games, seats
  alternated, and one strong among three basic over `--table-games` four-seat games (its
  seat going round), each with the strong bot's win share, its 95% Wilson interval, its
  ratio to a fair share and the strong bot's decision time p50 / p99 (`--versus-only`:
  only these; `--jobs N` spreads them over N processes, the same games and seeds).

Decision times are the process's CPU time in the policy call (one core), so a busy
machine does not inflate them.

A bot sees only what its seat may see: `Seen(seat, view, legal, events)` is built from
`RULES.view(state, seat)`, `RULES.legal_actions(state, seat)` and the events as served
to that seat (`Event.visible_to(seat)`: public data and its own private parts).

The dice are seeded (`random.Random`, this script only; the rules never import random),
every bot decision gets `Rng(f"{seed}:{game}:{step}")`: runs are reproducible.

To add a game: one line in REGISTRY, slug -> the module that holds its BOTS (and, if
the game needs them, its options in OPTIONS).
"""

from __future__ import annotations

import argparse
import importlib
import math
import multiprocessing
import random
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from games.core import GameConfig
from games.core.bots import Policy, Rng, Seen, random_policy
from games.core.options import resolve_options
from games.registry import GAMES

# slug -> the module with the game's BOTS = {"basic": policy, "strong": policy}.
REGISTRY: dict[str, str] = {
    "snake-bones": "games.snake_bones.bot",
    "bamboozled": "games.bamboozled.bot",
    "dark-knights": "games.dark_knights.bot",
    "skip-bo-dice": "games.skip_bo_dice.bot",
    "bare-bones": "games.bare_bones.bot",
}

# slug -> options for the benchmark games (defaults when absent).
OPTIONS: dict[str, Mapping[str, Any]] = {}

MAX_STEPS = 20_000


class SeededDice:
    """Seeded dice for the benchmark games (the service uses HmacDice)."""

    def __init__(self, seed: str) -> None:
        self.rng = random.Random(seed)

    def roll(self, sides: int) -> int:
        return self.rng.randint(1, sides)


@dataclass
class Timer:
    """Decision times of one policy, in seconds."""

    times: list[float] = field(default_factory=list)

    def percentile(self, p: float) -> float:
        if not self.times:
            return float("nan")
        ordered = sorted(self.times)
        return ordered[min(len(ordered) - 1, int(math.ceil(p / 100 * len(ordered))) - 1)]


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def play(slug: str, policies: tuple[Policy, ...], seed: str,
         timers: tuple[Timer | None, ...] | None = None) -> Mapping[str, Any]:
    """One game of len(policies) seats, seat i played by policies[i]; returns the
    outcome. `timers[i]`, if given, times seat i's decisions."""
    rules = GAMES[slug]
    dice = SeededDice(seed)
    seats = range(len(policies))
    timers = timers or tuple(None for _ in seats)
    cfg = GameConfig(players=len(policies),
                     options=resolve_options(rules.options, dict(OPTIONS.get(slug, {}))),
                     first_player=None)
    events = list(rules.setup(cfg, dice))
    served: list[list[Mapping[str, Any]]] = [[e.visible_to(s) for e in events] for s in seats]
    state = None
    for event in events:
        state = rules.evolve(state, event)
    step = 0
    while (result := rules.outcome(state)) is None:
        awaited = sorted(rules.awaiting(state))
        if not awaited:
            raise RuntimeError(f"{slug}: a running game awaits nobody")
        seat = awaited[0]
        seen = Seen(seat=seat, view=rules.view(state, seat),
                    legal=rules.legal_actions(state, seat), events=served[seat])
        rng = Rng(f"{seed}:{step}")
        timer = timers[seat]
        started = time.process_time()
        action = policies[seat](seen, rng)
        if timer is not None:
            timer.times.append(time.process_time() - started)
        new = rules.decide(state, seat, action, dice)
        for event in new:
            state = rules.evolve(state, event)
            for reader in seats:
                served[reader].append(event.visible_to(reader))
        step += 1
        if step > MAX_STEPS:
            raise RuntimeError(f"{slug}: game {seed} did not end within {MAX_STEPS} steps")
    return result


def share(result: Mapping[str, Any], seat: int) -> float:
    """A seat's share of the win: 1, 0, or 1/k of a win shared by k."""
    winners = result["winners"]
    return 1 / len(winners) if seat in winners else 0.0


def bots_of(slug: str) -> Mapping[str, Policy]:
    return importlib.import_module(REGISTRY[slug]).BOTS


def against_random(slug: str, bot: Policy, games: int, seed: str) -> tuple[float, Timer]:
    timer = Timer()
    wins = 0.0
    for g in range(games):
        seat = g % 2
        policies: list[Policy] = [random_policy, random_policy]
        policies[seat] = bot
        timers: list[Timer | None] = [None, None]
        timers[seat] = timer
        result = play(slug, (policies[0], policies[1]), f"{seed}:r:{g}",
                      (timers[0], timers[1]))
        wins += share(result, seat)
    return wins, timer


def self_play(slug: str, bot: Policy, games: int, seed: str) -> tuple[float, Timer]:
    timer = Timer()
    wins = 0.0
    for g in range(games):
        result = play(slug, (bot, bot), f"{seed}:s:{g}", (timer, timer))
        wins += share(result, 0)
    return wins, timer


def head_to_head(slug: str, first: Policy, second: Policy, games: int | range,
                 seed: str) -> tuple[float, Timer]:
    """`first` against `second`, seats alternated: `first`'s wins (shared: half) and its
    decision times. `games` is a count, or the range of game numbers to play."""
    timer = Timer()
    wins = 0.0
    for g in (range(games) if isinstance(games, int) else games):
        seat = g % 2
        policies = [second, second]
        policies[seat] = first
        timers: list[Timer | None] = [None, None]
        timers[seat] = timer
        wins += share(play(slug, tuple(policies), f"{seed}:h:{g}", tuple(timers)), seat)
    return wins, timer


def one_among(slug: str, first: Policy, others: Policy, seats: int, games: int | range,
              seed: str) -> tuple[float, Timer]:
    """`first` at a table of `seats` with `others` in every other seat, its seat going
    round (seat g % seats in game g): its wins (shared: a part) and decision times."""
    timer = Timer()
    wins = 0.0
    for g in (range(games) if isinstance(games, int) else games):
        seat = g % seats
        policies = [others] * seats
        policies[seat] = first
        timers: list[Timer | None] = [None] * seats
        timers[seat] = timer
        wins += share(play(slug, tuple(policies), f"{seed}:t{seats}:{g}", tuple(timers)),
                      seat)
    return wins, timer


def _strong_part(job: tuple[str, int, range, str]) -> tuple[float, list[float]]:
    """One process's share of strong against basic (`seats` 2: head to head)."""
    slug, seats, games, seed = job
    bots = bots_of(slug)
    if seats == 2:
        wins, timer = head_to_head(slug, bots["strong"], bots["basic"], games, seed)
    else:
        wins, timer = one_among(slug, bots["strong"], bots["basic"], seats, games, seed)
    return wins, timer.times


def strong_games(slug: str, seats: int, games: int, seed: str,
                 jobs: int) -> tuple[float, Timer]:
    """Strong against basic over `games` games, spread over `jobs` processes (each plays
    every jobs-th game: the same games, seeds and moves as one process). The processes are
    spawned, not forked: a test process may hold other threads' locks."""
    parts = [(slug, seats, range(j, games, jobs), seed) for j in range(jobs)]
    if jobs == 1:
        results = [_strong_part(parts[0])]
    else:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            results = pool.map(_strong_part, parts)
    timer = Timer([t for _, times in results for t in times])
    return sum(wins for wins, _ in results), timer


def times(timer: Timer) -> str:
    return f"{timer.percentile(50) * 1000:.1f} / {timer.percentile(99) * 1000:.1f} ms"


def report(slug: str, levels: list[str], games: int, self_games: int, seed: str,
           out: Callable[[str], None] = print, table_games: int = 0,
           versus_only: bool = False, jobs: int = 1) -> None:
    bots = bots_of(slug)
    out(f"## {slug}")
    if versus_only:
        if "strong" in bots:
            strong_against_basic(slug, bots, games, table_games, seed, out, jobs)
        return
    out("| level | vs random (N) | win rate | 95% CI | self-play seat 0 (N) | seat 0 rate "
        "| 95% CI | decision p50 | decision p99 |")
    out("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for level in levels:
        bot = bots.get(level)
        if bot is None:
            continue
        started = time.perf_counter()
        wins, timer = against_random(slug, bot, games, seed)
        low, high = wilson(wins, games)
        if self_games:
            seat0, self_timer = self_play(slug, bot, self_games, seed)
            timer.times.extend(self_timer.times)
            s_low, s_high = wilson(seat0, self_games)
            self_cells = (f"{self_games} | {seat0 / self_games:.1%} | "
                          f"[{s_low:.1%}, {s_high:.1%}]")
        else:
            self_cells = "- | - | -"
        out(f"| {level} | {games} | {wins / games:.1%} | [{low:.1%}, {high:.1%}] | "
            f"{self_cells} | {timer.percentile(50) * 1000:.2f} ms | "
            f"{timer.percentile(99) * 1000:.2f} ms |")
        print(f"  ({slug} {level}: {time.perf_counter() - started:.0f} s, "
              f"{len(timer.times)} decisions)", file=sys.stderr)
    if "strong" in bots and "basic" in bots and {"basic", "strong"} <= set(levels):
        strong_against_basic(slug, bots, games, table_games, seed, out, jobs)


def strong_against_basic(slug: str, bots: Mapping[str, Policy], games: int,
                         table_games: int, seed: str, out: Callable[[str], None],
                         jobs: int = 1) -> None:
    """Issue #34's measure: strong against basic head to head (seats alternated), and one
    strong among three basic at four seats; the strong bot's decision times in them."""
    wins, timer = strong_games(slug, 2, games, seed, jobs)
    low, high = wilson(wins, games)
    out("\n| strong against basic | games | strong's win share | 95% CI | of a fair share "
        "| strong's decision p50 / p99 |\n| --- | --- | --- | --- | --- | --- |")
    out(f"| two seats, alternated | {games} | {wins / games:.1%} | [{low:.1%}, {high:.1%}] | "
        f"{wins / games / 0.5:.2f}x | {times(timer)} |")
    if table_games and GAMES[slug].max_players >= 4:
        wins, timer = strong_games(slug, 4, table_games, seed, jobs)
        low, high = wilson(wins, table_games)
        out(f"| one of four, seat going round | {table_games} | {wins / table_games:.1%} | "
            f"[{low:.1%}, {high:.1%}] | {wins / table_games / 0.25:.2f}x | {times(timer)} |")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("slugs", nargs="*", help=f"games (default: {', '.join(REGISTRY)})")
    parser.add_argument("--games", type=int, default=1000, help="games against random")
    parser.add_argument("--self-games", type=int, default=None,
                        help="self-play games per level (default: as --games)")
    parser.add_argument("--levels", default="basic,strong")
    parser.add_argument("--table-games", type=int, default=500,
                        help="four-seat games, one strong among three basic (0: none)")
    parser.add_argument("--seed", default="bots")
    parser.add_argument("--versus-only", action="store_true",
                        help="only strong against basic (issue #34's measure)")
    parser.add_argument("--jobs", type=int, default=1,
                        help="processes for strong against basic (same games and seeds)")
    args = parser.parse_args(argv)
    unknown = [s for s in args.slugs if s not in REGISTRY]
    if unknown:
        parser.error(f"no bot registered for {', '.join(unknown)} (known: {', '.join(REGISTRY)})")
    self_games = args.games if args.self_games is None else args.self_games
    for slug in args.slugs or list(REGISTRY):
        report(slug, args.levels.split(","), args.games, self_games, args.seed,
               table_games=args.table_games, versus_only=args.versus_only,
               jobs=max(1, args.jobs))
        print()


if __name__ == "__main__":
    main()
