"""The rules engines' speed: seeded random legal playouts, one core, no service.

    python3 dev.py bench [--seconds S] [--games SLUG ...] [--players N ...] [--served]

For every game (or those named) and player count (2, 3 and 4 by default), as many full
playouts as fit in `--seconds` (at least one): each starts from `setup` with the game's
default options, then asks the outcome, the awaited seats, one awaited seat's (drawn at
random) legal items, and decides a random legal action (one concrete action of a random
item; never `resign`, with which games end in a handful of events), folding every event.
The items are the typed ones a player in this process reads (`legal_moves`, drawn from
with games.core.legal.sample_move, the action decided as it is); with `--served`, the
JSON ones a client is served (`legal_actions`, drawn from with games.core.legal.sample,
the action read back by `decide`), the only ones a checkout before `legal_moves` has.
Both draw alike, so they play the same games. Playout n is seeded with n, so two runs
play the same games.
The loop's own draws are kept cheap, so that the figure is the engine's: one uniform
`random()` per draw (`SeededDice` rolls the same way), a lone awaited seat taken without
a draw, and a drawn `resign` drawn again among the other items only (still uniform).
Prints a markdown table: playouts per second and events decided and folded per second
(every event of setup and decide, each folded once). Seconds are the process's CPU time
(`time.process_time`: one core), so other processes on the machine skew the figures less
than they would a wall clock. Each row is measured in a process of its own, started for
it (`--one-process`: all in this one), so that no row inherits warm caches or memos from
the rows before it. docs/benchmarks.md, "The rules engine", has the figures.
On a checkout without `legal_moves` the loop draws from the served items, so the same
file measures an older checkout too.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Mapping, Sequence, TypeVar

from games.core import GameConfig, GameRules
from games.core.legal import sample
from games.core.options import resolve_options
from games.registry import GAMES

try:   # the typed items' draw (an older checkout measured with this file has none)
    from games.core.legal import Choice, sample_move
except ImportError:   # then every playout draws from the served items
    pass

PLAYERS = (2, 3, 4)
T = TypeVar("T")


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


class SeededDice:
    """The playout's dice: one uniform `random()` of the playout's generator per roll."""

    def __init__(self, rng: random.Random) -> None:
        self.draw = rng.random

    def roll(self, sides: int) -> int:
        return int(self.draw() * sides) + 1


def playout(rules: GameRules, players: int, seed: int, served: bool = False) -> int:
    """One seeded random game to its end; the number of events decided and folded. The
    actions are drawn from the typed legal items (`legal_moves`, `sample_move`), or with
    `served` (or on a checkout without `legal_moves`) from the served JSON ones
    (`legal_actions`, `sample`): the same draws, so the same game either way."""
    state, events, below, dice = begin(rules, players, seed)
    outcome, awaiting, decide, evolve = rules.outcome, rules.awaiting, rules.decide, rules.evolve
    legal, draw = drawing(rules, served)
    while outcome(state) is None:
        seat = pick_seat(awaiting(state), below)
        told = decide(state, seat, draw(legal(state, seat), below), dice)
        for event in told:
            state = evolve(state, event)
        events += len(told)
    return events


Legal = Callable[[Any, int], list[Any]]  # (state, seat) -> the seat's legal items
Draw = Callable[[list[Any], Callable[[int], int]], Any]  # (items, below) -> an action


def drawing(rules: GameRules, served: bool = False) -> tuple[Legal, Draw]:
    """How a playout draws its actions: the legal items it asks for and its draw of one
    concrete action from them. The typed items (`legal_moves`, `choose_move`), or with
    `served` (or on a checkout without `legal_moves`) the served JSON ones
    (`legal_actions`, `choose`)."""
    if not served and hasattr(rules, "legal_moves"):
        return rules.legal_moves, choose_move
    return rules.legal_actions, choose


def begin(rules: GameRules, players: int,
          seed: int) -> tuple[Any, int, Callable[[int], int], SeededDice]:
    """Playout `seed`'s start: the state its setup folds to, setup's number of events,
    and the playout's draw of an index (`below(n)`, uniform in range(n)) and dice, both
    from one generator seeded with `seed`."""
    rng = random.Random(seed)
    draw = rng.random

    def below(n: int) -> int:
        return int(draw() * n)

    dice = SeededDice(rng)
    state = None
    told = rules.setup(GameConfig(players, resolve_options(rules.options, {}), 0), dice)
    for event in told:
        state = rules.evolve(state, event)
    return state, len(told), below, dice


def pick_seat(awaited: Mapping[int, str], below: Callable[[int], int]) -> int:
    """One of the awaited seats: a lone one without a draw, else one drawn."""
    return next(iter(awaited)) if len(awaited) == 1 else sorted(awaited)[below(len(awaited))]


def choose(items: list[dict[str, Any]], below: Callable[[int], int]) -> dict[str, Any]:
    """One concrete action of a random served item."""
    return sample(drawn(items, below, served_type), below)


def choose_move(items: list[Any], below: Callable[[int], int]) -> Any:
    """`choose` on the typed items: the same draws, a typed action."""
    return sample_move(drawn(items, below, type_of), below)


def drawn(items: list[Any], below: Callable[[int], int], kind: Callable[[Any], str]) -> Any:
    """A random item; a drawn `resign` is drawn again among the others (each then has
    1 / (n - 1))."""
    item = items[below(len(items))]
    if kind(item) == "resign":
        others = [a for a in items if kind(a) != "resign"]
        item = others[below(len(others))]
    return item


def served_type(item: Mapping[str, Any]) -> str:
    return item["type"]  # type: ignore[no-any-return]


def type_of(item: Any) -> str:
    """A typed legal item's action type: an action's, or a choice's action's."""
    return item.action.TYPE if type(item) is Choice else item.TYPE  # type: ignore[no-any-return]


def measure(slug: str, players: int, seconds: float, served: bool = False) -> Figure:
    rules = GAMES[slug]
    playouts = events = 0
    start = time.process_time()
    while playouts == 0 or time.process_time() - start < seconds:
        events += playout(rules, players, playouts, served)
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
    parser.add_argument("--served", action="store_true",
                        help="draw from the served JSON items (legal_actions, read back by "
                        "decide), as a checkout without legal_moves does, instead of the "
                        "typed ones (legal_moves)")
    parser.add_argument("--one-process", action="store_true",
                        help="measure every row in this process (each row's caches then "
                        "start warm from the rows before it)")
    args = parser.parse_args(argv)
    rows = [(slug, players) for slug in args.games for players in args.players
            if GAMES[slug].min_players <= players <= GAMES[slug].max_players]
    figures = []
    for figure in each_in_a_new_process(measure, rows, args.seconds, args.served,
                                        one_process=args.one_process):
        figures.append(figure)
        print(figure.row(), file=sys.stderr, flush=True)  # progress
    print(table(figures))
    return 0


def each_in_a_new_process(fn: Callable[..., T], rows: Sequence[tuple[Any, ...]],
                          *common: Any, one_process: bool = False) -> Iterator[T]:
    """`fn(*row, *common)` for each row in turn, each in a process spawned for it, so
    that no row starts with what an earlier row left in the rules' caches and memos (a
    checkout whose memos outlive a row would otherwise look faster at its later rows);
    `one_process`: all here."""
    if one_process:
        yield from (fn(*row, *common) for row in rows)
        return
    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=1, mp_context=spawn, max_tasks_per_child=1) as pool:
        for row in rows:
            yield pool.submit(fn, *row, *common).result()


if __name__ == "__main__":
    raise SystemExit(main())
