"""The strong Skip-Bo Dice bot: `basic`'s plans, re-rolls valued by sampled rolls, an eye
on how the game ends, and Stockpile writes valued by the next turn's sampled plans.

Everything is public, so the bot reads its view alone. It claims as `basic` does
(games/skip_bo_dice/basic.py) and plans its fills with the same search, with these
changes:

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
  its completion reward. Where a plan may stop, each pile's race is valued by where
  both stand on it (this seat's next bubble, or completed, and the best rival's) from
  `RACE`, what that pair was measured to bring in completion rewards in games of basic
  against itself, scaled by `RACE_WEIGHT` (and by the reward raced for, against the
  first): a bubble that makes an even race a lead counts for more than one more bubble
  of a long lead, and the same lead is worth less high on a pile than low on it. Piles
  alike in reward and next bubble but not in their races are no longer interchangeable.
  In its last turn the races are worth nothing.
- **Skip-Bos held**: a free Skip-Bo or a Skip-Bo Reward spent in a plan costs
  `SKIP_BO_HELD`, more than the point it keeps unused (held, it can still fill a bubble
  a later race needs; the figure is tuned against basic, docs/benchmarks.md). In its
  last turn it costs the point alone.
- **Re-rolls**: with no fill worth making, it values re-rolling its unused dice (all but
  Skip-Bo faces; with the Bonus Die, or without it) by the best plan over a few rolls
  sampled from the dice's faces (seeded, from its `Rng`), and re-rolls only where that
  is clearly worth more than the point an unused re-roll keeps: by `REROLL_MARGIN` more
  against one rival, by `TABLE_REROLL_MARGIN` against two or more (each tuned at its
  table size, docs/benchmarks.md).
- **Stockpile writes**: of the `WRITE_CANDIDATES` writes `basic` ranks highest (its
  `write_worth`; writes alike in value and Stockpile counted once), it writes the one
  whose Stockpiles give its next turn the best plans, averaged over `WRITE_SAMPLES`
  rolls of all six dice sampled from their faces (seeded, from its `Rng`; each write
  valued on the same rolls, each plan searched over `NEXT_TURN_BUDGET` states at most),
  plus a point for the Skip-Bo Reward a fourth box earns. With no turn of its own left
  it writes as `basic` does.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from games.core.bots import Rng, Seen

from .basic import (
    SKIP_BO_POINT, Planner, Values, Weights, act, planned_fill, stockpile_choice, write_worth,
)
from .data import (
    BONUS, BUBBLES, COMPLETION_REWARDS, DICE, PILES_TO_END, SKIP_BO, STOCKPILE_BOXES,
)

JSON = Any

STRONG = Weights(progress=0.3)
FINAL_TURN_GAIN = 2.0   # what a final turn usually adds to a player's score
END_BONUS = 2.0         # ending the game while ahead: the lead is locked in
REROLL_SAMPLES = 12     # rolls sampled to value a re-roll
REROLL_MARGIN = 1.2     # against one rival, what a re-roll must promise beyond its point
TABLE_REROLL_MARGIN = 0.6   # the same against two rivals or more
COVERAGE = 0.5          # what a pile's next bubble is worth when a roll surely fits it
RACE_WEIGHT = 0.5       # how much of a race's measured worth a plan counts
FIRST_REWARD = COMPLETION_REWARDS[0]   # the reward the races in RACE were run for
SKIP_BO_HELD = 1.75     # what a free Skip-Bo or Skip-Bo Reward held is worth to a plan
WRITE_CANDIDATES = 4    # the Stockpile writes basic ranks highest, valued by next turns
WRITE_SAMPLES = 8       # next-turn rolls sampled to value a Stockpile write
NEXT_TURN_BUDGET = 300  # search states per sampled next-turn plan
# What a pile's completion brings its player less the rival from the end of the player's
# turn on, by (the player's next bubble, 11 once completed; the rival's), in games of
# basic against itself: tests/benchmarks/skip_bo_dice_races.py (3,000 games). A pile the
# player has completed counts the rival's reward to come alone.
RACE = {
    (1, 1): -0.40, (1, 2): -1.19, (1, 3): -1.54, (1, 4): -1.76, (1, 5): -1.83,
    (1, 6): -1.84, (1, 7): -1.92, (1, 8): -1.90, (1, 9): -1.93, (1, 10): -1.87,
    (2, 1): 0.61, (2, 2): -0.40, (2, 3): -1.18, (2, 4): -1.57, (2, 5): -1.77,
    (2, 6): -1.84, (2, 7): -1.88, (2, 8): -1.95, (2, 9): -1.93, (2, 10): -1.93,
    (3, 1): 1.07, (3, 2): 0.58, (3, 3): -0.42, (3, 4): -1.34, (3, 5): -1.60,
    (3, 6): -1.90, (3, 7): -1.99, (3, 8): -2.13, (3, 9): -2.13, (3, 10): -2.17,
    (4, 1): 1.42, (4, 2): 1.04, (4, 3): 0.29, (4, 4): -0.49, (4, 5): -1.22,
    (4, 6): -1.66, (4, 7): -2.00, (4, 8): -2.12, (4, 9): -2.20, (4, 10): -2.28,
    (5, 1): 1.68, (5, 2): 1.39, (5, 3): 0.81, (5, 4): 0.16, (5, 5): -0.54,
    (5, 6): -1.32, (5, 7): -1.63, (5, 8): -2.07, (5, 9): -2.23, (5, 10): -2.26,
    (6, 1): 1.76, (6, 2): 1.66, (6, 3): 1.32, (6, 4): 0.66, (6, 5): 0.17,
    (6, 6): -0.59, (6, 7): -1.29, (6, 8): -1.70, (6, 9): -2.02, (6, 10): -2.12,
    (7, 1): 1.91, (7, 2): 1.77, (7, 3): 1.62, (7, 4): 1.25, (7, 5): 0.60,
    (7, 6): -0.03, (7, 7): -0.60, (7, 8): -1.38, (7, 9): -1.73, (7, 10): -1.99,
    (8, 1): 1.92, (8, 2): 1.92, (8, 3): 1.93, (8, 4): 1.49, (8, 5): 1.24,
    (8, 6): 0.55, (8, 7): -0.14, (8, 8): -0.68, (8, 9): -1.35, (8, 10): -1.72,
    (9, 1): 1.94, (9, 2): 1.94, (9, 3): 2.09, (9, 4): 1.87, (9, 5): 1.55,
    (9, 6): 1.04, (9, 7): 0.42, (9, 8): -0.43, (9, 9): -0.70, (9, 10): -1.09,
    (10, 1): 1.95, (10, 2): 1.94, (10, 3): 2.29, (10, 4): 2.20, (10, 5): 1.84,
    (10, 6): 1.46, (10, 7): 0.86, (10, 8): -0.20, (10, 9): -0.64, (10, 10): -0.79,
    (11, 1): -1.09, (11, 2): -1.06, (11, 3): -0.96, (11, 4): -1.02, (11, 5): -1.13,
    (11, 6): -1.27, (11, 7): -1.43, (11, 8): -1.59, (11, 9): -1.73, (11, 10): -1.83,
}


def number_dice_chance(bubble: int) -> float:
    """The chance that at least one Number Die shows this number on a roll."""
    miss = 1.0
    for faces in DICE[:BONUS]:
        miss *= 1 - faces.count(bubble) / len(faces)
    return 1 - miss


FITS = {bubble: number_dice_chance(bubble) for bubble in range(1, BUBBLES + 1)}


def rivals(view: Mapping[str, JSON], seat: int) -> int:
    """How many other seats are still in play."""
    return sum(1 for s in view["seats"] if s["seat"] != seat and not s["resigned"])


def margin(view: Mapping[str, JSON], seat: int) -> int:
    """This seat's score less the best other score still in play."""
    seats = view["seats"]
    others = [s["score"] for s in seats if s["seat"] != seat and not s["resigned"]]
    return seats[seat]["score"] - max(others) if others else 0


