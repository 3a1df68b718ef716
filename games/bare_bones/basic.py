"""The basic Bare Bones bot (issue #17).

It plays from what its seat may see (`games.core.bots.Seen`: its view, its
events, its legal items) and the Rng it is given; it never sees another seat's hand or
any draw pile's order. It values everything in points, a coin being worth a number of
points that falls as the game nears its end (`coin_value`: early coins buy cards that
score for many turns; on the last turn they only buy Final Point Values):

- draft and buy: the cards with the best value for their cost (a knapsack over the
  coins, one card a stack), a card's value being its Final Point Value plus what it adds
  each time it shows up in a hand over the turns left, against the deck's average card;
  Hot Potato never (-15 points);
- play: Red's draw, a Hot Potato (draw 2, then onto an opponent's draw pile), Greed,
  then the Action Cards that pay most within the 5 Action Units (a doubling card valued
  by sampling the turn's dice), Swap Meet or Yard Sale when what comes back is worth
  more than what goes, every Dice Card that adds a die, Joyride and Mimic for a die more;
- roll: the highest-valued dice the legal choice allows; re-roll when the expected
  value after the re-roll (exact over the faces, or sampled for Full House) is higher;
- choose: the scoring choice worth the most (points, plus coins at their value);
- bonus match whenever it can (one extra card next turn for a card it plays anyway).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from itertools import product
from typing import Any

from games.core.bots import Rng, Seen
from games.core.legal import expand

from .bot_cards import borrow, play, swap
from .bot_table import SAMPLES, Action, Table, best_purchase, card_values
from .data import COLOURS, DICE_PER_COLOUR, FACES, cost
from .state import Die

JSON = Any


# --- buying and drafting ------------------------------------------------------------------

def buy(table: Table, actions: list[Action]) -> Action:
    buys = [a for a in actions if a["type"] == "buy"]
    coins = table.turn.get("coins", 0)
    values = card_values(table, [a["card"] for a in buys], table.turns_left)
    chosen = best_purchase([(a["card"], cost(a["card"]), values[a["card"]]) for a in buys], coins)
    if chosen:
        card = max(chosen, key=lambda c: (values[c], cost(c)))
        return {"type": "buy", "card": card}
    return {"type": "end_buying"}


def draft(table: Table, actions: list[Action]) -> Action:
    values = card_values(table, [a["card"] for a in actions], table.rounds)
    return max(actions, key=lambda a: values[a["card"]])


# --- rolling and re-rolling ---------------------------------------------------------------------

def roll(table: Table, items: Sequence[Mapping[str, JSON]]) -> Action:
    """The choice whose best dice are worth the most: within a choice, the dice of the
    highest worth, as many as it allows."""
    conversion = table.conversion()
    best: tuple[float, Action] | None = None
    for item in items:
        if item.get("type") != "roll":
            continue
        if "choose" not in item:
            candidate, dice = dict(item), item.get("supply_dice") or []
        else:
            domain = item["choose"]["supply_dice"]
            ranked = sorted(domain["of"], key=lambda n: -table.die_mean(
                COLOURS[n // DICE_PER_COLOUR], conversion))
            dice = sorted(ranked[:domain["max_size"]], key=list(domain["of"]).index)
            excluded = [list(x) for x in domain.get("excluded", [])]
            if dice in excluded or len(dice) < domain["min_size"]:
                continue
            candidate = {"type": "roll", "supply_dice": dice}
        worth = sum(table.die_mean(COLOURS[n // DICE_PER_COLOUR], conversion) for n in dice)
        worth += 0.01 * len(dice)
        if best is None or worth > best[0]:
            best = (worth, candidate)
    if best is None:
        return fallback(items)
    return best[1]


def current_dice(table: Table) -> list[Die]:
    return [Die(colour=d["colour"], face=d["face"]) for d in table.turn.get("dice") or ()]


def expected_after(table: Table, dice: list[Die], indices: Sequence[int], card: str | None,
                   conversion: str | None, rng: Rng, limit: int = 216) -> float:
    """The expected worth of the dice once `indices` are re-rolled: exact over the faces
    when that is small, else sampled."""
    faces = [Counter(FACES[dice[i].colour]) for i in indices]
    size = 1
    for f in faces:
        size *= len(f)
    if size <= limit:
        total = 0.0
        for combo in product(*(list(f.items()) for f in faces)):
            new = list(dice)
            weight = 1.0
            for i, (face, n) in zip(indices, combo):
                new[i] = Die(colour=dice[i].colour, face=face)
                weight *= n / 6
            total += weight * table.dice_value(new, card, conversion)
        return total
    total = 0.0
    for _ in range(SAMPLES * 2):
        new = list(dice)
        for i in indices:
            fs = FACES[dice[i].colour]
            new[i] = Die(colour=dice[i].colour, face=fs[rng.below(len(fs))])
        total += table.dice_value(new, card, conversion)
    return total / (SAMPLES * 2)


def full_house_candidates(dice: list[Die]) -> list[list[int]]:
    """Re-roll sets worth trying: keep up to three of one number and two of another (or
    just the three), re-roll the rest."""
    faces: dict[int, list[int]] = {}
    for i, d in enumerate(dice):
        faces.setdefault(d.face, []).append(i)
    out: list[list[int]] = []
    for a, ia in faces.items():
        for b, ib in list(faces.items()) + [(None, [])]:
            if b == a:
                continue
            keep = set(ia[:3]) | set(ib[:2])
            rest = [i for i in range(len(dice)) if i not in keep]
            if rest and rest not in out:
                out.append(rest)
    return out


def reroll(table: Table, actions: list[Action], items: Sequence[Mapping[str, JSON]],
           rng: Rng) -> Action:
    dice = current_dice(table)
    card = table.doubling_card()
    conversion = table.conversion()
    keep_value = table.dice_value(dice, card, conversion)
    best: tuple[float, Action] = (keep_value + 0.05, {"type": "keep_dice"})
    for a in actions:
        if a["type"] == "reroll_die":
            value = expected_after(table, dice, [a["die"]], card, conversion, rng)
        elif a["type"] == "reroll_green":
            greens = [i for i, d in enumerate(dice) if d.colour == "green"]
            value = expected_after(table, dice, greens, card, conversion, rng, limit=4096)
        else:
            continue
        if value > best[0]:
            best = (value, a)
    for item in items:
        if item.get("type") == "reroll_full_house" and "choose" in item:
            domain = item["choose"]["dice"]
            for rest in full_house_candidates(dice):
                if not set(rest) <= set(domain["of"]) or not (
                        domain["min_size"] <= len(rest) <= domain["max_size"]):
                    continue
                value = expected_after(table, dice, rest, card, conversion, rng)
                if value > best[0]:
                    best = (value, {"type": "reroll_full_house", "dice": sorted(rest)})
    return best[1]


def choose_scoring(table: Table, actions: list[Action]) -> Action:
    def key(a: Mapping[str, JSON]) -> str:
        return repr(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in a.items()))
    worth = {}
    for choice in table.turn.get("scoring_choices") or ():
        worth[key(choice["action"])] = choice["points"] + table.cv * choice["coins"]
    return max(actions, key=lambda a: worth.get(key(a), float("-inf")))


# --- the end of a turn ----------------------------------------------------------------------------

def place_potato(table: Table, actions: list[Action]) -> Action:
    """Onto the draw pile of the opponent doing best (never the bot's own pile)."""
    seats = table.view["seats"]
    others = [a for a in actions if a.get("onto") is not None]
    if not others:
        return actions[0]
    return max(others, key=lambda a: (seats[a["onto"]]["score"]
                                      + seats[a["onto"]]["final_point_value"], -a["onto"]))


def bonus_match(table: Table, actions: list[Action]) -> Action:
    matches = [a for a in actions if a["type"] == "bonus_match"]
    if matches:
        return min(matches, key=lambda a: table.die_mean(a["card"]))
    return {"type": "end_matching"}


# --- the policy ---------------------------------------------------------------------------------

def fallback(items: Sequence[Mapping[str, JSON]]) -> Action:
    """The first concrete action the items allow."""
    for item in items:
        for action in expand(item):
            return action
    raise ValueError("no legal action")


def allowed(action: Mapping[str, JSON], items: Sequence[Mapping[str, JSON]]) -> bool:
    """Whether one of the legal items allows the action (without expanding big choices)."""
    for item in items:
        if "choose" not in item:
            if dict(item) == dict(action):
                return True
            continue
        fixed = {k: v for k, v in item.items() if k != "choose"}
        if any(action.get(k) != v for k, v in fixed.items()):
            continue
        if set(action) != set(fixed) | set(item["choose"]):
            continue
        ok = True
        for name, domain in item["choose"].items():
            value = action[name]
            if "of" in domain:
                of = list(domain["of"])
                if (not isinstance(value, list) or len(set(value)) != len(value)
                        or any(v not in of for v in value)
                        or value != sorted(value, key=of.index)
                        or not domain["min_size"] <= len(value) <= domain["max_size"]
                        or value in [list(x) for x in domain.get("excluded", [])]):
                    ok = False
            elif not (isinstance(value, int) and domain["minimum"] <= value <= domain["maximum"]):
                ok = False
        if ok:
            return True
    return False


def basic(seen: Seen, rng: Rng) -> Action:
    """The basic Bare Bones bot (see the module's docstring). It never resigns (Ruling:
    `Seen` lists no `resign`)."""
    items = list(seen.legal)
    if not items:
        raise ValueError("the seat has nothing to do")
    table = Table(seen)
    kind = seen.view.get("phase")
    concrete = [dict(i) for i in items if "choose" not in i]
    if kind == "draft":
        action = draft(table, concrete)
    elif kind == "play":
        action = play(table, concrete, rng)
    elif kind == "swap_meet":
        action = swap(table, concrete)
    elif kind == "joyride":
        action = borrow(table, concrete)
    elif kind == "roll":
        action = roll(table, items)
    elif kind == "reroll":
        action = reroll(table, concrete, items, rng)
    elif kind == "choose":
        action = choose_scoring(table, concrete)
    elif kind == "buy":
        action = buy(table, concrete)
    elif kind == "hot_potato":
        action = place_potato(table, concrete)
    elif kind == "bonus_match":
        action = bonus_match(table, concrete)
    else:
        action = fallback(items)
    return action if allowed(action, items) else fallback(items)
