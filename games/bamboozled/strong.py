"""Bamboozled's strong bot: a model of each other seat, and the round solved against it.

The bot reads only its `Seen`, as `basic` does (games/bamboozled/basic.py). Every strike
comes from a call, so it values each move by the chance it takes the round's strike (with
two players left, its strike or the other's: their difference), computed exactly over the
36 rolls against a model of the other seats learnt from what they showed:

- **How a seat declares** (the chance a declaration is true): the best reading of its
  dice when that ties or beats the standing score, else a bluff on that score (now and
  then one step higher), mixed with declaring any allowed score at random; the mix is
  the seat's share of declarations unlike the model among those a call revealed
  (`bot.odd_share`). The posterior of a declaration then follows by Bayes' rule.
- **How a seat answers** (the chance it calls): `basic`'s rule weighs a call against
  accepting, on how plausible the declaration looks from the declarer's revealed
  history. The seat's chance to call where that rule calls, and where it accepts, are
  learnt (Beta posteriors) from the answers the seat gave so far, so a seat that calls
  more or less than the rule is taken as it plays.
- **The round**: with two players left, the chance of taking the strike when rolling
  against each standing score, and when the other seat rolls against it, is solved from
  the highest score down (a tie leads back to the same score: a few sweeps settle it),
  the bot choosing at each step the declaration or answer that loses least. With more
  players a declaration accepted passes the round on, so a declaration costs only the
  chance it is called as a bluff.
- **Moves**: each legal declaration (a bluff, the truth or an after-roll card), and each
  answer (call, accept, My Bad, Fresh Start, Skip, Reverse) is valued in strikes, a card
  spent costing what `basic` says it is worth, a bamboozle earning a draw; the least
  loss is played. Revive, discards and the kids rules are `basic`'s.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from games.core.bots import Rng, Seen
from games.core.frozen import frozen_record
from games.core.seats import next_seat

from .basic import (
    BLUFF_STEP_RATE, CARD_VALUE, PRIOR_ODD, PRIOR_SENSIBLE, accept_value, active_count,
    after_roll_cards, basic, best_reading, call_value, hand, match_chance, odd_share,
    of_type, truth_chance, unlike_model, you,
)
from .cards import backed_scores, card_problem, card_uses
from .data import CARD_COUNTS, SCORES, rank, readings

JSON = Any
# Every standing score, lowest first: 0 (a round's start), then the 36 scores.
LEVELS: tuple[int, ...] = (0, *SCORES)
INDEX: dict[int, int] = {score: i for i, score in enumerate(LEVELS)}
# The 21 different rolls, each with its chance (a pair of different faces: 2/36).
ROLLS: tuple[tuple[tuple[int, int], float], ...] = tuple(
    ((a, b), (1 if a == b else 2) / 36) for a in range(1, 7) for b in range(a, 7))
# Priors of how a seat answers, as pseudo-counts (calls, answers): where basic's rule
# calls, and where it accepts. Light, so a few answers outweigh them: a game of three
# strikes shows only a handful. (Measured over 200 two-seat games: priors of 9/10 and
# 1/10 won 94% against basic but 79% against a seat that calls everything; these, 91%
# and 93.5%.)
PRIOR_RULE_CALLS = (4.0, 5.0)
PRIOR_RULE_ACCEPTS = (1.0, 4.0)
# What a card drawn for a bamboozle is worth, in strikes: a card's worth (basic's), on
# average over the deck.
DRAW_VALUE = (sum(CARD_VALUE[name] * count for name, count in CARD_COUNTS)
              / sum(count for _, count in CARD_COUNTS))
# Sweeps of a score's tie (a declaration that ties leads back to the same score).
TIE_SWEEPS = 4


def allowed(t: int) -> range:
    """The indices of the scores a roller may declare against LEVELS[t]."""
    return range(max(t, 1), len(LEVELS))


# --- how a seat declares -------------------------------------------------------------------

@lru_cache(maxsize=4096)
def declared(t: int, odd: float) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """P(declares LEVELS[s] and it is true), P(declares it as a bluff), for every s, of a
    seat rolling against LEVELS[t] that declares as modelled with the share `odd` at
    random."""
    true_ = [0.0] * len(LEVELS)
    bluff = [0.0] * len(LEVELS)
    scores = allowed(t)
    for dice, p in ROLLS:
        shown = readings(dice)
        best = best_reading(dice)
        if rank(best) >= rank(LEVELS[t]):
            true_[INDEX[best]] += (1 - odd) * p
        else:
            step = min(t + 1, len(LEVELS) - 1)
            bluff[t] += (1 - odd) * p * (1 - BLUFF_STEP_RATE)
            bluff[step] += (1 - odd) * p * BLUFF_STEP_RATE
        for s in scores:
            share = odd * p / len(scores)
            if LEVELS[s] in shown:
                true_[s] += share
            else:
                bluff[s] += share
    return tuple(true_), tuple(bluff)


def posterior(t: int, s: int, odd: float) -> float:
    """The chance a declaration of LEVELS[s] against LEVELS[t] is true."""
    true_, bluff = declared(t, odd)
    total = true_[s] + bluff[s]
    return true_[s] / total if total > 0 else 0.0


# --- how a seat answers --------------------------------------------------------------------

@lru_cache(maxsize=65536)
def rule_calls(t: int, s: int, odd_declarer: float) -> bool:
    """Basic's rule: does it call a declaration of LEVELS[s] against LEVELS[t], by how
    plausible it looks from the declarer's revealed habits `odd_declarer`?"""
    standing, score = LEVELS[t], LEVELS[s]
    truth = truth_chance(standing, score, odd_declarer)
    return call_value(truth) > accept_value(truth, match_chance(score))


