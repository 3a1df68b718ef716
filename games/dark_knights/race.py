"""The two-seat race at the default target: how much risk to take at each pair of scores.

With two seats in play, the default target (500) and no final round, the strong level
plays as `basic` does (basic.py `for_points`) with the risk the map gives for the two
scores: `basic` rolls on while a roll's expected value beats what it would bank; a
level's shift takes that many points off every roll's expected value (below 0: roll on
more; above: bank sooner). At a larger table it reads the map at its score and the
leader's while it does not lead (`race_the_leader`); leading, it plays the look-ahead
(strong.py).

The map was solved, not tuned: the turns of each level were played with the real rules,
and the race between the bot (any level at any pair of scores) and `basic` solved by
value iteration for the best chance to win at every pair
(tests/benchmarks/dark_knights_race.py, which prints it; docs/benchmarks.md, "Strong
against basic", has the figures). Read it as a table: a row per score of the bot's,
from 0 (first row) in steps of 10 points; a letter per score of the opponent's, the
same. Early on it takes a little more risk than `basic` ("d"), more as the opponent
nears the target, and with the opponent one turn from it goes for the target in one
turn ("a"); ahead, it takes `basic`'s risk ("e"), and less far ahead near the end ("f").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .data import DEFAULT_TARGET

JSON = Any
TARGET = DEFAULT_TARGET   # the map's target: the default
CELL = 10      # points per row and per letter
CELLS = TARGET // CELL

# The levels of risk, by letter: the shift in points off each roll's expected value.
LEVELS: dict[str, float] = {
    "a": -1000.0,  # roll on until the target (a hold that reaches it still wins)
    "b": -60.0,
    "c": -30.0,
    "d": -15.0,
    "e": 0.0,      # basic's own
    "f": 15.0,
    "g": 1000.0,   # bank the first hold
}

# tests/benchmarks/dark_knights_race.py --map (20,000 turns a level): a row per score of
# the bot's (its points shown at the end), a letter per score of the opponent's.
RISK_MAP: tuple[str, ...] = (
    "dddddddddddddddddddddddddddccccccccccccbbbbbbaaaaa",  # 0
    "ddddddddddddddddddddddddddddcccccccccccbbbbbbaaaaa",  # 10
    "ddddddddddddddddddddddddddddcccccccccccbbbbbbaaaaa",  # 20
    "dddddddddddddddddddddddddddddcccccccccccbbbbbaaaaa",  # 30
    "dddddddddddddddddddddddddddddcccccccccccbbbbbaaaaa",  # 40
    "ddddddddddddddddddddddddddddddccccccccccbbbbbaaaaa",  # 50
    "ddddddddddddddddddddddddddddddccccccccccbbbbbaaaaa",  # 60
    "dddddddddddddddddddddddddddddddcccccccccbbbbbaaaaa",  # 70
    "dddddddddddddddddddddddddddddddccccccccccbbbbaaaaa",  # 80
    "dddddddddddddddddddddddddddddddccccccccccbbbbaaaaa",  # 90
    "ddddddddddddddddddddddddddddddddcccccccccbbbbaaaaa",  # 100
    "ddddddddddddddddddddddddddddddddcccccccccbbbbaaaaa",  # 110
    "dddddddddddddddddddddddddddddddddccccccccbbbbaaaaa",  # 120
    "ddddddddddddddddddddddddddddddddddcccccccbbbbaaaaa",  # 130
    "ddddddddddddddddddddddddddddddddddcccccccbbbbaaaaa",  # 140
    "ddddddddddddddddddddddddddddddddddcccccccbbbbaaaaa",  # 150
    "eddddddddddddddddddddddddddddddddddcccccccbbbaaaaa",  # 160
    "eedddddddddddddddddddddddddddddddddcccccccbbbaaaaa",  # 170
    "eeeeddddddddddddddddddddddddddddddddccccccbbbaaaaa",  # 180
    "eeeeeeddddddddddddddddddddddddddddddccccccbbbaaaaa",  # 190
    "eeeeeeedddddddddddddddddddddddddddddccccccbbbaaaaa",  # 200
    "eeeeeeeeeddddddddddddddddddddddddddddcccccbbbaaaaa",  # 210
    "eeeeeeeeeedddddddddddddddddddddddddddcccccbbbaaaaa",  # 220
    "eeeeeeeeeeeeddddddddddddddddddddddddddccccbbbaaaaa",  # 230
    "eeeeeeeeeeeeedddddddddddddddddddddddddccccbbbaaaaa",  # 240
    "eeeeeeeeeeeeeeddddddddddddddddddddddddccccbbbaaaaa",  # 250
    "eeeeeeeeeeeeeeeedddddddddddddddddddddddcccbbbaaaaa",  # 260
    "eeeeeeeeeeeeeeeeedddddddddddddddddddddcccccbbaaaaa",  # 270
    "eeeeeeeeeeeeeeeeeeedddddddddddddddddddcccccbbaaaaa",  # 280
    "eeeeeeeeeeeeeeeeeeeeddddddddddddddddddcccccbaaaaaa",  # 290
    "eeeeeeeeeeeeeeeeeeeeddddddddddddddddddcccccbaaaaaa",  # 300
    "eeeeeeeeeeeeeeeeeeeeeeddddddddddddddddcccccbaaaaaa",  # 310
    "eeeeeeeeeeeeeeeeeeeeeeeeddddddddddddddccccccaaaaaa",  # 320
    "eeeeeeeeeeeeeeeeeeeeeeeeeeddddddddddddccccccaaaaaa",  # 330
    "eeeeeeeeeeeeeeeeeeeeeeeeeeeddddddddddddcccccaaaaaa",  # 340
    "eeeeeeeeeeeeeeeeeeeeeeeeeeeedddddddddddcccccaaaaaa",  # 350
    "eeeeeeeeeeeeeeeeeeeeeeeeeeeeeedddddddddcccccbaaaaa",  # 360
    "eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeddddddddddccccbaaaaa",  # 370
    "eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeddddddddddccccbaaaaa",  # 380
    "eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeedddddddddccccaaaaaa",  # 390
    "eeeeeeeeeeeeeeeeeeeeeeeeeeeeedddddddddddccccbbbbbb",  # 400
    "eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeddddddddddccccccbbbb",  # 410
    "eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeddddddddddcccccccccc",  # 420
    "ffffeeeeeeeeeeeeeeeeeeeeeeeeeeedddddddddddcccccccc",  # 430
    "ffffffeeeeeeeeeeeeeeeeeeeeeeeeeedddddddddddddccccc",  # 440
    "fffffffffeeeeeeeeeeeeeeeeeeeeeeeeddddddddddddddddd",  # 450
    "fffffffffffeeeeeeeeeeeeeeeeeeeeedddddddddddddddddd",  # 460
    "ffffffffffffffeeeeeeeeeeeeeeeedddddddddddddddddddd",  # 470
    "fffffffffddddddddddddddddddddddddddddddddddddddddd",  # 480
    "dddddddddddddddddddddddddddddddddddddddddddddddddd",  # 490
)


def race_shift(view: Mapping[str, JSON], seat: int) -> float | None:
    """The map's shift for the seat, or None where the map does not apply: another
    target, the final round, or a table of three or more seats in play that the seat
    leads. With two seats in play the map is read at the two scores; with more, while the
    seat trails or is level, at its score and the leader's (`race_the_leader`)."""
    if view["target"] != TARGET or view["final_round"]:
        return None
    out = {s["seat"] for s in view["seats"] if s["resigned"]}
    scores = {int(k): v for k, v in view["scores"].items() if int(k) not in out}
    if len(scores) < 2 or seat not in scores:
        return None
    mine = scores.pop(seat)
    theirs = race_the_leader(mine, list(scores.values()))
    if theirs is None:
        return None
    return LEVELS[RISK_MAP[min(mine // CELL, CELLS - 1)][min(theirs // CELL, CELLS - 1)]]


def race_the_leader(mine: int, others: list[int]) -> int | None:
    """The score the map races: the one other seat's; at a larger table the leader's,
    while the seat does not lead (None when it does: the look-ahead plays). Among two or
    three `basic` seats this wins more than the look-ahead alone (docs/benchmarks.md,
    "Strong against basic", Dark Knights at four seats)."""
    leader = max(others)
    if len(others) > 1 and mine > leader:
        return None
    return leader
