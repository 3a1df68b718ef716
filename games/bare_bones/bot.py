"""Bots for Bare Bones (issues #17, #34): `BOTS = {"basic": basic, "strong": strong}`.

The basic bot plays from what its seat may see (`games.core.bots.Seen`: its view, its
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
from itertools import combinations, product
from typing import Any

from games.core.bots import Rng, Seen
from games.core.legal import expand

from .data import (
    ACTION_CARDS,
    COLOURS,
    DICE_PER_COLOUR,
    FACES,
    FINAL_POINT_VALUE,
    HAND_SIZE,
    MAX_DICE,
    STARTING_DECK,
    cost,
    is_dice_card,
    stack_of,
)
from .doubling import DOUBLING
from .state import Die

JSON = Any
Action = dict[str, JSON]
HOT_POTATO_PENALTY = ACTION_CARDS["hot_potato"].param("penalty")
SAMPLES = 40
"""Dice samples per doubling card when valuing it before the roll."""

# What an Action Card adds, in points, each time it shows up in a hand (for buying and
# drafting; a rough reading of the cards, not a rule; tuned in self-play).
ACTION_WORTH: dict[str, float] = {
    "greed": 10.0, "full_house": 10.0, "odds_or_evens": 9.0, "pairs": 8.0,
    "color_cubed": 7.0, "triplets": 6.0, "run": 6.0, "rainbow": 6.0, "joyride": 6.0,
    "mimic": 6.0, "double_up": 5.0, "re_re_roll": 4.0, "hot_potato": 4.0,
    "cant_touch_this": 3.0, "point_pro": 2.0, "straight_cash": 2.0, "yard_sale": 2.0,
    "swap_meet": 2.0, "keep_the_change": 1.0, "loan_shark": 0.0,
}
DOUBLERS, DRAWS_NOW = frozenset(DOUBLING), ("color_cubed", "rainbow", "run", "triplets")


# --- the table as this seat sees it -----------------------------------------------------

def coin_value(turns_left: int) -> float:
    """Points a coin is worth when `turns_left` of the seat's turns follow this one."""
    return min(1.0, 0.6 + 0.05 * turns_left)


class Table:
    """The facts the bot reads from its Seen, computed once per decision."""

    def __init__(self, seen: Seen) -> None:
        view = seen.view
        self.seen = seen
        self.view = view
        self.me = seen.seat
        self.turn: Mapping[str, JSON] = view.get("turn") or {}
        self.hand: list[str] = list(view.get("hand") or ())
        self.seat_view: Mapping[str, JSON] = view["seats"][self.me]
        self.rounds: int = view["rounds"]
        current = view.get("round")
        if view.get("phase") == "draft" or current is None:
            self.turns_left = self.rounds
        else:
            mine = view.get("active") == self.me
            self.turns_left = self.rounds - current if mine else self.rounds - current + 1
        self.cv = coin_value(self.turns_left)
        self.play_area = [p for p in self.seat_view["play_area"]]
        self.in_play = [p["card"] for p in self.play_area]
        self.blocked = set(self.turn.get("blocked_faces") or ())
        self.units_left: int = self.turn.get("action_units_left", 5)

    # dice values
    def conversion(self) -> str | None:
        if "point_pro" in self.in_play:
            return "point_pro"
        if "straight_cash" in self.in_play:
            return "straight_cash"
        return None

    def die_mean(self, colour: str, conversion: str | None = None, cv: float | None = None) -> float:
        """A die's expected worth in points (blocked numbers score nothing)."""
        faces = FACES[colour]
        mean = sum(f for f in faces if f not in self.blocked) / len(faces)
        return mean * self.weight(colour, conversion, cv)

    def weight(self, colour: str, conversion: str | None, cv: float | None = None) -> float:
        cv = self.cv if cv is None else cv
        if colour == "white":
            return 1.0 if conversion == "point_pro" else cv
        return cv if conversion == "straight_cash" else 1.0

    def doubling_card(self) -> str | None:
        return next((c for c in self.in_play if c in DOUBLERS), None)

    def dice_value(self, dice: Sequence[Die], card: str | None = None,
                   conversion: str | None = None) -> float:
        """What rolled dice are worth, scored as well as the doubling card allows."""
        options = DOUBLING[card](dice) if card else []
        if not options:
            return sum(self._face(d, 1) * self.weight(d.colour, conversion) for d in dice)
        best = None
        for option in options:
            total = 0.0
            for i, d in enumerate(dice):
                if i in option.removed:
                    continue
                total += self._face(d, 2 if i in option.doubled else 1) * self.weight(
                    d.colour, conversion)
            best = total if best is None else max(best, total)
        return best or 0.0

    def _face(self, die: Die, times: int) -> int:
        return 0 if die.face in self.blocked else die.face * times

    # the deck
    def my_cards(self) -> list[str]:
        """The cards this seat owns, from the public events (and its own view)."""
        return owned_from_events(self.seen.events, self.me, self.view["players"])

    def card_worth(self, card: str, cv: float) -> float:
        """What a card adds each time it is in a hand."""
        if is_dice_card(card):
            faces = FACES[card]
            return sum(faces) / len(faces) * (cv if card == "white" else 1.0)
        return ACTION_WORTH.get(stack_of(card), 1.0)