class EndingPlanner(Planner):
    """`basic`'s planner, with a bonus on the completion that starts the last round
    while this seat is ahead by enough, the piles a plan leaves open valued for later
    turns and by their races, and Skip-Bos spent at what they are worth held."""

    def __init__(self, view: Mapping[str, JSON], seat: int, values: Values) -> None:
        super().__init__(view, seat, values)
        self.ends = view.get("last_round") is None
        self.completed = view["seats"][seat]["piles_completed"]
        self.margin = margin(view, seat)
        self.final_turns = rivals(view, seat)
        # in its last turn no later turn comes
        self.coverage = 0.0 if values.final else COVERAGE
        self.start_cover = self.cover(self.nexts.values())
        racing = [s["piles"] for s in view["seats"] if s["seat"] != seat and not s["resigned"]]
        self.rivals = {p: max((piles[p]["next_bubble"] for piles in racing
                               if piles[p]["next_bubble"] is not None), default=0)
                       for p in self.names}
        self.race_weight = 0.0 if values.final else RACE_WEIGHT
        # what spending a held Skip-Bo costs beyond the point it keeps
        self.held_skip_bo = 0.0 if values.final else SKIP_BO_HELD - SKIP_BO_POINT
        self.start_race = sum(self.race(values.rewards[p], self.nexts[p], self.rivals[p])
                              for p in self.names)

    def rival(self, pile: str) -> int:
        """The best rival's next bubble on this pile (0: no rival has it still to
        complete)."""
        return self.rivals[pile]

    def race(self, prize: int, bubble: int, rival: int) -> float:
        """What a pile's race is worth with this seat's next bubble here (11: completed)
        and the rival's there, for a completion reward of `prize` (`RACE` was measured
        on races for the first reward; a race for a smaller one is worth that much
        less)."""
        if not rival:
            return 0.0
        return self.race_weight * prize / FIRST_REWARD * RACE[bubble, rival]

    def cover(self, nexts: Iterable[int]) -> float:
        """What piles waiting for these next bubbles promise for later turns."""
        return self.coverage * sum(FITS[bubble] for bubble in set(nexts))

    def stop_value(self, key: tuple) -> float:
        """Stopping with these piles open against stopping now: their next bubbles'
        worth for later turns (`cover`) and their races (a pile completed on the way
        counts its race in the fill that completes it)."""
        race = sum(self.race(prize, bubble, rival) for prize, bubble, rival in key[0])
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
            if source[0] in ("free", "reward"):
                gain -= self.held_skip_bo
            if bubble == BUBBLES:
                gain += self.race(prize, BUBBLES + 1, rival)
                if ends:
                    gain += self.end_value(prize, self.number(key, source))
            valued.append((gain, j, source, after))
        return valued


