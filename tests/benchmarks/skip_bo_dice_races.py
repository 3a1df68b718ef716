"""Skip-Bo Dice's races for the piles: what a lead on a pile is worth, measured in games of
`basic` against itself (issue #34; prints games/skip_bo_dice/strong.py's `RACE`).

    PYTHONPATH=. .venv/bin/python tests/benchmarks/skip_bo_dice_races.py \
        [--games 3000] [--jobs 2] [--seed races]

Two-seat games of `basic` against itself, each game's dice seeded from `--seed`. Each
time a seat ends its fill step (`done`) outside the last round, every pile of its own
that it and the rival have both still to complete is recorded with its lead: the seat's
next bubble less the rival's (clamped to -3..3). At the game's end each record gets what
the pile's completion brought from then on: the completion reward the seat won on it,
less the rival's (the stars are left out: the planner counts them itself, and the
rival's next star says nothing about the race). The script prints that mean per lead,
with its count and standard error, and the table as strong.py keeps it: the means made
non-decreasing in the lead (a longer lead is never worth less; adjacent leads that break
this are pooled).

A measure of the games `basic` plays, not of the rules: a lead is worth what it is worth
between these bots (who is to move next, how fast piles fill). strong.py uses the table's
differences, scaled down (`RACE_WEIGHT`); docs/benchmarks.md ("Skip-Bo Dice") says how the
scale was chosen.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
from collections import defaultdict
from collections.abc import Mapping
from typing import Any

from games.core import GameConfig
from games.core.bots import Rng, Seen
from games.core.options import resolve_options
from games.registry import GAMES
from games.skip_bo_dice.basic import basic
from games.skip_bo_dice.data import PILES
from tests.benchmarks.bots import SeededDice

RULES = GAMES["skip-bo-dice"]
LEADS = range(-3, 4)
Record = tuple[int, str, int]   # (seat, pile, lead)


def pile_points(board: Mapping[str, Any], pile: str) -> int:
    """The completion reward a pile of this board earned (0: not completed)."""
    done = board["piles"][pile]["completed"]
    return done["reward"] if done else 0


def races(view: Mapping[str, Any], seat: int) -> list[Record]:
    """This seat's piles in a race with the rival (neither has completed them yet), each
    with its lead."""
    mine, rival = view["seats"][seat], view["seats"][1 - seat]
    out = []
    for pile in PILES:
        if mine["piles"][pile]["completed"] or rival["piles"][pile]["completed"]:
            continue
        lead = len(mine["piles"][pile]["marks"]) - len(rival["piles"][pile]["marks"])
        out.append((seat, pile, max(min(LEADS), min(max(LEADS), lead))))
    return out


def play(seed: str) -> list[tuple[int, int]]:
    """One game: (lead, what the pile's completion brought the seat less the rival
    from then on)."""
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
    return [(lead, pile_points(final[seat], pile) - pile_points(final[1 - seat], pile))
            for seat, pile, lead in records]


def never_less(means: dict[int, float], counts: dict[int, int]) -> dict[int, float]:
    """The means made non-decreasing in the lead (pooling adjacent violators, weighted by
    count): a longer lead is never worth less."""
    blocks: list[list[Any]] = []   # [leads, total, count]
    for lead in LEADS:
        blocks.append([[lead], means[lead] * counts[lead], counts[lead]])
        while len(blocks) > 1 and blocks[-2][1] / blocks[-2][2] > blocks[-1][1] / blocks[-1][2]:
            leads, total, count = blocks.pop()
            blocks[-1][0] += leads
            blocks[-1][1] += total
            blocks[-1][2] += count
    return {lead: total / count for leads, total, count in blocks for lead in leads}


def part(job: tuple[str, range]) -> list[tuple[int, int]]:
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
    brought: dict[int, list[int]] = defaultdict(list)
    for lead, points in found:
        brought[lead].append(points)
    print("| lead | records | completion points (seat less rival) | standard error |")
    print("| --- | --- | --- | --- |")
    means, counts = {}, {}
    for lead in LEADS:
        values = brought[lead]
        mean = sum(values) / len(values)
        spread = math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1))
        means[lead], counts[lead] = mean, len(values)
        error = spread / math.sqrt(len(values))
        print(f"| {lead:+d} | {len(values):,} | {mean:+.2f} | {error:.2f} |")
    race = never_less(means, counts)
    print("RACE = {" + ", ".join(f"{lead}: {race[lead]:.2f}" for lead in LEADS) + "}")


if __name__ == "__main__":
    main()