def owned_from_events(events: Sequence[Mapping[str, JSON]], seat: int, players: int) -> list[str]:
    """The starting deck, plus drafted, bought and swapped-in cards, less the cards
    returned to the supply, plus Hot Potatoes placed on this seat (all public)."""
    cards = Counter(STARTING_DECK)
    for event in events:
        kind, data = event.get("type"), event.get("data") or {}
        if kind in ("card_drafted", "card_bought", "swap_taken") and data.get("seat") == seat:
            cards[data["card"]] += 1
        elif kind == "card_returned" and data.get("seat") == seat:
            cards[data["card"]] -= 1
        elif kind == "card_played" and data.get("seat") == seat and data.get("returned"):
            cards[data["returned"]] -= 1
        elif kind == "hot_potato_placed" and data.get("onto") is not None:
            if data.get("seat") == seat:
                cards["hot_potato"] -= 1
            if data.get("onto") == seat:
                cards["hot_potato"] += 1
    return [c for c, n in cards.items() for _ in range(max(0, n))]


# --- buying and drafting ------------------------------------------------------------------

def card_values(table: Table, cards: Sequence[str], turns_after: int) -> dict[str, float]:
    """`values_in_deck`, a card showing up in HAND_SIZE / (deck + 1) of the hands left."""
    deck = table.my_cards()
    appearances = min(1.0, HAND_SIZE / (len(deck) + 1)) * turns_after
    return values_in_deck(table, cards, turns_after, deck, appearances)