class NextTurnPlanner(EndingPlanner):
    """The planner on a sampled roll of a later turn, with a smaller search."""

    budget = NEXT_TURN_BUDGET


def plan_value(view: Mapping[str, JSON], seat: int, values: Values,
               planner: type[EndingPlanner] = EndingPlanner) -> float:
    """What the best plan of fills from this view is worth (0: none worth making)."""
    plan = planner(view, seat, values).first_fill()
    return 0.0 if plan is None else plan[0]


def mean_plan_value(view: Mapping[str, JSON], seat: int, values: Values,
                    rolled: list[list[dict[str, JSON]]],
                    planner: type[EndingPlanner] = EndingPlanner) -> float:
    """The best plan's worth averaged over these sampled states of the six dice."""
    return sum(plan_value({**view, "dice": dice}, seat, values, planner)
               for dice in rolled) / len(rolled)


def reroll_value(seen: Seen, values: Values, dice: list[int], rng: Rng) -> float:
    """What re-rolling `dice` is worth: the best plan's value averaged over rolls of
    them sampled from their faces."""
    rolled = []
    for _ in range(REROLL_SAMPLES):
        faces = {die: rng.choice(DICE[die]) for die in dice}
        rolled.append([{**d, "face": faces.get(d["die"], d["face"])} for d in seen.view["dice"]])
    return mean_plan_value(seen.view, seen.seat, values, rolled)


def reroll_or_done(seen: Seen, actions: list[dict[str, JSON]], values: Values,
                   rng: Rng) -> dict[str, JSON]:
    """With no fill worth making: the re-roll whose sampled rolls promise most, if that
    is clearly more than the point an unused re-roll keeps; else done."""
    done = next(a for a in actions if a["type"] == "done")
    if seen.view["seats"][seen.seat]["rerolls_left"] == 0:
        return done
    stuck = [d["die"] for d in seen.view["dice"] if not d["used"] and d["face"] != SKIP_BO]
    rerolls = [a for a in actions if a["type"] == "reroll"]
    against = REROLL_MARGIN if rivals(seen.view, seen.seat) < 2 else TABLE_REROLL_MARGIN
    best, best_value = done, SKIP_BO_POINT + against
    for dice in (stuck, [d for d in stuck if d != BONUS]):
        wanted = [a for a in rerolls if a["dice"] == dice]
        if not dice or not wanted:
            continue
        value = reroll_value(seen, values, dice, rng)
        if value > best_value:
            best, best_value = wanted[0], value
    return best


