"""Dark Knights' two-seat race: how much risk to take at each pair of scores, solved
against `basic` (issue #34; writes games/dark_knights/race.py's map).

    PYTHONPATH=. .venv/bin/python tests/benchmarks/dark_knights_race.py \
        [--turns 20000] [--jobs 2] [--map] [--bonus POINTS ...] [--table SEATS]

1. **Turns of each risk level, with the real rules.** For each level of
   games/dark_knights/race.py (`LEVELS`: `basic`'s play with a risk shift, basic.py
   `for_points`), `--turns` turns far from the target (one-seat games to 10,000, a new
   game once past 8,000), each turn recorded as what it banked (0: a bust) and the best
   hold it reached on the way (the most a player who banks on reaching the target
   could have banked). Seeded per level: the same turns every run.
2. **The race, solved.** Two seats, the default target (500), no final round; scores in
   cells of 10 points. W(m, o), the chance to win with the turn at the bot at scores (m,
   o), is the best over the levels of: the chance its turn reaches the target, plus,
   for every other turn of that level, the chance to win once the opponent's turn (a
   `basic` turn, from the same table) has followed. Solved by value iteration (a bust
   on both sides loops back) to a change below 1e-9.
3. **Prints** the model's win share of each level held all game long and of the best
   level per pair of scores (mean of going first and second; `basic` against itself is
   50% by construction), and with `--map` the map as race.py keeps it. Each `--bonus`
   solves the map again with every hold of the bot's turns worth that many points more
   (`with_bonus`): what a better play of the turn, at the same risk, would be worth in
   the race (dark_knights_lookahead.py measures how much better a deeper look-ahead
   plays it).
4. **`--table N`: one bot among N - 1 `basic` seats.** Nothing a seat does touches
   another's turns, so each `basic` seat's turn of finishing is its own (`finishing`),
   and the bot wins when it finishes before all of them (those seated before it having
   had one turn more). The best level for each of the bot's scores and turn numbers is
   solved backwards (`best_by_turns`): a best response that reads the turn number but
   not the others' scores, so a bound from below on one that reads them too. Then, by
   value iteration over every seat's score (`best_by_scores`, with numpy: 50 ** 4 cells
   at four seats, some 26 CPU-seconds), race.py's policy at a larger table
   (`racing_the_leader`) and the best level for every score of every seat: the best
   response to `basic` that reads the whole table, a bound from above on any player of
   these levels. Prints each level all game and these policies, by seat and their mean
   (as a share and as a multiple of a fair one); each `--bonus` also solves the whole
   table with every hold of the bot's worth that many points more.

A model, not the game: turns are taken as alike whatever the scores (but for reaching
the target), and the opponent as `basic`. docs/benchmarks.md ("Strong against basic")
compares it with games played.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
from typing import Any, Callable, Sequence

import numpy as np

from games.core import GameConfig
from games.core.bots import Seen
from games.core.options import resolve_options
from games.dark_knights.basic import for_points
from games.dark_knights.race import (CELL, CELLS, LEVELS, RISK_MAP, TARGET,
                                    race_the_leader)
from games.registry import GAMES
from tests.benchmarks.bots import SeededDice

RULES = GAMES["dark-knights"]
BASIC = next(letter for letter, shift in LEVELS.items() if shift == 0)   # basic's own level
FAR = 10_000   # the one-seat games' target: no turn sampled comes near it
AGAIN = 8_000  # a new game once a score passes this
Turn = tuple[int, int]   # (banked, best hold reached)
Step = tuple[float, list[tuple[int, float]]]   # (P reach, [(gain in cells, P)])


def sample_turns(shift: float, turns: int, seed: str | None = None,
                 observe: Callable[[Any, Seen, dict[str, Any]], None] | None = None
                 ) -> list[Turn]:
    """`turns` turns of `for_points(shift)` alone, far from the target, from the dice
    seeded with `seed` (by default the level's own); `observe(state, seen, action)` is
    told each decision before it is played (dark_knights_lookahead.py's comparisons)."""
    dice = SeededDice(seed or f"race:{shift:g}")
    config = GameConfig(players=1, options=resolve_options(RULES.options, {"target": FAR}),
                        first_player=0)

    def new_game() -> Any:
        state = None
        for event in RULES.setup(config, dice):
            state = RULES.evolve(state, event)
        return state

    state, out, top = new_game(), [], 0
    while len(out) < turns:
        if state.scores[0] > AGAIN and state.phase == "roll":
            state = new_game()
        view = RULES.view(state, 0)
        if view["phase"] == "roll_or_hold":
            top = max(top, view["hold_value"])
        seen = Seen(seat=0, view=view, legal=RULES.legal_actions(state, 0))
        action = for_points(seen, shift)
        if observe is not None:
            observe(state, seen, action)
        for event in RULES.decide(state, 0, action, dice):
            state = RULES.evolve(state, event)
            if event.TYPE in ("turn_held", "turn_busted"):
                out.append((event.turn_total if event.TYPE == "turn_held" else 0, top))
                top = 0
    return out


def steps(turns: Sequence[Turn]) -> list[Step]:
    """For each score cell: the chance a turn reaches the target, and the gains (in
    cells) of the turns that do not, with their chances."""
    n, out = len(turns), []
    for cell in range(CELLS):
        need = TARGET - cell * CELL
        gains: dict[int, float] = {}
        for banked, top in turns:
            if top < need:
                gains[banked // CELL] = gains.get(banked // CELL, 0.0) + 1 / n
        out.append((sum(1 for _, top in turns if top >= need) / n, sorted(gains.items())))
    return out


def solve(mine: dict[str, list[Step]], theirs: list[Step]
          ) -> tuple[float, float, list[str]]:
    """Value iteration: the chance to win going first and second, and the map (the best
    level's letter by my cell, then the opponent's)."""
    W = [[0.5] * CELLS for _ in range(CELLS)]   # the bot to move
    X = [[0.5] * CELLS for _ in range(CELLS)]   # the opponent to move
    best = [["?"] * CELLS for _ in range(CELLS)]
    change = 1.0
    while change > 1e-9:
        change = 0.0
        for m in reversed(range(CELLS)):
            for o in reversed(range(CELLS)):
                x = sum(p * W[m][o + g] for g, p in theirs[o][1])
                change, X[m][o] = max(change, abs(x - X[m][o])), x
                w, letter = max((reach + sum(p * X[m + g][o] for g, p in gains), letter)
                                for letter, table in mine.items()
                                for reach, gains in [table[m]])
                change, W[m][o], best[m][o] = max(change, abs(w - W[m][o])), w, letter
    return W[0][0], X[0][0], ["".join(row) for row in best]


def finishing(table: list[Step], turns: int) -> list[float]:
    """P(a player who starts at 0 and plays the turns of `table` has finished within k
    turns), for k = 0 .. `turns`. The strong bot's `finishing` (strong.py) is the same
    chance from `basic`'s measured turn tables, for every score; this one reads the
    turns sampled here, so that a level and `basic` are modelled from the same turns
    (`basic` among `basic` seats is exactly a fair share)."""
    done = [[0.0] * CELLS + [1.0]]   # by cell, past the target finished
    for _ in range(turns):
        before = done[-1]
        done.append([reach + sum(p * before[min(CELLS, c + g)] for g, p in gains)
                     for c, (reach, gains) in enumerate(table)] + [1.0])
    return [row[0] for row in done]


def best_by_turns(mine: dict[str, list[Step]], survive: Sequence[float]) -> float:
    """The bot's chance to win from 0 with the best level for each score and turn
    number, where `survive[k]` is the chance that no other seat has finished before the
    bot's turn k (counted from 0)."""
    win = [0.0] * (CELLS + 1)   # after the last turn counted: nothing
    for k in reversed(range(len(survive))):
        win = [max(reach * survive[k] + sum(p * win[min(CELLS, c + g)] for g, p in gains)
                   for reach, gains in (table[c] for table in mine.values()))
               for c in range(CELLS)] + [0.0]
    return win[0]


def at_the_table(mine: dict[str, list[Step]], theirs: list[Step], seats: int,
                 turns: int = 80) -> list[float]:
    """The bot's chance to win in each seat of the order, the other seats `theirs`."""
    done = finishing(theirs, turns + 1)
    out = []
    for seat in range(seats):
        # the seats before the bot have had turn k + 1 by its turn k; those after it, k
        survive = [(1 - done[k + 1]) ** seat * (1 - done[k]) ** (seats - 1 - seat)
                   for k in range(turns)]
        out.append(best_by_turns(mine, survive))
    return out


def moves(table: list[Step]) -> tuple[Any, Any]:
    """A level's turn as arrays: the chance to reach the target from each cell, and the
    chance to move from each cell to each cell without reaching it."""
    reach, move = np.zeros(CELLS), np.zeros((CELLS, CELLS))
    for cell, (finish, gains) in enumerate(table):
        reach[cell] = finish
        for gain, p in gains:
            move[cell, cell + gain] += p
    return reach, move


def turn_on(move: Any, axis: int, value: Any) -> Any:
    """The value before a seat's turn that moves the scores of `axis` by `move`, from the
    value after it (a turn that reaches the target is counted by the caller)."""
    return np.moveaxis(np.tensordot(move, value, axes=([1], [axis])), 0, axis)


def best_by_scores(mine: dict[str, list[Step]], theirs: list[Step], seats: int,
                   chosen: Any = None, tolerance: float = 1e-9) -> list[float]:
    """The bot's chance to win in each seat of the order with the best level for every
    score of every seat: the best response to `theirs` that reads the whole table, so a
    bound from above on any player of these levels (in this model). Value iteration
    over the cells of all `seats` scores (50 ** seats values: four seats at most), the
    bot's score on the first axis, then the seats after it in order. With `chosen` (the
    index in `mine` of the level played at each cell of that array) the chance of that
    policy instead. At two seats this is `solve`'s race (tests/test_bot_bench.py checks
    that they agree); `solve` stays the one that writes race.py's map, letter by letter."""
    if not 2 <= seats <= 4:
        raise ValueError("two to four seats")
    levels = [moves(table) for table in mine.values()]
    _, basic = moves(theirs)
    shape = (CELLS,) * seats
    reach = [r.reshape((CELLS,) + (1,) * (seats - 1)) for r, _ in levels]
    bot = np.zeros(shape)   # the bot to move; a `basic` seat that reaches the target wins
    change = 1.0
    while change > tolerance:
        after = [bot]   # each seat's turn folded in, from the last before the bot back
        for axis in reversed(range(1, seats)):
            after.append(turn_on(basic, axis, after[-1]))
        after.reverse()   # after[k]: the seat k + 1 after the bot to move; last, the bot
        played = np.stack([r + turn_on(move, 0, after[0])
                           for r, (_, move) in zip(reach, levels)])
        new = (played.max(axis=0) if chosen is None
               else np.take_along_axis(played, chosen[np.newaxis], axis=0)[0])
        change, bot = float(np.max(np.abs(new - bot))), new
        moving = [bot] + after[:-1]   # the seat that moves first, by whose turn it is
    start = (0,) * seats
    # in seat s the bot has s seats before it: the first of them moves first
    return [float(moving[(seats - s) % seats][start]) for s in range(seats)]


def racing_the_leader(letters: Sequence[str], seats: int) -> Any:
    """race.py's policy at a larger table as `chosen` for `best_by_scores`: the level its
    `race_the_leader` and map give at the bot's cell and the leader's (it reads no other
    score), and `basic`'s where it plays the look-ahead (not one of the levels)."""
    index = {letter: i for i, letter in enumerate(letters)}

    def level(mine: int, leader: int) -> int:
        raced = race_the_leader(mine * CELL, [leader * CELL] * (seats - 1))
        return index[BASIC if raced is None else RISK_MAP[mine][raced // CELL]]

    by_pair = np.array([[level(m, lead) for lead in range(CELLS)] for m in range(CELLS)])
    cells = np.indices((CELLS,) * seats)
    return by_pair[cells[0], cells[1:].max(axis=0)]


def table_report(tables: dict[str, list[Step]], seats: int) -> None:
    print(f"\n| one among {seats} (model) | " + " | ".join(f"seat {s}" for s in range(seats))
          + " | mean | of a fair share |\n| --- |" + " --- |" * (seats + 2))
    rows = [(f"{letter} all game ({shift:g})", {letter: tables[letter]})
            for letter, shift in LEVELS.items()] + [("the best level by score and turn", tables)]
    for name, mine in rows:
        table_row(name, at_the_table(mine, tables[BASIC], seats))
    table_row("race.py's map against the leader (`basic` when ahead)",
              best_by_scores(tables, tables[BASIC], seats,
                             chosen=racing_the_leader(list(tables), seats)))
    table_row("the best level by every seat's score",
              best_by_scores(tables, tables[BASIC], seats))


def table_row(name: str, shares: Sequence[float]) -> None:
    mean = sum(shares) / len(shares)
    print(f"| {name} | " + " | ".join(f"{x:.3f}" for x in shares)
          + f" | {mean:.3f} | {mean * len(shares):.2f}x |")


def with_bonus(turns: Sequence[Turn], bonus: int) -> list[Turn]:
    """The turns as a player who plays each a little better would have them: every hold
    (what was banked, the best hold reached) worth `bonus` points more; a bust stays 0."""
    return [(banked + bonus if banked else 0, top + bonus if top else 0)
            for banked, top in turns]


def _sampled(job: tuple[str, int]) -> tuple[str, list[Turn]]:
    letter, turns = job
    return letter, sample_turns(LEVELS[letter], turns)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--turns", type=int, default=20_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--map", action="store_true", help="print the map as race.py keeps it")
    parser.add_argument("--bonus", type=int, nargs="*", default=[],
                        help="also solve the map with every hold of the bot's worth this "
                        "many points more (a better play of the turn at the same risk)")
    parser.add_argument("--table", type=int, default=0, metavar="SEATS",
                        help="also the model of one bot among SEATS - 1 basic seats")
    args = parser.parse_args(argv)
    jobs = [(letter, args.turns) for letter in LEVELS]
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
        sampled = dict(pool.map(_sampled, jobs))
    tables = {letter: steps(turns) for letter, turns in sampled.items()}
    print("| risk level | shift | first | second | mean |\n| --- | --- | --- | --- | --- |")
    for letter, shift in LEVELS.items():
        first, second, _ = solve({letter: tables[letter]}, tables[BASIC])
        print(f"| {letter} all game | {shift:g} | {first:.3f} | {second:.3f} | "
              f"{(first + second) / 2:.3f} |")
    first, second, rows = solve(tables, tables[BASIC])
    print(f"| the map | by scores | {first:.3f} | {second:.3f} | {(first + second) / 2:.3f} |")
    for bonus in args.bonus:
        better = {letter: steps(with_bonus(turns, bonus)) for letter, turns in sampled.items()}
        first, second, _ = solve(better, tables[BASIC])
        print(f"| the map, every hold +{bonus} | by scores | {first:.3f} | {second:.3f} | "
              f"{(first + second) / 2:.3f} |")
    if args.table:
        table_report(tables, args.table)
        for bonus in args.bonus:
            better = {letter: steps(with_bonus(turns, bonus))
                      for letter, turns in sampled.items()}
            table_row(f"the same, every hold +{bonus}",
                      best_by_scores(better, tables[BASIC], args.table))
    if args.map:
        print("RISK_MAP = (")
        print("\n".join(f'    "{row}",  # {m * CELL}' for m, row in enumerate(rows)))
        print(")")
    return 0


if __name__ == "__main__":
    sys.exit(main())