@frozen_record
class Answers:
    """How one seat answers: its chance to call where basic's rule calls, and where the
    rule accepts (Beta posteriors over the answers it gave)."""

    where_rule_calls: float
    where_rule_accepts: float

    def call_chance(self, t: int, s: int, odd_declarer: float) -> float:
        if rule_calls(t, s, odd_declarer):
            return self.where_rule_calls
        return self.where_rule_accepts


def answers(seen: Seen) -> dict[int, Answers]:
    """Per seat, how it answered the declarations seen (calls, My Bad included, and
    accepts), split by what basic's rule would have done then (the declarer's revealed
    habits as they stood)."""
    standing: dict[int, int] = {}
    habits: dict[int, list[float]] = {}   # per declarer: odd and sensible declarations
    counts: dict[int, list[float]] = {}   # calls and answers where the rule calls, accepts
    for event in seen.events:
        data = event.get("data") or {}
        kind = event.get("type")
        if kind == "dice_rolled":
            standing[int(data.get("seat", -1))] = int(data.get("against") or 0)
        elif kind in ("declaration_accepted", "bluff_called"):
            declarer, score = int(data.get("declarer", -1)), int(data.get("score") or 0)
            if score not in INDEX or declarer < 0:
                continue
            odd, sensible = habits.setdefault(declarer, [PRIOR_ODD, PRIOR_SENSIBLE])
            t = INDEX.get(standing.get(declarer, 0), 0)
            column = 0 if rule_calls(t, INDEX[score], round(odd / (odd + sensible), 2)) else 2
            tally = counts.setdefault(int(data.get("seat", -1)), [0.0] * 4)
            tally[column] += kind == "bluff_called"
            tally[column + 1] += 1
            unlike = unlike_model(data, standing.get(declarer, 0))
            if unlike is not None:
                habits[declarer][0 if unlike else 1] += 1
    return {seat: answers_of(tally) for seat, tally in counts.items()}


def answers_of(tally: list[float]) -> Answers:
    calls, n = PRIOR_RULE_CALLS
    accepts, m = PRIOR_RULE_ACCEPTS
    return Answers(round((calls + tally[0]) / (n + tally[1]), 2),
                   round((accepts + tally[2]) / (m + tally[3]), 2))


# --- the round, solved against the model ---------------------------------------------------

@frozen_record
class Plan:
    """Per standing score: the chance the bot takes the round's strike when it rolls
    against it (`rolling`) and when the other seat rolls against it (`waiting`)."""

    rolling: tuple[float, ...]
    waiting: tuple[float, ...]


def roll_loss(t: int, calls: list[float], waiting: list[float], cards: tuple[str, ...]) -> float:
    """The chance of the strike when rolling against LEVELS[t], each roll declared at
    its least loss: the truth, an after-roll card, or the best bluff."""
    scores = allowed(t)
    kept = {s: (1 - calls[s]) * waiting[s] for s in scores}
    bluff = min(kept[s] + calls[s] for s in scores)
    uses = card_uses(cards)
    total = 0.0
    for dice, p in ROLLS:
        loss = bluff
        for score in readings(dice):
            if score in INDEX and INDEX[score] in kept:
                loss = min(loss, kept[INDEX[score]])
        for use in uses:
            if card_problem(dice, use) is None:
                for score in backed_scores(dice, use):
                    if rank(score) >= rank(LEVELS[t]):
                        loss = min(loss, waiting[INDEX[score]])
        total += p * loss
    return total


def wait_loss(t: int, odd_other: float, rolling: list[float]) -> float:
    """The chance of the strike while the other seat rolls against LEVELS[t] and
    declares to the bot, which calls or accepts, whichever loses less."""
    true_, bluff = declared(t, odd_other)
    return sum(min(true_[s], (true_[s] + bluff[s]) * rolling[s]) for s in allowed(t))


@lru_cache(maxsize=512)
def plan(duel: bool, odd_me: float, odd_other: float, answerer: Answers,
         cards: tuple[str, ...]) -> Plan:
    """The round solved from the highest score down (see the module's docstring)."""
    n = len(LEVELS)
    rolling, waiting = [0.5] * n, [0.0] * n
    for t in range(n - 1, -1, -1):
        calls = [answerer.call_chance(t, s, odd_me) if s >= max(t, 1) else 0.0
                 for s in range(n)]
        rolling[t] = rolling[t + 1] if t + 1 < n else 0.5
        for _ in range(TIE_SWEEPS if duel else 1):
            if duel:
                waiting[t] = wait_loss(t, odd_other, rolling)
            rolling[t] = roll_loss(t, calls, waiting, cards)
    return Plan(tuple(rolling), tuple(waiting))