def values_in_deck(table: Table, cards: Sequence[str], turns_after: int, deck: list[str],
                   appearances: float) -> dict[str, float]:
    """Each card's value if it joins `deck` now: its Final Point Value (less 15 for a Hot
    Potato) plus, for each of the `appearances` hands it shows up in, what it adds over
    the deck's average card (Action Cards crowd each other for the Action Units)."""
    cv_future = coin_value(max(0, turns_after - 1) // 2 + 1) if turns_after else 0.6
    worth = [table.card_worth(c, cv_future) for c in deck]
    average = sum(worth) / len(worth) if worth else 2.0
    actions = sum(1 for c in deck if not is_dice_card(c))
    doublers = sum(1 for c in deck if c in DOUBLERS)
    out = {}
    for card in cards:
        worth_now = table.card_worth(card, cv_future)
        if not is_dice_card(card):
            crowd = 1 + 0.5 * actions + (doublers if stack_of(card) in DOUBLERS else 0)
            worth_now /= crowd
        value = FINAL_POINT_VALUE.get(card, 0) + appearances * (worth_now - average)
        if card == "hot_potato":
            value -= HOT_POTATO_PENALTY
        if card == "loan_shark":
            value = min(value, -1.0)
        out[card] = value
    return out


def best_purchase(items: Sequence[tuple[str, int, float]], coins: int) -> list[str]:
    """The set of cards (one per stack) with the greatest total value within the coins:
    a knapsack, solved exactly (a few items, a few dozen coins)."""
    best: dict[int, tuple[float, tuple[str, ...]]] = {0: (0.0, ())}
    by_stack: dict[str, list[tuple[str, int, float]]] = {}
    for item in items:
        if item[2] > 0 and item[1] <= coins:
            by_stack.setdefault(stack_of(item[0]), []).append(item)
    for group in by_stack.values():
        new = dict(best)
        for spent, (value, chosen) in best.items():
            for card, price, worth in group:
                total = spent + price
                if total <= coins and (total not in new or new[total][0] < value + worth):
                    new[total] = (value + worth, chosen + (card,))
        best = new
    return list(max(best.values(), key=lambda v: v[0])[1])


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


# --- playing cards -----------------------------------------------------------------------------

def dice_pool(table: Table, extra: Sequence[str] = ()) -> list[str]:
    """The colours the turn will likely roll: Dice Cards in play and in hand, best six."""
    colours = [p["colour"] for p in table.play_area if p.get("colour")]
    colours += [c for c in table.hand if is_dice_card(c)] + list(extra)
    colours.sort(key=lambda c: -table.die_mean(c))
    return colours[:MAX_DICE]


def sample_dice(colours: Sequence[str], rng: Rng) -> list[Die]:
    out = []
    for colour in colours:
        faces = FACES[colour]
        out.append(Die(colour=colour, face=faces[rng.below(len(faces))]))  # type: ignore[arg-type]
    return out


def doubling_gain(table: Table, card: str, rng: Rng) -> float:
    """What a doubling card adds to this turn's dice, by sampling them."""
    pool = dice_pool(table)
    if card == "rainbow":
        pool = list(dict.fromkeys(pool))
    if card == "full_house":
        pool = (pool + ["blue"] * 5)[:max(5, len(pool))]
    if not pool:
        return 0.0
    base = sum(table.die_mean(c) for c in pool)
    total = 0.0
    for _ in range(SAMPLES):
        value = table.dice_value(sample_dice(pool, rng), card)
        if card == "full_house":   # a second roll of the dice that missed
            value = max(value, table.dice_value(sample_dice(pool, rng), card))
        total += value
    gain = total / SAMPLES - (sum(table.die_mean(c) for c in dice_pool(table))
                              if card == "full_house" else base)
    return gain + (2.0 if card in DRAWS_NOW else 0.0)


def dice_count(table: Table) -> int:
    return len([p for p in table.play_area if p.get("colour")])


def potential_dice(table: Table) -> int:
    return dice_count(table) + sum(1 for c in table.hand if is_dice_card(c))


def swap_plan(table: Table, value_so_far: int, include_hand: Sequence[str]) -> tuple[float, list[str], str | None]:
    """Swap Meet: the best (gain, cards to return, card to take) from the cards that are
    cheap to give up (Hot Potatoes, Action Cards, and White cards near the end)."""
    candidates = [c for c in include_hand if c == "hot_potato"
                  or (not is_dice_card(c) and c != "swap_meet")
                  or (c == "white" and table.turns_left <= 2)
                  or (c == "blue" and table.turns_left <= 4)]
    keep_worth = {c: (-HOT_POTATO_PENALTY if c == "hot_potato" else
                      table.die_mean(c) + FINAL_POINT_VALUE.get(c, 0) if is_dice_card(c)
                      else 0.5) for c in candidates}
    supply = [s["card"] for s in table.view["supply"] if s["count"] > 0 and is_dice_card(s["card"])]
    best: tuple[float, list[str], str | None] = (0.0, [], None)
    subsets = [list(s) for k in range(len(candidates) + 1)
               for s in combinations(candidates, k)][:64]
    for target in supply:
        need = cost(target) - value_so_far
        worth = (FINAL_POINT_VALUE[target] + table.die_mean(target)
                 + 0.3 * table.turns_left * table.die_mean(target))
        for subset in subsets:
            if sum(cost(c) for c in subset) < need:
                continue
            gain = worth - sum(keep_worth[c] for c in subset)
            if gain > best[0]:
                best = (gain, subset, target)
    return best


def action_value(table: Table, action: Action, rng: Rng) -> float:
    """What playing an Action Card now is worth, in points."""
    card = stack_of(action["card"])
    dice_now, dice_max = dice_count(table), potential_dice(table)
    if card == "greed":
        return 6.0
    if card == "hot_potato":
        return 20.0 if table.view["players"] > 1 else -1.0
    if card in DOUBLERS:
        return doubling_gain(table, card, rng)
    if card == "double_up":
        pool = dice_pool(table)
        if not pool:
            return 0.0
        top = sorted((table.die_mean(c) for c in pool), reverse=True)
        return 2 * sum(top[:2]) - sum(top) - 0.5
    if card == "joyride":
        return 3.0 if dice_max < MAX_DICE else 0.2
    if card == "mimic":
        if dice_max >= MAX_DICE or not dice_now:
            return 0.0
        return table.die_mean(action["copy"])
    if card == "re_re_roll":
        return 2.0 if dice_max else 0.0
    if card == "cant_touch_this":
        return 1.0
    whites = sum(1 for c in dice_pool(table) if c == "white")
    points = sum(table.die_mean(c) for c in dice_pool(table) if c != "white")
    if card == "point_pro":
        return whites * 3.33 * (1 - table.cv) - 0.1
    if card == "straight_cash":
        return points * (table.cv - 1) - 0.1 if table.turns_left >= 8 else -1.0
    if card == "keep_the_change":
        return 0.3 if table.turns_left > 0 else -1.0
    if card == "yard_sale":
        return yard_sale_gain(table, action["returned"])
    if card == "swap_meet":
        rest = [c for c in table.hand if c != "swap_meet"]
        return swap_plan(table, 0, rest)[0] - 1.0
    return -1.0   # loan_shark: a loan costs 2 points a coin left unpaid; never taken


def yard_sale_gain(table: Table, card: str) -> float:
    coins = max(0, cost(card) - 1) * table.cv
    if card == "hot_potato":
        return coins + HOT_POTATO_PENALTY
    if card in ("yard_sale",):
        return -1.0
    if not is_dice_card(card):
        return coins - 2.0 - ACTION_WORTH.get(stack_of(card), 1.0) * 0.3 * table.turns_left
    keep = (table.die_mean(card) + FINAL_POINT_VALUE[card]
            + 0.3 * table.turns_left * table.die_mean(card, cv=coin_value(table.turns_left // 2)))
    return coins - keep


PLAY_ORDER = ("hot_potato", "greed", *DRAWS_NOW, "swap_meet", "yard_sale", "full_house")


def play(table: Table, actions: list[Action], rng: Rng) -> Action:
    kinds = {a["type"] for a in actions}
    if "draw_red" in kinds:
        return {"type": "draw_red"}
    plays = [a for a in actions if a["type"] == "play_card"]
    action_plays = [a for a in plays if not is_dice_card(a["card"])
                    and stack_of(a["card"]) != "loan_shark"]
    # the best Action Card of each name, then the set that fits the Action Units
    best_of: dict[str, tuple[float, Action]] = {}
    for a in action_plays:
        value = action_value(table, a, rng)
        name = stack_of(a["card"])
        if name not in best_of or value > best_of[name][0]:
            best_of[name] = (value, a)
    chosen = plan_units(table, best_of)
    for name in PLAY_ORDER:
        if name in chosen:
            return chosen[name]
    dice_plays = [a for a in plays if is_dice_card(a["card"])]
    if dice_plays and dice_count(table) < MAX_DICE:
        return max(dice_plays, key=lambda a: table.die_mean(a["card"]))
    for name in ("joyride", "mimic"):
        if name in chosen:
            return chosen[name]
    if chosen:
        return max(chosen.values(), key=lambda a: best_of[stack_of(a["card"])][0])
    return {"type": "stop_playing"}


def plan_units(table: Table, best_of: Mapping[str, tuple[float, Action]]) -> dict[str, Action]:
    """The Action Cards worth playing that fit the Action Units left (at most one Point
    Pro or Straight Cash), by total value."""
    names = [n for n, (v, _) in best_of.items() if v > 0]
    best: tuple[float, tuple[str, ...]] = (0.0, ())
    for k in range(1, min(len(names), 5) + 1):
        for group in combinations(names, k):
            if sum(ACTION_CARDS[n].units for n in group) > table.units_left:
                continue
            if "point_pro" in group and "straight_cash" in group:
                continue
            if sum(1 for n in group if n in DOUBLERS) > 1:
                continue
            value = sum(best_of[n][0] for n in group)
            if value > best[0]:
                best = (value, group)
    return {n: best_of[n][1] for n in best[1]}


# --- swap meet, joyride ---------------------------------------------------------------------------

def swap(table: Table, actions: list[Action]) -> Action:
    value = table.turn.get("swap_value", 0)
    _gain, returns, target = swap_plan(table, value, table.hand)
    takes = {a["card"] for a in actions if a["type"] == "swap_take"}
    if target is not None and not returns and target in takes:
        return {"type": "swap_take", "card": target}
    if target is not None and returns:
        return {"type": "swap_return", "card": returns[0]}
    if takes:   # something is already paid for: take the best of it
        card = max(takes, key=lambda c: (FINAL_POINT_VALUE.get(c, 0) + table.die_mean(c)
                                         if is_dice_card(c) else 0.0, cost(c)))
        return {"type": "swap_take", "card": card}
    return {"type": "swap_finish"}


def borrow(table: Table, actions: list[Action]) -> Action:
    return max(actions, key=lambda a: table.die_mean(a["card"]))


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


from .strong import strong  # last: the strong level builds on the names above

BOTS = {"basic": basic, "strong": strong}
