"""The table as a Bare Bones bot's seat sees it, and what cards, coins and dice are worth
to it: the reading both levels share (games/bare_bones/basic.py, strong.py).

Everything here reads the seat's `Seen` only (its view, its events, its legal items):
never another seat's hand or any draw pile's order. It values everything in points, a
coin being worth a number of points that falls as the game nears its end (`coin_value`:
early coins buy cards that score for many turns; on the last turn they only buy Final
Point Values).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from games.core.bots import Seen

from .data import (
    ACTION_CARDS,
    FACES,
    FINAL_POINT_VALUE,
    HAND_SIZE,
    STARTING_DECK,
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

    def die_mean(self, colour: str, conversion: str | None = None,
                 cv: float | None = None) -> float:
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



# --- what a card is worth in the deck ---------------------------------------------------

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
