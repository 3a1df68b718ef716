"""Skip-Bo Dice's races for the piles: what a pile's race is worth by where each racer
stands, measured in games of `basic` against itself (issue #34; prints
games/skip_bo_dice/strong.py's `RACE`).

    PYTHONPATH=. .venv/bin/python tests/benchmarks/skip_bo_dice_races.py \
        [--games 3000] [--jobs 2] [--seed races]

Two-seat games of `basic` against itself, each game's dice seeded from `--seed`. Each
time a seat ends its fill step (`done`) outside the last round, every pile of its own
that the rival has still to complete is recorded with the seat's next bubble on it (11:
the seat has completed it) and the rival's. At the game's end each record gets what the
pile's completion brought from then on: the completion reward the seat won on it, less
the rival's; a pile the seat had completed already counts the rival's reward alone (the
seat's own was counted when it completed it). The stars are left out: the planner counts
them itself, and the rival's next star says nothing about the race. The script prints
the mean per pair of next bubbles, with its count, and the table as strong.py keeps it:
each mean smoothed with its neighbours of the same lead (one bubble further on and one
back, weighted by their counts), since the pairs far along are rare.

A measure of the games `basic` plays, not of the rules: a pile's race is worth what it
is worth between these bots (who is to move next, how fast piles fill). strong.py scales
the table down (`RACE_WEIGHT`); docs/benchmarks.md ("Skip-Bo Dice") says how the scale
was chosen.
"""

from __future__ import annotations

import argparse
import multiprocessing
from collections import defaultdict
from collections.abc import Mapping
from typing import Any

from games.core import GameConfig
from games.core.bots import Rng, Seen
from games.core.options import resolve_options
from games.registry import GAMES
from games.skip_bo_dice.basic import basic
from games.skip_bo_dice.data import BUBBLES, PILES
from tests.benchmarks.bots import SeededDice

RULES = GAMES["skip-bo-dice"]
COMPLETED = BUBBLES + 1   # a pile's "next bubble" once its player has completed it
Record = tuple[int, str, int, int]   # (seat, pile, the seat's next bubble, the rival's)


def pile_points(board: Mapping[str, Any], pile: str) -> int:
    """The completion reward a pile of this board earned (0: not completed)."""
    done = board["piles"][pile]["completed"]
    return done["reward"] if done else 0


def next_bubble(board: Mapping[str, Any], pile: str) -> int:
    """The board's next bubble on this pile (`COMPLETED` once it is completed)."""
    return board["piles"][pile]["next_bubble"] or COMPLETED


def races(view: Mapping[str, Any], seat: int) -> list[Record]:
    """This seat's piles in a race with the rival (the rival has still to complete them),
    each with both next bubbles."""
    mine, rival = view["seats"][seat], view["seats"][1 - seat]
    return [(seat, pile, next_bubble(mine, pile), next_bubble(rival, pile))
            for pile in PILES if not rival["piles"][pile]["completed"]]


def play(seed: str) -> list[tuple[tuple[int, int], int]]:
    """One game: ((the seat's next bubble, the rival's), what the pile's completion
    brought the seat less the rival from then on)."""
    dice = SeededDice(seed)
    config = GameConfig(players=2, options=resolve_options(RULES.options, {}),
                        first_player=None)
    state = None
    for event in RULES.setup(config, dice):
        state = RULES.evolve(state, event)
    records: list[Record] = []
    step = 0
    while RULES.outcome(state) is None:
        seat = min(RULES.awaiting(state))
        seen = Seen(seat=seat, view=RULES.view(state, seat),
                    legal=RULES.legal_actions(state, seat), events=[])
        action = basic(seen, Rng(f"{seed}:{step}"))
        if action["type"] == "done" and seen.view.get("last_round") is None:
            records.extend(races(seen.view, seat))
        for event in RULES.decide(state, seat, action, dice):
            state = RULES.evolve(state, event)
        step += 1
    final = RULES.view(state, 0)["seats"]
    return [((mine, rival), (0 if mine == COMPLETED else pile_points(final[seat], pile))
             - pile_points(final[1 - seat], pile))
            for seat, pile, mine, rival in records]


def smoothed(means: Mapping[tuple[int, int], float],
             counts: Mapping[tuple[int, int], int]) -> dict[tuple[int, int], float]:
    """Each pair's mean pooled with its neighbours of the same lead (both racers one
    bubble on, and one back; a completed pile's with the rival one on and one back),
    weighted by their counts."""
    out = {}
    for mine, rival in means:
        near = [(mine + d if mine != COMPLETED else mine, rival + d) for d in (-1, 0, 1)]
        near = [pair for pair in near if pair in means
                and (pair[0] == COMPLETED) == (mine == COMPLETED)]
        total = sum(means[pair] * counts[pair] for pair in near)
        out[(mine, rival)] = total / sum(counts[pair] for pair in near)
    return out


def part(job: tuple[str, range]) -> list[tuple[tuple[int, int], int]]:
    seed, games = job
    return [found for game in games for found in play(f"{seed}:{game}")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", default="races")
    args = parser.parse_args()
    jobs = [(args.seed, range(j, args.games, args.jobs)) for j in range(args.jobs)]
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
        found = [x for part_found in pool.map(part, jobs) for x in part_found]
    brought: dict[tuple[int, int], list[int]] = defaultdict(list)
    for pair, points in found:
        brought[pair].append(points)
    means = {pair: sum(v) / len(v) for pair, v in brought.items()}
    counts = {pair: len(v) for pair, v in brought.items()}
    rivals = range(1, BUBBLES + 1)
    print("mean (count) by the seat's next bubble (rows; 11: completed) and the rival's")
    print("| seat | " + " | ".join(str(r) for r in rivals) + " |")
    print("| --- |" + " --- |" * len(rivals))
    for mine in range(1, COMPLETED + 1):
        cells = [f"{means[(mine, r)]:+.2f} ({counts[(mine, r)]:,})" if (mine, r) in means
                 else "" for r in rivals]
        print(f"| {mine} | " + " | ".join(cells) + " |")
    race = smoothed(means, counts)
    print("RACE = {")
    for mine in range(1, COMPLETED + 1):
        row = [f"({mine}, {r}): {race[(mine, r)]:.2f}," for r in rivals if (mine, r) in race]
        for half in (row[:5], row[5:]):
            print("    " + " ".join(half))
    print("}")

if __name__ == "__main__":
    main()
