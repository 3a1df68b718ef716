"""The basic Bamboozled bot: declares, calls and plays cards from what one seat sees.

A bot reads only its `Seen` (games/core/bots.py): its dice while it rolls and its hand
(`view.you`), the standing score and the pending declaration, the public seats, and the
events as served to it (to learn how each other seat declares from the calls revealed so
far). Every chance below is exact over the 36 equally likely rolls of two dice.

- **Declare**: truthfully whenever a reading of its dice ties or beats (kids: beats)
  the standing score, the highest such reading (the next player must match it). An
  after-roll card in hand is played when it is needed to reach the score (a card-backed
  declaration never costs a strike) or when it makes the score much harder to match.
  Otherwise it bluffs with the most plausible score: the lowest that ties or beats,
  now and then (seeded) one a step higher.
- **Respond**: the chance the declaration is true comes from a model of the declarer
  (declares its best reading when that ties or beats, else bluffs low), mixed with a
  declarer who declares any allowed score at random; the mix is learned from the calls
  revealed so far (a bluff where the dice would have done, or a truthful score below the
  best reading, is not how the model plays). Calling, accepting (then the bot must match
  the score itself, with its own after-roll cards: a forced bluff may be caught) and each
  before-roll card in hand (My Bad: a call without risk; Skip and Reverse with two
  players: the declarer must match their own score; Fresh Start: back to 0) are valued
  in strikes, a card's use costing what it is worth kept; the best is played.
- **Revive** is played at once when the hand is full (it would still save the player at
  the final strike, but it holds a place a drawn card could take); **discard** drops the
  card worth least.

`strong` (games/bamboozled/strong.py) keeps these chances and adds what `basic` leaves
out: how each other seat answers, learnt from its answers, and the rest of the round,
solved against those models.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from games.core.bots import Rng, Seen

from .cards import backed_scores, card_problem, card_uses
from .data import SCORES, rank, readings

JSON = Any
ROLLS: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(1, 7) for b in range(1, 7))
# What a card in hand is worth, in strikes (its use must gain more than this).
CARD_VALUE: dict[str, float] = {
    "revive": 0.9, "jackpot": 0.6, "my_bad": 0.35, "skip": 0.3, "reverse": 0.3,
    "double": 0.3, "up_down": 0.25, "fresh_start": 0.2,
}
# The chance a forced bluff is caught (the bot cannot know the next player's habits).
CAUGHT = 0.5
# How much harder to match a card must make the score to be spent when the truth ties.
CARD_PRESSURE_GAIN = 0.3
# A bluff is the lowest score that ties or beats; sometimes one a step higher.
BLUFF_STEP_RATE = 0.25
# The model of a sensible bluffer: the weight of each next-higher score falls by this.
BLUFF_DECAY = 0.5
# Prior of the "declares at random" part of a declarer, as (odd, sensible) pseudo-counts.
PRIOR_ODD, PRIOR_SENSIBLE = 0.5, 1.5


def best_reading(dice: Sequence[int]) -> int:
    return max(readings((dice[0], dice[1])), key=rank)


def reaches(score: int, standing: int, strict: bool) -> bool:
    return rank(score) > rank(standing) if strict else rank(score) >= rank(standing)


@cache
def match_chance(standing: int, after_roll: tuple[str, ...] = (), strict: bool = False) -> float:
    """The chance a roll ties or beats (strict: beats) `standing`, with the after-roll
    cards `after_roll` to help."""
    uses = card_uses(after_roll)
    hits = 0
    for dice in ROLLS:
        scores = list(readings(dice))
        for use in uses:
            if card_problem(dice, use) is None:
                scores.extend(backed_scores(dice, use))
        if any(reaches(s, standing, strict) for s in scores):
            hits += 1
    return hits / len(ROLLS)


@cache
def declarer_likelihoods(standing: int, score: int) -> tuple[float, float, float, float]:
    """P(declares `score` and it is true), P(declares it as a bluff), for a sensible
    declarer and for one declaring any allowed score at random."""
    allowed = [s for s in SCORES if rank(s) >= rank(standing)]
    index = {s: i for i, s in enumerate(allowed)}
    bluff_norm = sum(BLUFF_DECAY ** i for i in range(len(allowed)))
    true_s = bluff_s = true_r = bluff_r = 0.0
    for dice in ROLLS:
        shown = readings(dice)
        best = max(shown, key=rank)
        if rank(best) >= rank(standing):
            true_s += 1.0 if best == score else 0.0
        elif score in index:
            bluff_s += BLUFF_DECAY ** index[score] / bluff_norm
        if score in index:
            if score in shown:
                true_r += 1 / len(allowed)
            else:
                bluff_r += 1 / len(allowed)
    n = len(ROLLS)
    return true_s / n, bluff_s / n, true_r / n, bluff_r / n


# --- what the seat sees ------------------------------------------------------------------

def you(seen: Seen) -> Mapping[str, JSON]:
    return seen.view.get("you") or {}


def hand(seen: Seen) -> tuple[str, ...]:
    return tuple(you(seen).get("hand") or ())


def after_roll_cards(cards: Sequence[str]) -> tuple[str, ...]:
    return tuple(sorted({c for c in cards if c in ("jackpot", "double", "up_down")}))


def active_count(seen: Seen) -> int:
    return sum(1 for s in seen.view.get("seats", ()) if not s.get("out"))


def hand_full(seen: Seen) -> bool:
    limit = (seen.view.get("options") or {}).get("hand_limit")
    held = next((s.get("hand_size", 0) for s in seen.view.get("seats", ())
                 if s.get("seat") == seen.seat), len(hand(seen)))
    return limit is not None and held >= limit


def unlike_model(data: Mapping[str, JSON], against: int) -> bool | None:
    """Whether the dice a call revealed show their declarer declaring unlike the
    sensible model (a bluff where the dice would have done, or a truthful score below
    the best reading) against the standing score `against`; None when a card backed it."""
    dice, score, verdict = data.get("dice") or (), data.get("score"), data.get("verdict")
    if verdict == "card" or len(dice) != 2:
        return None
    best = best_reading(dice)
    can = rank(best) >= rank(against)
    return not ((verdict == "true" and score == best) or (verdict == "bluff" and not can))


def odd_share(seen: Seen, seat: int) -> float:
    """How often `seat` declared unlike the sensible model, over the calls revealed so
    far (with a prior): the weight of the "at random" part of its model."""
    odd, sensible = PRIOR_ODD, PRIOR_SENSIBLE
    against: dict[int, int] = {}
    for event in seen.events:
        data = event.get("data") or {}
        kind = event.get("type")
        if kind == "dice_rolled":
            against[int(data.get("seat", -1))] = int(data.get("against") or 0)
        elif kind == "bluff_called" and data.get("declarer") == seat:
            unlike = unlike_model(data, against.get(seat, 0))
            if unlike is not None:
                odd += unlike
                sensible += not unlike
    return odd / (odd + sensible)


def truth_chance(standing: int, score: int, odd: float) -> float:
    """The chance a declaration of `score` against `standing` is true."""
    true_s, bluff_s, true_r, bluff_r = declarer_likelihoods(standing, score)
    true_ = (1 - odd) * true_s + odd * true_r
    total = true_ + (1 - odd) * bluff_s + odd * bluff_r
    return true_ / total if total > 0 else 0.0


def of_type(actions: Sequence[dict[str, JSON]], kind: str) -> list[dict[str, JSON]]:
    return [a for a in actions if a.get("type") == kind]


# --- choosing a move ---------------------------------------------------------------------

def declaration(seen: Seen, rng: Rng, actions: list[dict[str, JSON]]) -> dict[str, JSON]:
    dice = you(seen).get("dice") or ()
    declares = of_type(actions, "declare")
    if not declares:
        return (of_type(actions, "concede") or actions)[0]
    shown = readings((dice[0], dice[1])) if len(dice) == 2 else ()
    plain = [a for a in declares if not a.get("card")]
    true_ = [a for a in plain if a["score"] in shown]
    carded = [a for a in declares if a.get("card")]
    kids = bool((seen.view.get("options") or {}).get("kids"))

    def pressure(a: Mapping[str, JSON]) -> float:
        return 1 - match_chance(int(a["score"]), (), kids)

    best_card = max(carded, key=lambda a: (rank(a["score"]),
                                           -CARD_VALUE[a["card"]["name"]])) if carded else None
    if true_:
        best = max(true_, key=lambda a: rank(a["score"]))
        if best_card is not None and pressure(best_card) - pressure(best) > max(
                CARD_PRESSURE_GAIN, CARD_VALUE[best_card["card"]["name"]]):
            return best_card
        return best
    if best_card is not None:
        return best_card
    concede = of_type(actions, "concede")
    if concede or not plain:
        return (concede or declares)[0]
    bluffs = sorted(plain, key=lambda a: rank(a["score"]))
    if len(bluffs) > 1 and rng.random() < BLUFF_STEP_RATE:
        return bluffs[1]
    return bluffs[0]


def call_value(truth: float) -> float:
    """Basic's worth of a call, in strikes: the declarer's if a bluff, its own if true."""
    return (1 - truth) - truth


def accept_value(truth: float, my_chance: float) -> float:
    """Basic's worth of accepting: a forced bluff of its own may be caught."""
    return -(1 - my_chance) * CAUGHT - (1 - truth) * 0.1


