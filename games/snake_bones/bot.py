"""Snake Bones bots: policies that stake, bid and call from what one seat may see.

A bot reads only its `Seen` (games/core/bots.py): its own dice (`view.my_dice`), the
dice in play, the standing bid, the options and its legal items. Every die it cannot see
shows a given face with p = 1/6, or 1/3 for a face other than 1 when ones are wild, so
the count of a face on the table is its own count plus a Binomial(unseen, p).

- **Stake**: always the least it may (1 coin). A stake is only ever paid by its owner
  when they lose a call; what a winner collects is the loser's stake. A higher stake
  never brings in a coin and only brings a player closer to going out on coins, so the
  minimum is the dominant choice.
- **Open**: the face it holds most (ties: the higher face, which leaves room to raise by
  face), for its own count plus the whole number of that face expected among the
  unseen dice.
- **Respond**: each move is valued by the chance the bot keeps its die: a bluff call
  wins when the bid is false (1 - P(count >= q)), a spot-on call when the count is
  exactly q (P(count = q)), a raise by the chance the new bid is true (the chance it
  survives a call). The best is played; among raises the likeliest, lowest quantity
  first, and now and then (seeded) another raise almost as likely, so its bids do not
  give its dice away.

`basic` assumes nothing about the other seats' dice. `strong` also reads the bids made
this round: a player who bid on a face probably holds more of it. For every other seat
it weighs each hand that seat could hold (all of them: 252 for five dice) by its chance
and by how likely that hand was to make the seat's bids this round (a bidder names a
face with probability growing with how many of it they hold), so each seat's count of
each face is known exactly as a distribution; the seats' counts add up to the table's,
and it values moves as `basic` does. No sampling: the same bids give the same table.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import lru_cache
from itertools import combinations_with_replacement
from typing import Any

from games.core.bots import Rng, Seen

from .data import FACES, WILD_FACE
from .rules import count_matching

JSON = Any
# Among raises within this much of the best chance, one is sometimes taken instead.
DISGUISE_MARGIN = 0.04
DISGUISE_RATE = 0.15
# The strong level: how strongly a bid is taken to tell the face its bidder holds
# (likelihood ~ exp(BID_SIGNAL * held)); measured against basic at 0.9, 1.5, 2.0, 2.5 and
# 3.5 (docs/benchmarks.md, "Bots"): 2.0 and above play alike, 2.0 believes bids least.
BID_SIGNAL = 2.0


def face_probability(face: int, ones_wild: bool) -> float:
    """The chance one unseen die counts toward a bid on `face`."""
    return 1 / 3 if ones_wild and face != WILD_FACE else 1 / 6


def binomial(n: int, p: float) -> list[float]:
    """P(Binomial(n, p) = k) for k = 0..n."""
    return [math.comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)]


class Table:
    """The distribution of each face's count on the table as the bot sees it:
    `exact[face][k]` = P(count = k)."""

    def __init__(self, exact: Mapping[int, Sequence[float]]) -> None:
        self.exact = exact
        self.at_least: dict[int, list[float]] = {}
        for face, pmf in exact.items():
            tail = [0.0] * (len(pmf) + 1)
            for k in range(len(pmf) - 1, -1, -1):
                tail[k] = tail[k + 1] + pmf[k]
            self.at_least[face] = tail

    def true(self, quantity: int, face: int) -> float:
        """P(count >= quantity)."""
        tail = self.at_least[face]
        if quantity <= 0:
            return 1.0
        return tail[quantity] if quantity < len(tail) else 0.0

    def exactly(self, quantity: int, face: int) -> float:
        pmf = self.exact[face]
        return pmf[quantity] if 0 <= quantity < len(pmf) else 0.0


def independent_table(mine: Sequence[int], unseen: int, ones_wild: bool) -> Table:
    """Own dice known, every unseen die independent and fair."""
    exact: dict[int, list[float]] = {}
    for face in FACES:
        held = count_matching(mine, face, ones_wild)
        pmf = binomial(unseen, face_probability(face, ones_wild))
        exact[face] = [0.0] * held + pmf
    return Table(exact)


# --- what the seat sees ------------------------------------------------------------------

def options(seen: Seen) -> tuple[bool, str]:
    opts = seen.view.get("options") or {}
    return bool(opts.get("ones_wild")), str(opts.get("raise_rule", "quantity"))


def my_dice(seen: Seen) -> list[int]:
    return list(seen.view.get("my_dice") or [])


def unseen_dice(seen: Seen) -> int:
    return max(0, int(seen.view.get("dice_in_play", 0)) - len(my_dice(seen)))


def stake_action(seen: Seen) -> dict[str, JSON] | None:
    """The least stake the legal items allow (a stake is only ever a loss)."""
    for item in seen.legal:
        if item.get("type") == "stake":
            domain = (item.get("choose") or {}).get("coins")
            if domain is not None:
                return {"type": "stake", "coins": int(domain["minimum"])}
            return {"type": "stake", "coins": int(item["coins"])}
    return None


# --- choosing a move ---------------------------------------------------------------------

def playable(seen: Seen) -> list[dict[str, JSON]]:
    """The concrete actions a bot chooses among: never `resign` (RULINGS: bots never
    resign)."""
    return [a for a in seen.actions() if a.get("type") != "resign"]


def decide(seen: Seen, rng: Rng, table: Table) -> dict[str, JSON]:
    actions = playable(seen)
    bids = [a for a in actions if a.get("type") == "bid"]
    calls = {a["type"]: a for a in actions if a.get("type") in ("call_bluff", "call_spot_on")}
    standing = seen.view.get("bid")
    ones_wild, _ = options(seen)
    mine = my_dice(seen)

    if standing is None or not calls:
        return opening_bid(bids, table, mine, ones_wild, unseen_dice(seen)) or actions[0]

    quantity, face = int(standing["quantity"]), int(standing["face"])
    values: list[tuple[float, int, dict[str, JSON]]] = []
    if "call_bluff" in calls:
        values.append((1 - table.true(quantity, face), 2, calls["call_bluff"]))
    if "call_spot_on" in calls:
        values.append((table.exactly(quantity, face), 0, calls["call_spot_on"]))
    raise_ = best_raise(bids, table, mine, ones_wild, rng)
    if raise_ is not None:
        values.append((table.true(raise_["quantity"], raise_["face"]), 1, raise_))
    # Highest value; on a tie a bluff call, then a raise, then spot-on.
    return max(values, key=lambda v: (v[0], v[1]))[2]


def bid_key(bid: Mapping[str, JSON], table: Table, mine: Sequence[int],
            ones_wild: bool) -> tuple[float, int, int, int]:
    q, f = int(bid["quantity"]), int(bid["face"])
    return (table.true(q, f), -q, count_matching(mine, f, ones_wild), f)


def best_raise(bids: list[dict[str, JSON]], table: Table, mine: Sequence[int],
               ones_wild: bool, rng: Rng) -> dict[str, JSON] | None:
    """The raise likeliest to be true (lowest quantity, own face, higher face on ties);
    now and then another one nearly as likely."""
    if not bids:
        return None
    ranked = sorted(bids, key=lambda b: bid_key(b, table, mine, ones_wild), reverse=True)
    best = ranked[0]
    top = table.true(best["quantity"], best["face"])
    close = [b for b in ranked[1:12]
             if top - table.true(b["quantity"], b["face"]) <= DISGUISE_MARGIN]
    if close and rng.random() < DISGUISE_RATE:
        return rng.choice(close)
    return best


def opening_bid(bids: list[dict[str, JSON]], table: Table, mine: Sequence[int],
                ones_wild: bool, unseen: int) -> dict[str, JSON] | None:
    """The face held most, for own count + the expected unseen count (rounded down)."""
    if not bids:
        return None
    allowed = {(int(b["quantity"]), int(b["face"])): b for b in bids}
    faces = sorted(FACES, key=lambda f: (count_matching(mine, f, ones_wild), f), reverse=True)
    for face in faces:
        unseen_expected = int(unseen * face_probability(face, ones_wild))
        expected = count_matching(mine, face, ones_wild) + unseen_expected
        for quantity in range(max(1, expected), 0, -1):
            if (quantity, face) in allowed:
                return allowed[(quantity, face)]
    return max(bids, key=lambda b: bid_key(b, table, mine, ones_wild))


def basic(seen: Seen, rng: Rng) -> dict[str, JSON]:
    stake = stake_action(seen)
    if stake is not None:
        return stake
    ones_wild, _ = options(seen)
    table = independent_table(my_dice(seen), unseen_dice(seen), ones_wild)
    return decide(seen, rng, table)


# --- strong: the round's bids as evidence ------------------------------------------------

def round_bids(seen: Seen) -> list[tuple[int, int]]:
    """(seat, face) of every bid made this round, oldest first (the bot's own among
    them: `inferred_table` reads only the other seats')."""
    bids: list[tuple[int, int]] = []
    for event in reversed(seen.events):
        kind = event.get("type")
        if kind == "round_started":
            break
        if kind == "bid_made":
            data = event.get("data") or {}
            bids.append((int(data["seat"]), int(data["face"])))
    bids.reverse()
    return bids


@lru_cache(maxsize=None)
def hands(n: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    """Every hand of n dice as a multiset (252 for five dice), with its chance."""
    out: list[tuple[tuple[int, ...], float]] = []
    for hand in combinations_with_replacement(FACES, n):
        ways = math.factorial(n)
        for face in FACES:
            ways //= math.factorial(hand.count(face))
        out.append((hand, ways / 6 ** n))
    return tuple(out)


@lru_cache(maxsize=4096)
def hand_counts(n: int, bid_faces: tuple[int, ...],
                ones_wild: bool) -> dict[int, tuple[float, ...]]:
    """For a seat of n dice that bid `bid_faces` this round: per face, the chance its
    hand holds k dice counting toward it (k = 0..n). Exact: every hand weighed by its
    chance times the chance of each bid (P(face) ~ exp(BID_SIGNAL * held))."""
    pmf = {face: [0.0] * (n + 1) for face in FACES}
    total = 0.0
    for hand, chance in hands(n):
        held = {face: count_matching(hand, face, ones_wild) for face in FACES}
        weight = chance
        if bid_faces:
            norm = sum(math.exp(BID_SIGNAL * held[f]) for f in FACES)
            for face in bid_faces:
                weight *= math.exp(BID_SIGNAL * held[face]) / norm
        total += weight
        for face in FACES:
            pmf[face][held[face]] += weight
    return {face: tuple(w / total for w in pmf[face]) for face in FACES}


def add_counts(a: Sequence[float], b: Sequence[float]) -> list[float]:
    """The distribution of the sum of two independent counts."""
    out = [0.0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


def inferred_table(seen: Seen) -> Table:
    """Own dice known; each other active seat's hand weighed by the bids it made this
    round (hands are independent given their own bids), the counts added up exactly."""
    ones_wild, _ = options(seen)
    mine = my_dice(seen)
    others = [(int(s["seat"]), int(s["dice_count"])) for s in seen.view.get("seats", ())
              if not s.get("out") and int(s["seat"]) != seen.seat]
    bids = round_bids(seen)
    exact: dict[int, list[float]] = {}
    for face in FACES:
        pmf = [0.0] * count_matching(mine, face, ones_wild) + [1.0]
        for seat, n in others:
            bid_faces = tuple(f for bidder, f in bids if bidder == seat)
            pmf = add_counts(pmf, hand_counts(n, bid_faces, ones_wild)[face])
        exact[face] = pmf
    return Table(exact)


def strong(seen: Seen, rng: Rng) -> dict[str, JSON]:
    stake = stake_action(seen)
    if stake is not None:
        return stake
    return decide(seen, rng, inferred_table(seen))


BOTS = {"basic": basic, "strong": strong}