# --- choosing a move -----------------------------------------------------------------------

@frozen_record
class Table:
    """What the bot reads off its Seen for one decision."""

    duel: bool
    plan: Plan
    standing: int          # index of the score to tie or beat
    odd: Mapping[int, float]   # each other seat's share of odd declarations
    odd_me: float          # the bot's, as the other seats can judge it
    answerer: Answers      # how the seat that answers the bot answers


def table(seen: Seen) -> Table:
    """The models and the round solved for one decision (the next seat answers the
    bot's declarations)."""
    answering = answerer(seen)
    others = [s["seat"] for s in seen.view.get("seats", ())
              if not s.get("out") and s["seat"] != seen.seat]
    odd = {seat: round(odd_share(seen, seat), 2) for seat in others}
    odd_me = round(odd_share(seen, seen.seat), 2)
    how = answers(seen).get(answering) or answers_of([0.0] * 4)
    duel = active_count(seen) == 2
    other = odd.get(answering, 0.25)
    cards = after_roll_cards(hand(seen))
    standing = INDEX.get(int(seen.view.get("score_to_beat") or 0), 0)
    return Table(duel, plan(duel, odd_me, other, how, cards), standing, odd, odd_me, how)


def answerer(seen: Seen) -> int:
    """The seat that answers the bot's declaration: the next seat still in, in the
    direction of play."""
    active = [s["seat"] for s in seen.view.get("seats", ()) if not s.get("out")]
    direction = -1 if seen.view.get("direction") == "counterclockwise" else 1
    return next_seat(seen.seat, int(seen.view.get("players") or len(active)), active,
                     direction)


def declaration_loss(a: Mapping[str, JSON], tab: Table, dice: tuple[int, int]) -> float:
    """A declaration's loss in strikes (two players: the bot's less the other's)."""
    s = INDEX[int(a["score"])]
    k = 2.0 if tab.duel else 1.0
    called = tab.answerer.call_chance(tab.standing, s, tab.odd_me)
    waiting = tab.plan.waiting[s]
    card = a.get("card")
    if card:
        return (k * waiting + called * CARD_VALUE[card["name"]] - (1 - called) * DRAW_VALUE)
    if int(a["score"]) in readings(dice):
        return k * (1 - called) * waiting - 1e-4 * s
    return k * (called + (1 - called) * waiting) - (1 - called) * DRAW_VALUE


def declare(seen: Seen, actions: list[dict[str, JSON]]) -> dict[str, JSON]:
    dice = tuple(you(seen).get("dice") or ())
    declares = of_type(actions, "declare")
    if len(dice) != 2 or not declares:
        return (of_type(actions, "concede") or actions)[0]
    tab = table(seen)
    pair = (int(dice[0]), int(dice[1]))
    return min(declares, key=lambda a: declaration_loss(a, tab, pair))


def answer_losses(tab: Table, truth: float, s: int) -> dict[str, float]:
    """Each answer's loss in strikes, before a card's worth (two players: the bot's
    strikes less the other's)."""
    rolling, waiting = tab.plan.rolling, tab.plan.waiting
    if tab.duel:
        return {"call": 2 * truth - 1, "accept": 2 * rolling[s] - 1,
                "my_bad": -(1 - truth), "fresh_start": 2 * rolling[0] - 1,
                "skip": 2 * waiting[s] - 1, "reverse": 2 * waiting[s] - 1}
    return {"call": truth, "accept": rolling[s], "my_bad": 0.0,
            "fresh_start": rolling[0], "skip": 0.0, "reverse": 0.0}


def respond(seen: Seen, actions: list[dict[str, JSON]]) -> dict[str, JSON]:
    declared_ = seen.view.get("declaration") or {}
    score, declarer = int(declared_.get("score", 0)), int(declared_.get("seat", -1))
    tab = table(seen)
    s = INDEX[score]
    truth = posterior(tab.standing, s, tab.odd.get(declarer, 0.25))
    losses = answer_losses(tab, truth, s)
    options: list[tuple[float, dict[str, JSON]]] = []
    for a in actions:
        kind = a.get("type")
        if kind in ("call", "accept"):
            options.append((losses[kind], a))
        elif kind == "play_card" and a["card"] in losses:
            options.append((losses[a["card"]] + CARD_VALUE[a["card"]], a))
    return min(options, key=lambda o: o[0])[1]


def strong(seen: Seen, rng: Rng) -> dict[str, JSON]:
    """Declarations and answers by the solved round; everything else as `basic`."""
    chosen = basic(seen, rng)
    if (seen.view.get("options") or {}).get("kids") or chosen.get("type") in (
            "revive", "discard"):
        return chosen
    actions = [a for a in seen.actions() if a.get("type") != "resign"]
    kinds = {a.get("type") for a in actions}
    if "declare" in kinds:
        return declare(seen, actions)
    if "call" in kinds:
        return respond(seen, actions)
    return chosen
