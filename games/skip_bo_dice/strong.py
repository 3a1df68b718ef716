"""The strong Skip-Bo Dice bot: `basic`'s plans, re-rolls valued by sampled rolls, and
an eye on how the game ends.

Everything is public, so the bot reads its view alone. It claims and writes Stockpiles
as `basic` does (games/skip_bo_dice/basic.py) and plans its fills with the same search,
with these changes:

- **Progress** (one bubble nearer completion) is valued lower than `basic` does (0.3
  against 0.5): stars, completion rewards and the points unused Skip-Bos keep count for
  more against it.
- **The end**: completing a third pile starts the last round (every other player takes
  one final turn, then the game ends). When that completion leaves the bot ahead of the
  best other score by more than what a final turn usually brings, counted once for each
  other player (the more final turns, the likelier one of them goes far), ending the
  game is worth a bonus: the lead is locked in.
- **The piles left for later turns**: where a plan may stop, the piles' next bubbles
  are valued by how likely a roll fits them: each distinct next bubble by the chance
  that some Number Die shows it (an odd number is on three of them, an even one on
  two), `COVERAGE` for a sure one. Piles waiting for the same number share their
  chances, so among plans of equal worth now the bot leaves piles waiting for
  different numbers.
- **The races**: another player who has a pile still to complete races this seat for
  its completion reward. Where a plan may stop, each pile's race is valued by the lead
  (this seat's next bubble less the best rival's) from `RACE`, what a lead was measured
  to bring in completion rewards in games of basic against itself, scaled by
  `RACE_WEIGHT`: a bubble that makes an even race a lead counts for more than one more
  bubble of a long lead. Piles alike in reward and next bubble but not in their races
  are no longer interchangeable. In its last turn the races are worth nothing.
- **Re-rolls**: with no fill worth making, it values re-rolling its unused dice (all but
  Skip-Bo faces; with the Bonus Die, or without it) by the best plan over a few rolls
  sampled from the dice's faces (seeded, from its `Rng`), and re-rolls only where that
  is clearly worth more than the point an unused re-roll keeps.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from games.core.bots import Rng, Seen

from .basic import SKIP_BO_POINT, Planner, Values, Weights, act, planned_fill
from .data import BONUS, BUBBLES, DICE, PILES_TO_END, SKIP_BO

JSON = Any

STRONG = Weights(progress=0.3)
FINAL_TURN_GAIN = 2.0   # what a final turn usually adds to a player's score
END_BONUS = 2.0         # ending the game while ahead: the lead is locked in
REROLL_SAMPLES = 12     # rolls sampled to value a re-roll
REROLL_MARGIN = 1.2     # a re-roll must promise this much more than the point it keeps
COVERAGE = 0.5          # what a pile's next bubble is worth when a roll surely fits it
RACE_WEIGHT = 0.5       # how much of a race's measured worth a plan counts
# What a pile's completion brings its player less the rival from the end of the player's
# turn on, by the lead (the player's next bubble less the rival's, clamped to -3..3), in
# games of basic against itself: tests/benchmarks/skip_bo_dice_races.py (3,000 games).
RACE = {-3: -1.90, -2: -1.58, -1: -1.21, 0: -0.42, 1: 0.53, 2: 0.95, 3: 1.71}


def number_dice_chance(bubble: int) -> float:
    """The chance that at least one Number Die shows this number on a roll."""
    miss = 1.0
    for faces in DICE[:BONUS]:
        miss *= 1 - faces.count(bubble) / len(faces)
    return 1 - miss


FITS = {bubble: number_dice_chance(bubble) for bubble in range(1, BUBBLES + 1)}


def margin(view: Mapping[str, JSON], seat: int) -> int:
    """This seat's score less the best other score still in play."""
    seats = view["seats"]
    others = [s["score"] for s in seats if s["seat"] != seat and not s["resigned"]]
    return seats[seat]["score"] - max(others) if others else 0


