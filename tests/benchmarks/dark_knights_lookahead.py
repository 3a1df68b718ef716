"""Dark Knights: how far `basic`'s play of a turn is from a look-ahead one roll deeper
(issue #34 item 3; a script, not a test; report in docs/benchmarks.md, "Strong against
basic").

    PYTHONPATH=. .venv/bin/python tests/benchmarks/dark_knights_lookahead.py \\
        [--turns 400] [--jobs 2]

`basic` (games/dark_knights/basic.py) values a position by the better of holding and
rolling once more and then holding the best set-aside (odds.py `roll_value`): a
look-ahead of one roll. The strong level plays the same turns with a risk shift chosen
per pair of scores (race.py), so the race model's best response over that family (56.8%)
leaves out only what a better play of the turn itself would add. This measures that,
with the real rules, over `--turns` turns of `basic` alone far from the target (as
dark_knights_race.py samples them), split in `--jobs` seeded parts:

- **holds**: at each hold of `basic` with dice left to roll, the expected points of
  rolling once more and then taking `basic`'s value of the best set-aside (every outcome
  of those dice, decided by the rules; a bust banks nothing), against the hold;
- **set-asides**: at each set-aside with more than one choice, every choice valued the
  same way (the better of holding and rolling once more, then `basic`'s value), against
  `basic`'s own choice. Decisions where a choice is a roll-through (six fresh dice
  follow, which `basic` values by the fresh-six constants) are left out.

Prints the turns' points banked (mean and standard deviation), how many decisions a
look-ahead one roll deeper would take otherwise, and the expected points per turn it
would add at each kind of decision (the gain of that decision alone, then `basic` again).
"""

from __future__ import annotations

import argparse
import multiprocessing
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, fields
from statistics import mean, pstdev
from typing import Any

from games.core.bots import Seen
from games.core.dice import ScriptedDice
from games.dark_knights.basic import Context, position_value
from games.dark_knights.data import ROLL_OR_HOLD, SET_ASIDE
from games.dark_knights.odds import DARK_DICE, multisets
from games.dark_knights.reading import Combo, positions
from tests.benchmarks.dark_knights_race import RULES, sample_turns

SEAT = 0
ROLL = {"type": "roll"}
EPSILON = 1e-9
# What a position is worth: (the set, the dice left on the table, the turn's points
# banked by roll-throughs, the seat's standing).
Worth = Callable[[list[Combo], list[tuple[int, int]], int, Context], float]


@dataclass
class Tally:
    banked: list[int]
    holds: int = 0
    holds_deeper: int = 0
    hold_gain: float = 0.0
    choices: int = 0
    choices_deeper: int = 0
    choice_gain: float = 0.0

    def add(self, other: Tally) -> None:
        """Another part's tally added in: its turns after these, its counts summed."""
        for part in fields(self):
            setattr(self, part.name, getattr(self, part.name) + getattr(other, part.name))


def folded(state: Any, events: Sequence[Any]) -> Any:
    for event in events:
        state = RULES.evolve(state, event)
    return state


def seen_at(state: Any) -> Seen:
    return Seen(seat=SEAT, view=RULES.view(state, SEAT), legal=RULES.legal_actions(state, SEAT))


def outcomes(dice: Sequence[int]) -> Iterator[tuple[float, list[int]]]:
    """Every outcome of rolling `dice` (die numbers) as (probability, faces in the order
    the rules roll them): dark and light dice each as a multiset of faces."""
    dark = [d for d in dice if d in DARK_DICE]
    light = [d for d in dice if d not in DARK_DICE]
    rolls = 6 ** len(dice)
    for dark_faces, dark_ways in multisets(len(dark)):
        for light_faces, light_ways in multisets(len(light)):
            shown = dict(zip(dark, dark_faces)) | dict(zip(light, light_faces))
            yield dark_ways * light_ways / rolls, [shown[d] for d in dice]


def best_position(state: Any, worth: Worth = position_value) -> float:
    """The best set-aside after a roll by `worth` (by default `basic`'s value of the
    position it leaves); 0 when the roll busted."""
    seen = seen_at(state)
    if seen.view["phase"] != SET_ASIDE:
        return 0.0
    ctx, turn_total = Context(seen.view, SEAT), seen.view["turn_total"]
    return max(worth(after, table, turn_total, ctx)
               for _, after, table in positions(seen.view, seen.actions()))


def rolled_once_more(state: Any, worth: Worth = position_value) -> float:
    """The expected points of rolling the dice left once more, then taking the best
    set-aside by `worth` (by default `basic`'s value)."""
    dice = seen_at(state).view["dice_to_roll"]
    return sum(p * best_position(folded(state, RULES.decide(state, SEAT, ROLL,
                                                              ScriptedDice(faces))), worth)
               for p, faces in outcomes(dice))


def deeper_value(state: Any) -> float | None:
    """A position after a set-aside, one roll deeper: the better of its hold and
    `rolled_once_more`; None for a roll-through (six fresh dice)."""
    view = seen_at(state).view
    if view["phase"] != ROLL_OR_HOLD or not view["combinations"]:
        return None
    return max(view["hold_value"], rolled_once_more(state))


def compare_hold(state: Any, view: Mapping[str, Any], tally: Tally) -> None:
    if not view["combinations"] or not view["dice_to_roll"]:
        return
    tally.holds += 1
    gain = rolled_once_more(state) - view["hold_value"]
    if gain > EPSILON:
        tally.holds_deeper += 1
        tally.hold_gain += gain


def compare_set_asides(state: Any, seen: Seen, chosen: Mapping[str, Any],
                       tally: Tally) -> None:
    choices = [a for a in seen.actions() if a["type"] == "set_aside"]
    if len(choices) < 2:
        return
    values = [deeper_value(folded(state, RULES.decide(state, SEAT, a, ScriptedDice())))
              for a in choices]
    if None in values:
        return
    tally.choices += 1
    gain = max(values) - values[choices.index(chosen)]  # type: ignore[type-var, operator]
    if gain > EPSILON:
        tally.choices_deeper += 1
        tally.choice_gain += gain


def sample(job: tuple[int, int]) -> Tally:
    """`turns` turns of `basic` alone, far from the target, as dark_knights_race.py
    samples them (seed `part`), each decision compared."""
    part, turns = job
    tally = Tally(banked=[])

    def compare(state: Any, seen: Seen, action: dict[str, Any]) -> None:
        if action["type"] == "hold":
            compare_hold(state, seen.view, tally)
        elif action["type"] == "set_aside":
            compare_set_asides(state, seen, action, tally)

    sampled = sample_turns(0.0, turns, seed=f"lookahead:{part}", observe=compare)
    tally.banked = [banked for banked, _ in sampled]
    return tally


def report(tally: Tally) -> str:
    turns = len(tally.banked)
    return "\n".join([
        f"turns of basic: {turns}, points banked per turn {mean(tally.banked):.1f} "
        f"(standard deviation {pstdev(tally.banked):.1f})",
        f"holds with dice left: {tally.holds}; one roll deeper rolls on at "
        f"{tally.holds_deeper}, adding {tally.hold_gain / turns:.3f} points per turn",
        f"set-asides with a choice (no roll-through): {tally.choices}; one roll deeper "
        f"chooses otherwise at {tally.choices_deeper}, adding "
        f"{tally.choice_gain / turns:.3f} points per turn",
    ])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--turns", type=int, default=400)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    share = -(-args.turns // args.jobs)
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
        tallies = pool.map(sample, [(part, share) for part in range(args.jobs)])
    total = Tally(banked=[])
    for tally in tallies:
        total.add(tally)
    print(report(total))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
