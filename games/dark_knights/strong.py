"""The strong Dark Knights bot: push your luck for the chance to win, not for points.

**The default target, no final round** (the usual table): with two seats in play,
`basic`'s play with the risk race.py's map gives for the two scores, a best response to
`basic` solved over the whole race; with more, the same map read at the bot's score and
the leader's while the bot does not lead. Everywhere else, the look-ahead below.

`basic` (basic.py) banks what maximizes the turn's expected points, whatever the scores.
`strong` makes the same decisions (which set-aside, roll or hold) with the same exact
tables of every roll's outcomes, but values each way a turn can end by the chance it
leaves of winning the game:

- **How fast a player finishes**: how far a turn of `basic` gets was measured once
  (20,000 turns far from the target: `TURN_GAINS`, what it banked, 29 % busts, 70.9
  points on average; `TURN_TOPS`, the best hold it reached on the way, which a player
  banks when it reaches the target). From them, `finishing` works out, for every
  score, the chance of reaching the target within k turns (a small dynamic programme
  over the score in steps of `cell` points, cached by target).
- **The chance to win after a bank**: every other seat plays once before the bot's next
  turn, so a bank to score s wins at the bot's k-th next turn when it finishes then and
  no other seat has finished in its first k turns (seats taken as independent). A bank
  that reaches the target wins at once. With the final round on, a bank that reaches
  the target wins when no other seat's last turn reaches past it (`TURN_TOPS`); in its
  own last turn only leading counts, as for `basic`.
- **The turn**: each legal set-aside, and roll against hold, is valued as `basic` values
  it (hold now, or roll once more and take the best set-aside then; a roll-through may
  go on with six fresh dice, `THROUGHS` deep), but in chances of winning instead of
  points. So it rolls on when an opponent is close to the target and
  a modest bank would leave it little chance, and banks earlier when a small bank is
  worth much (when it leads, or when a bank brings it within one good turn of winning).

Everything is public in this game, and the bot reads only its view; it draws nothing
at random (the `Rng` is unused), so the same view always gives the same action.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from games.core.bots import Rng, Seen

from .basic import for_points
from .odds import roll_table
from .race import race_shift
from .reading import (Combo, best_set_aside, held_score, read_combinations, set_score,
                      shades_of, shapes_of)

JSON = Any

# A turn of `basic`, far from the target, measured with the real rules by playing
# `basic` alone to a target of 10,000 (20,000 turns): how many turns banked each number
# of tens of points (rounded down; 0: a bust; the last: 400 points or more), and how
# many reached a hold worth each number of tens at some point (the most a player who
# banks on reaching the target, as both bots do, could have banked).
TURN_GAINS: tuple[int, ...] = (
    5845, 146, 769, 944, 1116, 1068, 1374, 961, 979, 652, 1260, 702, 679, 503, 440, 375,
    299, 247, 177, 134, 367, 133, 152, 101, 104, 86, 65, 56, 38, 34, 46, 27, 21, 28, 15,
    19, 13, 8, 3, 2, 12)
TURN_TOPS: tuple[int, ...] = (
    818, 1592, 2141, 1538, 1499, 1431, 1627, 1048, 1053, 710, 1389, 740, 737, 540, 471,
    387, 316, 267, 194, 143, 372, 139, 158, 104, 106, 87, 68, 57, 38, 34, 47, 27, 22, 28,
    15, 19, 13, 8, 3, 2, 12)
GAIN_STEP = 10
# The finishing table: a score step of at least GAIN_STEP points, at most CELLS steps to
# the target; turns counted until almost every player has finished.
CELLS = 60
MAX_TURNS = 400
DONE = 1 - 1e-6
# How many roll-throughs deep the look-ahead follows six fresh dice.
THROUGHS = 2


def in_cells(counts: Sequence[int], cell: int) -> list[float]:
    """A distribution in tens of points as probabilities by whole cells (rounded down)."""
    total = sum(counts)
    out = [0.0] * ((len(counts) - 1) * GAIN_STEP // cell + 1)
    for tens, count in enumerate(counts):
        out[tens * GAIN_STEP // cell] += count / total
    return out


def at_least(probabilities: Sequence[float], cells: int) -> float:
    return sum(probabilities[cells:])


def cell_of(target: int) -> int:
    return max(GAIN_STEP, -(-target // CELLS))


@lru_cache(maxsize=16)
def finishing(target: int) -> tuple[tuple[float, ...], ...]:
    """finishing(target)[k][c]: the chance a player `c` cells short of the target reaches
    it within k turns (k = 0 .. until nearly every start has finished). A turn finishes
    when its hold reaches the target (`TURN_TOPS`); one that does not banks what
    `TURN_GAINS` says, less the busts of turns that had reached it."""
    cell = cell_of(target)
    short = -(-target // cell)
    gains, tops = in_cells(TURN_GAINS, cell), in_cells(TURN_TOPS, cell)
    rows = [tuple([1.0] + [0.0] * short)]
    while rows[-1][short] < DONE and len(rows) < MAX_TURNS:
        before = rows[-1]
        row = [1.0]
        for c in range(1, short + 1):
            reach = at_least(tops, c)
            bust = max(0.0, gains[0] - (reach - at_least(gains, c)))
            row.append(reach + bust * before[c] + sum(
                gains[g] * before[c - g] for g in range(1, min(c, len(gains)))))
        rows.append(tuple(row))
    return tuple(rows)


def still_playing(table: Sequence[Sequence[float]], short: int) -> list[float]:
    """P(a player `short` cells from the target has not finished after k turns), by k."""
    return [1.0 - row[short] for row in table]


def reaches_past(points: float, cell: int) -> float:
    """The chance one turn's hold reaches more than `points`."""
    return at_least(in_cells(TURN_TOPS, cell), int(points) // cell + 1)


class Standing:
    """The scores around the bot, and what banking a number of points is worth to it."""

    def __init__(self, view: Mapping[str, JSON], seat: int) -> None:
        scores = {int(k): v for k, v in view["scores"].items()}
        out = {s["seat"] for s in view["seats"] if s["resigned"]}
        self.mine = scores[seat]
        self.others = [v for k, v in scores.items() if k != seat and k not in out]
        self.target = view["target"]
        self.final_round = view["final_round"]
        self.last_turn = view.get("target_reached_by") is not None and bool(self.others)
        self.cell = cell_of(self.target)
        self.table = finishing(self.target)
        self.field = self._others_not_finished()
        self.after = [self._win_after(short) for short in range(len(self.table[0]))]
        self.cache: dict[int, float] = {}
        self.throughs: dict[tuple[int, int], float] = {}

    def _short(self, score: float) -> int:
        return max(0, min(len(self.table[0]) - 1, -(-int(self.target - score) // self.cell)))

    def _others_not_finished(self) -> list[float]:
        """P(no other seat has reached the target in its first k turns), by k."""
        field = [1.0] * len(self.table)
        for score in self.others:
            for k, p in enumerate(still_playing(self.table, self._short(score))):
                field[k] *= p
        return field

    def _win_after(self, short: int) -> float:
        """The chance to win after banking to `short` cells from the target."""
        won = 0.0
        for k in range(1, len(self.table)):
            finishes = self.table[k][short] - self.table[k - 1][short]
            won += finishes * self.field[k]
        return won

    def _reach(self, total: int) -> float:
        """A bank that reaches the target: a win, or in the final round a win unless
        another seat's last turn beats it."""
        if not self.final_round:
            return 1.0
        chance = 1.0
        for score in self.others:
            chance *= 1.0 - reaches_past(total - score, self.cell)
        return chance

    def win(self, points: int) -> float:
        """The chance to win the game if the turn banks `points` now (0: a bust)."""
        if points not in self.cache:
            self.cache[points] = self._win(points)
        return self.cache[points]

    def _win(self, points: int) -> float:
        total = self.mine + points
        if self.last_turn:
            best = max(self.others)
            return 1.0 if total > best else (0.5 if total == best and points else 0.0)
        if total >= self.target:
            return self._reach(total)
        exact = (self.target - total) / self.cell
        low = max(1, int(exact))
        high = min(-(-int(self.target - total) // self.cell), len(self.table[0]) - 1)
        share = max(0.0, exact - low)
        return (1 - share) * self.after[low] + share * self.after[high]


@lru_cache(maxsize=50_000)
def best_table(shapes: tuple, dark: int, light: int) -> tuple[tuple[tuple[float, int], ...], float]:
    """`roll_table` with each outcome at its best set score, hold or roll-through (the
    same in chances, which grow with points): (probability, best) merged, and the
    chance the roll survives."""
    merged: dict[int, float] = {}
    for p, hold, through in roll_table(shapes, dark, light):
        best = hold if through is None else max(hold, through)
        merged[best] = merged.get(best, 0.0) + p
    return tuple((p, best) for best, p in merged.items()), sum(merged.values())


def roll_chance(shapes: tuple, dark: int, light: int, turn_total: int, standing: Standing,
                throughs: int = THROUGHS) -> float:
    """The chance to win if the dice are rolled once more and the best set-aside is
    then held (a bust banks nothing); a roll-through may go on with six fresh dice,
    followed `throughs` roll-throughs deep."""
    if dark + light == 0 or (not shapes and dark + light == 6):
        shapes, dark, light = (), 3, 3
    win = standing.win
    if throughs <= 0:
        bests, survive = best_table(shapes, dark, light)
        return sum(p * win(turn_total + best) for p, best in bests) + (1.0 - survive) * win(0)
    chance = survive = 0.0
    for p, hold, through in roll_table(shapes, dark, light):
        best = win(turn_total + hold)
        if through is not None:
            best = max(best, through_chance(turn_total + through, standing, throughs))
        chance += p * best
        survive += p
    return chance + (1.0 - survive) * win(0)


def through_chance(total: int, standing: Standing, throughs: int = THROUGHS) -> float:
    """A roll-through with `total` points this turn: hold, or roll six fresh dice."""
    if throughs <= 0:
        return standing.win(total)
    key = (total, throughs)
    if key not in standing.throughs:
        standing.throughs[key] = max(
            standing.win(total), roll_chance((), 3, 3, total, standing, throughs - 1))
    return standing.throughs[key]


def position_chance(combos: list[Combo], table: list[tuple[int, int]], turn_total: int,
                    standing: Standing) -> float:
    """The better of holding and rolling on, for a set and the dice left on the table."""
    if not table:
        return through_chance(turn_total + set_score(combos), standing)
    hold = standing.win(turn_total + held_score(combos, table))
    dark, light = shades_of([d for d, _ in table])
    return max(hold, roll_chance(shapes_of(combos), dark, light, turn_total, standing))


def strong(seen: Seen, rng: Rng) -> dict[str, JSON]:
    """Set aside, roll or hold for the best chance of winning the game."""
    shift = race_shift(seen.view, seen.seat)
    if shift is not None:
        return for_points(seen, shift)
    return look_ahead(seen)


def look_ahead(seen: Seen) -> dict[str, JSON]:
    """`basic`'s look-ahead of the turn, valued in chances of winning (the module's
    docstring): every table where race.py's map does not play."""
    view, actions = seen.view, seen.actions()
    types = {a["type"] for a in actions}
    if types == {"roll"}:
        return actions[0]
    standing = Standing(view, seen.seat)
    turn_total = view["turn_total"]
    combos = read_combinations(view)
    if "hold" in types:
        dark, light = shades_of(view["dice_to_roll"])
        rolled = roll_chance(shapes_of(combos), dark, light, turn_total, standing)
        kind = "roll" if rolled > standing.win(view["hold_value"]) + 1e-12 else "hold"
        return next(a for a in actions if a["type"] == kind)
    return dict(best_set_aside(
        view, actions, lambda after, table: position_chance(after, table, turn_total, standing),
        margin=1e-12))
