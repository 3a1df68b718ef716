"""The basic Skip-Bo Dice bot (issue #17), whose planner the strong level builds on.

Everything in Skip-Bo Dice is public, so a bot plays from its view and its legal items
alone. `basic`:

- **Fill step** (its own turn): it plans. From the dice, the Bonus Die's value (once:
  after a use it is rolled again, and the bot plans anew with the new value), the tops
  of its Stockpiles (and what lies under them) and its Skip-Bos, it searches the orders
  of fills for the one worth most, and posts that plan's first fill. A fill is worth the
  step it makes towards completing the pile, plus a collected star (a number on bubble
  5, 7 or 10) or minus the star a Skip-Bo would cross out, plus the completion reward on
  bubble 10; a free Skip-Bo or a Skip-Bo Reward costs the point it is worth unused, so
  it is spent only where it lets more fills follow, or completes a pile for a reward.
  Skip-Bo faces of the Number Dice cost nothing (left unused, any player may write them
  into a Stockpile). When no fill is worth making it re-rolls the dice it cannot use if
  the fills that re-roll promises are worth clearly more than the point a re-roll keeps,
  and otherwise is done.
- **Claims** (another player's turn): every value the Bonus Die showed that fits one of
  its piles is claimed (a free fill), the lowest bubble first so that claims can chain,
  into the pile where the completion race looks best.
- **Stockpile step**: it writes the face that will be most useful on top of a Stockpile
  (a Skip-Bo; a number a pile will soon need; a number no pile can ever use only where it
  buries nothing useful), preferring to fill a Stockpile up for its Skip-Bo Reward and
  not to bury a useful top.

In its last turn (the game ends after it) progress towards later turns is worth nothing:
only stars and completions count, against the points unused Skip-Bos and re-rolls keep.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from games.core.bots import Rng, Seen
from games.core.frozen import frozen_record

from .data import BONUS, BUBBLES, DICE, PILES, SKIP_BO, STAR_BUBBLES, STOCKPILE_BOXES

JSON = Any


SKIP_BO_POINT = 1.0   # an unused free Skip-Bo, Skip-Bo Reward or re-roll is a point
NODE_BUDGET = 4000    # search nodes per fill decision


@frozen_record
class Weights:
    """How a level values a fill: `progress` for one bubble nearer completion (and more
    fills to come), `star_chance` for how likely a star bubble ahead is still collected
    with a number; a re-roll must promise `reroll_margin` more than the point it spends."""

    progress: float = 0.5
    star_chance: float = 0.6
    reroll_margin: float = 0.5


BASIC = Weights()


class Values:
    """What a fill is worth to this seat now."""

    def __init__(self, view: Mapping[str, JSON], seat: int, weights: Weights = BASIC) -> None:
        last = view.get("last_round")
        self.weights = weights
        self.final = last is not None and seat not in last["final_turns_left"]
        self.progress = 0.01 if self.final else weights.progress   # a fill still harms nothing
        self.star_chance = 0.0 if self.final else weights.star_chance
        self.rewards = {p: view["completions"][p]["next_reward"] for p in PILES}
        self.lead = {p: lead(view, seat, p) for p in PILES}

    def fill(self, bubble: int, number: bool, reward: int) -> float:
        """A bubble filled (with a number or a Skip-Bo) on a pile whose completion would
        earn `reward`."""
        gain = self.progress
        if bubble in STAR_BUBBLES:
            gain += (1.0 - self.star_chance) if number else -self.star_chance
        if bubble == BUBBLES:
            gain += reward
        return gain


def lead(view: Mapping[str, JSON], seat: int, pile: str) -> int:
    """How many bubbles this seat is ahead of the best other seat on this pile."""
    mine = len(view["seats"][seat]["piles"][pile]["marks"])
    others = [len(s["piles"][pile]["marks"]) for s in view["seats"] if s["seat"] != seat]
    return mine - max(others) if others else 0


# --- the fill step: a search over the orders of fills -------------------------------------

def _face_order(face: JSON) -> int:
    return 99 if face == SKIP_BO else face


class Planner:
    """Depth-first search, memoised, over the fills the seat's own resources allow.

    A search state is (piles, dice, bonus, tops, free, reward): the open piles as a
    sorted tuple of (completion reward, next bubble, rival) (piles alike are
    interchangeable; `rival` is what a level tells piles apart by, basic's is 0),
    the unused Number Dice as a sorted tuple of faces, whether the Bonus Die's value is
    still unused, how many values of each Stockpile are used, the Skip-Bos left. It
    visits at most `budget` search states.
    """

    budget = NODE_BUDGET

    def __init__(self, view: Mapping[str, JSON], seat: int, values: Values) -> None:
        board = view["seats"][seat]
        self.values = values
        self.names = [p for p in PILES if board["piles"][p]["next_bubble"] is not None]
        self.nexts = {p: board["piles"][p]["next_bubble"] for p in self.names}
        dice = view["dice"]
        self.free_dice = [(d["die"], d["face"]) for d in dice[:BONUS] if not d["used"]]
        self.bonus = dice[BONUS]["face"]
        # each Stockpile's unused values, top first
        self.stacks = tuple(tuple(b["value"] for b in reversed(s["boxes"]) if not b["used"])
                            for s in board["stockpiles"])
        self.free = board["free_skip_bos"]
        self.reward = board["skip_bo_rewards"]["available"]
        self.memo: dict[tuple, float] = {}
        self.nodes = 0

    def gain(self, reward: int, bubble: int, number: bool) -> float:
        return self.values.fill(bubble, number, reward)

    def moves(self, key: tuple) -> list[tuple[float, int, JSON, tuple]]:
        """(gain, index of the pile in key, source, next key) of every fill from here;
        a source is ("bonus",), ("die", face), ("stockpile", k), ("free",), ("reward",)."""
        piles, dice, bonus_free, tops, free, reward = key
        out = []
        done_piles = set()
        for j, (prize, bubble, rival) in enumerate(piles):
            if (prize, bubble, rival) in done_piles:
                continue
            done_piles.add((prize, bubble, rival))
            rest = piles[:j] + piles[j + 1:]
            if bubble < BUBBLES:
                after = tuple(sorted(rest + ((prize, bubble + 1, rival),)))
            else:
                after = rest
            if bonus_free and self.bonus == bubble:
                out.append((self.gain(prize, bubble, True), j, ("bonus",),
                            (after, dice, False, tops, free, reward)))
            for i, face in enumerate(dice):
                if (i and dice[i - 1] == face) or (face != SKIP_BO and face != bubble):
                    continue
                out.append((self.gain(prize, bubble, face != SKIP_BO), j, ("die", face),
                            (after, dice[:i] + dice[i + 1:], bonus_free, tops, free, reward)))
            for k, stack in enumerate(self.stacks):
                if tops[k] >= len(stack):
                    continue
                value = stack[tops[k]]
                if value != SKIP_BO and value != bubble:
                    continue
                moved = tops[:k] + (tops[k] + 1,) + tops[k + 1:]
                out.append((self.gain(prize, bubble, value != SKIP_BO), j, ("stockpile", k),
                            (after, dice, bonus_free, moved, free, reward)))
            if free:
                out.append((self.gain(prize, bubble, False) - SKIP_BO_POINT, j, ("free",),
                            (after, dice, bonus_free, tops, free - 1, reward)))
            if reward:
                out.append((self.gain(prize, bubble, False) - SKIP_BO_POINT, j, ("reward",),
                            (after, dice, bonus_free, tops, free, reward - 1)))
        return out

    def rival(self, pile: str) -> int:
        """What tells this pile apart from others of the same reward and next bubble
        (basic: nothing; the strong level, the race for it)."""
        return 0

    def stop_value(self, key: tuple) -> float:
        """What stopping at this search state is worth against stopping now (basic:
        nothing; the strong level values the piles' next bubbles)."""
        return 0.0

    def best(self, key: tuple) -> float:
        """The most this search state is worth: the best fills from here, or stopping
        here (`stop_value`), whichever is more."""
        found = self.memo.get(key)
        if found is not None:
            return found
        self.nodes += 1
        value = self.stop_value(key)
        if self.nodes <= self.budget:
            for gain, _, _, after in self.moves(key):
                value = max(value, gain + self.best(after))
        self.memo[key] = value
        return value

    def first_fill(self) -> tuple[float, str, dict[str, JSON]] | None:
        """(value, pile, source) of the best plan's first fill; None when no fill is
        worth making. Among equal plans: the Bonus Die first (its next value may fit
        too), then dice, Stockpiles, Skip-Bos."""
        def alike(p: str) -> tuple[int, int, int]:
            return (self.values.rewards[p], self.nexts[p], self.rival(p))

        order = sorted(self.names, key=alike)
        piles = tuple(alike(p) for p in order)
        dice = tuple(sorted((f for _, f in self.free_dice), key=_face_order))
        key = (piles, dice, True, (0,) * len(self.stacks), self.free, self.reward)
        best = None
        for gain, j, source, after in self.moves(key):
            total = gain + self.best(after)
            if total > 1e-9 and (best is None or total > best[0] + 1e-9):
                best = (total, j, source)
        if best is None:
            return None
        total, j, source = best
        # the pile: of those alike, the one where this seat leads the race most
        pile = max((p for p in order if alike(p) == piles[j]),
                   key=lambda p: (self.values.lead.get(p, 0), -PILES.index(p)))
        kind = source[0]
        if kind == "bonus":
            action_source: dict[str, JSON] = {"kind": "die", "die": BONUS}
        elif kind == "die":
            die = next(d for d, f in self.free_dice if f == source[1])
            action_source = {"kind": "die", "die": die}
        elif kind == "stockpile":
            action_source = {"kind": "stockpile", "stockpile": source[1]}
        elif kind == "free":
            action_source = {"kind": "free_skip_bo"}
        else:
            action_source = {"kind": "reward_skip_bo"}
        return total, pile, action_source


def reroll_promise(view: Mapping[str, JSON], seat: int, values: Values,
                   dice: Sequence[int]) -> float:
    """A rough value of re-rolling `dice`: for each, the chance its new face fits a pile
    (a number that is some pile's next bubble, or a Skip-Bo) times what a fill is worth."""
    nexts = [b for b in (view["seats"][seat]["piles"][p]["next_bubble"] for p in PILES)
             if b is not None]
    per_fill = values.progress + 0.3
    promise = 0.0
    for die in dice:
        if die == BONUS:
            promise += len(set(nexts)) / 10 * per_fill * 1.5   # a fit rolls it again
        else:
            faces = DICE[die]   # its Skip-Bo face fits no pile's number
            fits = sum(1 for f in faces if f in nexts)
            promise += fits / 6 * per_fill + 1 / 6 * values.progress
    return promise


def planned_fill(plan: tuple[float, str, dict[str, JSON]] | None,
                 actions: list[dict[str, JSON]]) -> dict[str, JSON] | None:
    """The legal fill that is this plan's first (None: no plan)."""
    if plan is None:
        return None
    _, pile, source = plan
    return next((a for a in actions if a["type"] == "fill" and a["pile"] == pile
                 and a["source"] == source), None)


def fill_step(seen: Seen, actions: list[dict[str, JSON]]) -> dict[str, JSON]:
    """The best plan's first fill; else a re-roll of the dice no fill wants if it
    promises enough; else done."""
    view, seat = seen.view, seen.seat
    values = Values(view, seat)
    fill = planned_fill(Planner(view, seat, values).first_fill(), actions)
    if fill is not None:
        return fill
    done = next(a for a in actions if a["type"] == "done")
    board = view["seats"][seat]
    if board["rerolls_left"] > 0:
        dice = view["dice"]
        # the dice no fill wants: all unused ones (a fill worth making was made already)
        stuck = [d["die"] for d in dice if not d["used"] and (d["face"] != SKIP_BO)]
        wanted = [a for a in actions if a["type"] == "reroll" and a["dice"] == stuck]
        if wanted and reroll_promise(view, seat, values, stuck) > (
                SKIP_BO_POINT + values.weights.reroll_margin):
            return wanted[0]
    return done


# --- claims and the stockpile step -----------------------------------------------------

def race(view: Mapping[str, JSON], seat: int, pile: str) -> float:
    """How good completing this pile looks: its next reward, and how far ahead of the
    others this seat is on it (a small tie-break)."""
    return view["completions"][pile]["next_reward"] + 0.05 * lead(view, seat, pile)


def best_claim(seen: Seen, claims: list[dict[str, JSON]]) -> dict[str, JSON]:
    """The lowest bubble first (a claim may let another follow), then the best race."""
    view, seat = seen.view, seen.seat
    shown = {b["value_index"]: b["value"] for b in view["bonus_values"]}
    return min(claims, key=lambda a: (shown.get(a["value_index"], 0),
                                      -race(view, seat, a["pile"]), a["value_index"]))


def usefulness(face: JSON, nexts: Sequence[int]) -> float:
    """How useful a value on top of a Stockpile is (0: no pile can ever use it)."""
    if face == SKIP_BO:
        return 1.0
    if face is None:
        return 0.0
    gaps = [face - b for b in nexts if face >= b]
    if not gaps:
        return 0.0
    gap = min(gaps)
    if gap == 0:
        return 0.8
    return max(0.3, 0.75 - 0.1 * gap)


def write_worth(view: Mapping[str, JSON], seat: int,
                action: Mapping[str, JSON]) -> tuple[float, int, int]:
    """How good this Stockpile write looks: the written value's usefulness, less what it
    buries, a point for the Skip-Bo Reward of a fourth box, a little for a fuller
    Stockpile; ties to the first Stockpile, then the first die."""
    board = view["seats"][seat]
    nexts = [b for b in (board["piles"][p]["next_bubble"] for p in PILES) if b is not None]
    face = view["dice"][action["die"]]["face"]
    stockpile = board["stockpiles"][action["stockpile"]]
    written = len(stockpile["boxes"])
    use = usefulness(face, nexts)
    buried = usefulness(stockpile["top"], nexts)
    score = use - buried * (1.0 if use == 0 else 0.5)
    if written + 1 == STOCKPILE_BOXES:
        score += SKIP_BO_POINT      # a Skip-Bo Reward
    score += 0.1 * written
    return (score, -action["stockpile"], -action["die"])


def stockpile_choice(seen: Seen, writes: list[dict[str, JSON]]) -> dict[str, JSON]:
    """The write that looks best (`write_worth`)."""
    return max(writes, key=lambda action: write_worth(seen.view, seen.seat, action))


Choose = Callable[[list[dict[str, JSON]]], dict[str, JSON]]


def act(seen: Seen, fill: Choose, write: Choose | None = None) -> dict[str, JSON]:
    """Claim every Bonus Die value that fits; in the fill step, `fill(actions)`; in the
    Stockpile step, `write(writes)` (basic's `stockpile_choice` if none)."""
    actions = seen.actions()
    claims = [a for a in actions if a["type"] == "claim_bonus"]
    if claims:
        return best_claim(seen, claims)
    if any(a["type"] == "done" for a in actions):
        return fill(actions)
    writes = [a for a in actions if a["type"] == "stockpile"]
    if writes:
        return write(writes) if write is not None else stockpile_choice(seen, writes)
    return actions[0]


def basic(seen: Seen, rng: Rng) -> dict[str, JSON]:
    """Fill by plan, claim every Bonus Die value that fits, write useful Stockpile values."""
    return act(seen, lambda actions: fill_step(seen, actions))