# --- the Stockpile step: writes valued by the next turn's plans ------------------------

def write_candidates(seen: Seen, writes: list[dict[str, JSON]]) -> list[dict[str, JSON]]:
    """The `WRITE_CANDIDATES` writes basic ranks highest, best first; of writes alike
    (the same value on Stockpiles alike) the first."""
    board = seen.view["seats"][seen.seat]
    ranked = sorted(writes, key=lambda a: write_worth(seen.view, seen.seat, a), reverse=True)
    candidates: list[dict[str, JSON]] = []
    alike: set[tuple] = set()
    for action in ranked:
        boxes = board["stockpiles"][action["stockpile"]]["boxes"]
        key = (seen.view["dice"][action["die"]]["face"],
               tuple((box["value"], box["used"]) for box in boxes))
        if key not in alike:
            alike.add(key)
            candidates.append(action)
    return candidates[:WRITE_CANDIDATES]


def written(view: Mapping[str, JSON], seat: int, action: Mapping[str, JSON]
            ) -> tuple[dict[str, JSON], float]:
    """The view with this write made on the seat's Stockpile, and the point of the
    Skip-Bo Reward it earns (0 if none)."""
    board = view["seats"][seat]
    face = view["dice"][action["die"]]["face"]
    k = action["stockpile"]
    stockpile = board["stockpiles"][k]
    boxes = [*stockpile["boxes"], {"value": face, "used": False}]
    stockpiles = list(board["stockpiles"])
    stockpiles[k] = {**stockpile, "boxes": boxes, "top": face}
    rewards = dict(board["skip_bo_rewards"])
    earned = 0.0
    if len(boxes) == STOCKPILE_BOXES:
        rewards["available"] += 1
        rewards["earned"] += 1
        earned = SKIP_BO_POINT
    seats = list(view["seats"])
    seats[seat] = {**board, "stockpiles": stockpiles, "skip_bo_rewards": rewards}
    return {**view, "seats": seats}, earned


def next_turn_value(view: Mapping[str, JSON], seat: int, values: Values,
                    rolls: list[list[JSON]]) -> float:
    """The best plan's worth averaged over these rolls of all six dice (a turn's
    first roll: none used)."""
    rolled = [[{**d, "face": roll[d["die"]], "used": False} for d in view["dice"]]
              for roll in rolls]
    return mean_plan_value(view, seat, values, rolled, NextTurnPlanner)


def stockpile_write(seen: Seen, writes: list[dict[str, JSON]], rng: Rng) -> dict[str, JSON]:
    """Of the writes basic ranks highest, the one whose next turn's sampled plans are
    worth most; basic's with no turn of its own left."""
    values = Values(seen.view, seen.seat, STRONG)
    if values.final:
        return stockpile_choice(seen, writes)
    candidates = write_candidates(seen, writes)
    if len(candidates) == 1:
        return candidates[0]
    rolls = [[rng.choice(faces) for faces in DICE] for _ in range(WRITE_SAMPLES)]
    best, best_value = candidates[0], float("-inf")
    for action in candidates:
        view, earned = written(seen.view, seen.seat, action)
        value = next_turn_value(view, seen.seat, values, rolls) + earned
        if value > best_value + 1e-9:
            best, best_value = action, value
    return best


# --- the fill step -------------------------------------------------------------------

def fill_step(seen: Seen, actions: list[dict[str, JSON]], rng: Rng) -> dict[str, JSON]:
    """The best plan's first fill; else a re-roll valued by sampled rolls, or done."""
    values = Values(seen.view, seen.seat, STRONG)
    plan = EndingPlanner(seen.view, seen.seat, values).first_fill()
    return planned_fill(plan, actions) or reroll_or_done(seen, actions, values, rng)


def strong(seen: Seen, rng: Rng) -> dict[str, JSON]:
    """Claim as basic does; plan fills aware of the end, re-roll by sampled rolls, and
    write Stockpiles by the next turn's sampled plans."""
    return act(seen, lambda actions: fill_step(seen, actions, rng),
               lambda writes: stockpile_write(seen, writes, rng))