def response(seen: Seen, actions: list[dict[str, JSON]]) -> dict[str, JSON]:
    view = seen.view
    declared = view.get("declaration") or {}
    score, declarer = int(declared.get("score", 0)), int(declared.get("seat", -1))
    standing = int(view.get("score_to_beat") or 0)
    truth = truth_chance(standing, score, odd_share(seen, declarer))
    mine = hand(seen)
    my_chance = match_chance(score, after_roll_cards(mine))
    their_chance = match_chance(score)
    two = active_count(seen) == 2

    options: list[tuple[float, dict[str, JSON]]] = []
    for a in actions:
        kind = a.get("type")
        if kind == "call":
            value = call_value(truth)
        elif kind == "accept":
            value = accept_value(truth, my_chance)
        elif kind == "play_card":
            card = a["card"]
            if card == "my_bad":
                value = 1 - truth
            elif card == "fresh_start":
                value = 0.0
            elif card in ("skip", "reverse"):
                value = (1 - their_chance) * CAUGHT * (1.0 if two else 0.4)
            else:
                continue
            value -= CARD_VALUE.get(card, 0.3)
        else:
            continue
        options.append((value, a))
    if not options:
        return actions[0]
    return max(options, key=lambda o: o[0])[1]


def kids_roll(seen: Seen, actions: list[dict[str, JSON]]) -> dict[str, JSON]:
    """Kids rules, before rolling: roll, or dodge a score that is hard to beat."""
    score = int(seen.view.get("score_to_beat") or 0)
    fail = 1 - match_chance(score, after_roll_cards(hand(seen)), True)
    two = active_count(seen) == 2
    options: list[tuple[float, dict[str, JSON]]] = []
    for a in actions:
        kind = a.get("type")
        if kind == "roll":
            options.append((-fail, a))
        elif kind == "play_card":
            card = a["card"]
            if card == "fresh_start":
                value = 0.0
            elif card in ("skip", "reverse"):
                value = (1 - match_chance(score, (), True)) * (1.0 if two else 0.4)
            else:
                continue
            options.append((value - CARD_VALUE.get(card, 0.3), a))
    if not options:
        return actions[0]
    return max(options, key=lambda o: o[0])[1]


def discard(seen: Seen, actions: list[dict[str, JSON]]) -> dict[str, JSON]:
    return min(actions, key=lambda a: CARD_VALUE.get(str(a.get("card")), 0.0))


def basic(seen: Seen, rng: Rng) -> dict[str, JSON]:
    # Never `resign`: bots never resign (RULINGS, "Resigning").
    actions = [a for a in seen.actions() if a.get("type") != "resign"]
    if not actions:
        raise ValueError("no legal action for this seat")
    kinds = {a.get("type") for a in actions}
    revive = of_type(actions, "revive")
    if revive and hand_full(seen):
        return revive[0]
    if "discard" in kinds:
        return discard(seen, of_type(actions, "discard"))
    if "declare" in kinds or "concede" in kinds:
        return declaration(seen, rng, actions)
    if "accept" in kinds or "call" in kinds:
        return response(seen, actions)
    if "roll" in kinds:
        return kids_roll(seen, actions)
    return actions[0]