class EndingPlanner(Planner):
    """`basic`'s planner, with a bonus on the completion that starts the last round
    while this seat is ahead by enough, and the piles a plan leaves open valued for
    later turns and by their races."""

    def __init__(self, view: Mapping[str, JSON], seat: int, values: Values) -> None:
        super().__init__(view, seat, values)
        self.ends = view.get("last_round") is None
        self.completed = view["seats"][seat]["piles_completed"]
        self.margin = margin(view, seat)
        self.final_turns = sum(1 for s in view["seats"]
                               if s["seat"] != seat and not s["resigned"])
        # in its last turn no later turn comes
        self.coverage = 0.0 if values.final else COVERAGE
        self.start_cover = self.cover(self.nexts.values())
        seats = view["seats"]
        self.rivals = {p: max((len(s["piles"][p]["marks"]) + 1 for s in seats
                               if s["seat"] != seat and not s["resigned"]
                               and s["piles"][p]["completed"] is None), default=0)
                       for p in self.names}
        self.race_weight = 0.0 if values.final else RACE_WEIGHT
        self.start_race = sum(self.race(self.nexts[p], self.rivals[p]) for p in self.names)

    def rival(self, pile: str) -> int:
        """The best rival's next bubble on this pile (0: no rival has it still to
        complete)."""
        return self.rivals[pile]

    def race(self, bubble: int, rival: int) -> float:
        """What a pile's race is worth with this seat's next bubble here (11: completed)
        and the rival's there."""
        if not rival:
            return 0.0
        return self.race_weight * RACE[max(min(RACE), min(max(RACE), bubble - rival))]

    def cover(self, nexts: Iterable[int]) -> float:
        """What piles waiting for these next bubbles promise for later turns."""
        return self.coverage * sum(FITS[bubble] for bubble in set(nexts))

    def stop_value(self, key: tuple) -> float:
        """Stopping with these piles open against stopping now: their next bubbles'
        worth for later turns (`cover`) and their races (a pile completed on the way
        counts its race in the fill that completes it)."""
        race = sum(self.race(bubble, rival) for _, bubble, rival in key[0])
        return (self.cover(bubble for _, bubble, _ in key[0]) - self.start_cover
                + race - self.start_race)

    def number(self, key: tuple, source: tuple) -> bool:
        """Whether a fill from `source` writes a number (and collects the star)."""
        kind = source[0]
        if kind == "die":
            return bool(source[1] != SKIP_BO)
        if kind == "stockpile":
            return bool(self.stacks[source[1]][key[3][source[1]]] != SKIP_BO)
        return kind == "bonus"

    def end_value(self, prize: int, number: bool) -> float:
        """What starting the last round with this completion is worth."""
        lead = self.margin + prize + (1 if number else 0) - FINAL_TURN_GAIN * self.final_turns
        return END_BONUS if lead > 0 else 0.0

    def moves(self, key: tuple) -> list[tuple[float, int, JSON, tuple]]:
        out = super().moves(key)
        piles = key[0]
        done_now = self.completed + len(self.names) - len(piles)
        ends = self.ends and done_now + 1 == PILES_TO_END
        valued = []
        for gain, j, source, after in out:
            prize, bubble, rival = piles[j]
            if bubble == BUBBLES:
                gain += self.race(BUBBLES + 1, rival)
                if ends:
                    gain += self.end_value(prize, self.number(key, source))
            valued.append((gain, j, source, after))
        return valued


def plan_value(view: Mapping[str, JSON], seat: int, values: Values) -> float:
    """What the best plan of fills from this view is worth (0: none worth making)."""
    plan = EndingPlanner(view, seat, values).first_fill()
    return 0.0 if plan is None else plan[0]


def reroll_value(seen: Seen, values: Values, dice: list[int], rng: Rng) -> float:
    """What re-rolling `dice` is worth: the best plan's value averaged over rolls of
    them sampled from their faces."""
    total = 0.0
    for _ in range(REROLL_SAMPLES):
        rolled = [dict(d) for d in seen.view["dice"]]
        for die in dice:
            rolled[die]["face"] = rng.choice(DICE[die])
        total += plan_value({**seen.view, "dice": rolled}, seen.seat, values)
    return total / REROLL_SAMPLES


def reroll_or_done(seen: Seen, actions: list[dict[str, JSON]], values: Values,
                   rng: Rng) -> dict[str, JSON]:
    """With no fill worth making: the re-roll whose sampled rolls promise most, if that
    is clearly more than the point an unused re-roll keeps; else done."""
    done = next(a for a in actions if a["type"] == "done")
    if seen.view["seats"][seen.seat]["rerolls_left"] == 0:
        return done
    stuck = [d["die"] for d in seen.view["dice"] if not d["used"] and d["face"] != SKIP_BO]
    rerolls = [a for a in actions if a["type"] == "reroll"]
    best, best_value = done, SKIP_BO_POINT + REROLL_MARGIN
    for dice in (stuck, [d for d in stuck if d != BONUS]):
        wanted = [a for a in rerolls if a["dice"] == dice]
        if not dice or not wanted:
            continue
        value = reroll_value(seen, values, dice, rng)
        if value > best_value:
            best, best_value = wanted[0], value
    return best


def fill_step(seen: Seen, actions: list[dict[str, JSON]], rng: Rng) -> dict[str, JSON]:
    """The best plan's first fill; else a re-roll valued by sampled rolls, or done."""
    values = Values(seen.view, seen.seat, STRONG)
    plan = EndingPlanner(seen.view, seen.seat, values).first_fill()
    return planned_fill(plan, actions) or reroll_or_done(seen, actions, values, rng)


def strong(seen: Seen, rng: Rng) -> dict[str, JSON]:
    """Claim and write Stockpiles as basic does; plan fills aware of the end, re-roll
    by sampled rolls."""
    return act(seen, lambda actions: fill_step(seen, actions, rng))
