"""The strong Bare Bones bot: `basic`, buying by its own piles, drafting ahead, aiming
its Joyrides, and ending by the Final Point Values its last coins buy.

It reads only its Seen, as `basic` does: its view (its deck and draw pile by card, never
in order: `my_deck`), its events and its legal items. It plays cards, rolls, re-rolls,
matches and places Hot Potatoes as `basic` does; it differs where `basic` guesses what
its own seat can count, or reads less of the table than it may:

- **When a card it buys will show up.** A bought card goes onto the discard pile, so it
  is first drawn after the draw pile runs out. Of the cards its seat draws over the turns
  left (a hand of 5 a turn, plus what its Greed, Color Cubed and Red draw on average),
  the ones drawn from the current draw pile never hold it; the rest come from the
  reshuffled deck, the new card among them. So a card shows up in
  `(cards drawn after the draw pile - its size) / (the deck's size + 1)` hands, not in
  `5 / (deck + 1)` of every turn left as `basic` assumes. Near the end, a card that
  will never be drawn is worth its Final Point Value alone, and coins spent on dice
  that will not be rolled again go to the Final Point Values instead.
- **What an Action Card is worth** when buying and drafting: `basic`'s numbers re-tuned
  in games against `basic` (default set, two seats): Greed 6 (basic 10), Pairs 11 (8).
  This is a re-tuning, not a new idea; its effect was measured (docs/benchmarks.md,
  "Strong against basic"): the worths act as thresholds, a range of values playing
  alike and the next step changing much (Pairs 10-12 alike, 17 losing points; Odds or
  Evens anywhere from 5 to 13 alike, basic's 9 kept; Re-Re-Roll or Double Up at 7 lost
  most games).
- **The draft, planned.** Its remaining picks are planned together, the other seats'
  picks in between taken to be `basic`'s (games/bare_bones/draft_plan.py): at four seats
  a wanted stack runs out, and the plan takes first what will not be there later.
- **Whose hand its Joyride reveals**: the opponent whose hand most likely holds the best
  die, from the public cards (games/bare_bones/other_hands.py); `basic` takes the first.
- **What a coin buys on the last turn.** After its last turn coins are worth nothing but
  the Final Point Values they buy now, a step function of the coins (a knapsack over the
  supply's Dice Cards, one a stack), not `basic`'s flat rate: the scoring choice
  (Pairs, Odds or Evens) is taken by points plus that value.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from games.core.bots import Rng, Seen

from .basic import basic, fallback
from .bot_table import ACTION_WORTH, Action, Table, best_purchase, values_in_deck
from .data import (
    FINAL_POINT_VALUE,
    HAND_SIZE,
    RED_CARDS_PER_DRAW,
    cost,
    is_dice_card,
    stack_of,
)
from .draft_plan import Deck, plan_pick
from .other_hands import joyride_target

JSON = Any
# Extra cards a card draws when it is in a hand (Greed's first copy, Color Cubed; Red:
# one card for every two played), for the cards a turn draws on average.
EXTRA_DRAWS: dict[str, float] = {"greed": 2.0, "color_cubed": 1.0,
                                  "red": 1.0 / RED_CARDS_PER_DRAW}
# What an Action Card adds each time it shows up in a hand: `basic`'s numbers, with
# Greed worth less and Pairs more (re-tuned in games against `basic`).
WORTH: dict[str, float] = {**ACTION_WORTH, "greed": 6.0, "pairs": 11.0}


class StrongTable(Table):
    """`basic`'s Table with the strong level's worth of Action Cards."""

    def card_worth(self, card: str, cv: float) -> float:
        if is_dice_card(card):
            return super().card_worth(card, cv)
        return WORTH.get(stack_of(card), 1.0)


def own_deck(table: Table) -> tuple[dict[str, int], int]:
    """The seat's cards by name and its draw pile's size, from its own view."""
    deck = table.view.get("my_deck") or {}
    owned = dict(deck.get("owned") or {})
    if not owned:
        owned = {}
        for card in table.my_cards():
            owned[card] = owned.get(card, 0) + 1
    return owned, sum((deck.get("draw_pile") or {}).values())


def draws_per_turn(owned: Mapping[str, int]) -> float:
    """Cards a turn draws on average: a hand, plus each drawing card's draws times the
    chance it is in the hand."""
    size = max(1, sum(owned.values()))
    extra = sum(EXTRA_DRAWS.get(stack_of(c), 0.0) * n for c, n in owned.items())
    return HAND_SIZE * (1 + extra / size)


def showings(owned: Mapping[str, int], draw_pile: int, turns_after: int) -> float:
    """Hands a card bought now shows up in over the seat's `turns_after` later turns: the
    cards drawn once the draw pile is spent, over the deck with the card."""
    drawn = draws_per_turn(owned) * turns_after
    return max(0.0, drawn - draw_pile) / (sum(owned.values()) + 1)


def card_values(table: Table, cards: Sequence[str], turns_after: int) -> dict[str, float]:
    """`values_in_deck` (basic's), a card showing up in the hands `showings` counts: only
    once the seat's draw pile is spent."""
    owned, pile = own_deck(table)
    deck = [c for c, n in owned.items() for _ in range(n)]
    return values_in_deck(table, cards, turns_after, deck, showings(owned, pile, turns_after))


def buy(table: Table, actions: list[Action]) -> Action:
    """The best set of cards the coins pay for (`best_purchase`), valued by
    `card_values`; the most valuable of it first."""
    buys = [a for a in actions if a["type"] == "buy"]
    coins = table.turn.get("coins", 0)
    values = card_values(table, [a["card"] for a in buys], table.turns_left)
    chosen = best_purchase([(a["card"], cost(a["card"]), values[a["card"]]) for a in buys],
                           coins)
    if chosen:
        card = max(chosen, key=lambda c: (values[c], cost(c)))
        return {"type": "buy", "card": card}
    return {"type": "end_buying"}


def draft_value(table: Table, deck: Deck, card: str) -> float:
    """What `card` adds if it joins `deck` in the draft: drafted cards are shuffled into
    the starting deck, so none waits for a reshuffle."""
    showing = showings(Counter(deck), 0, table.rounds)
    return values_in_deck(table, [card], table.rounds, list(deck), showing)[card]


def draft(table: Table, actions: list[Action]) -> Action:
    """The first pick of the plan for the seat's remaining picks (`plan_pick`)."""
    return plan_pick(table, actions, draft_value) or fallback(actions)


def retarget(seen: Seen, action: Action) -> Action:
    """`basic`'s Joyride, played on the opponent whose hand is likely worth most."""
    if action.get("type") != "play_card" or "target" not in action:
        return action
    same = [dict(i) for i in seen.legal
            if i.get("type") == "play_card" and i.get("card") == action["card"]
            and "target" in i]
    return joyride_target(StrongTable(seen), same) if len(same) > 1 else action


def final_point_values(table: Table, coins: int) -> int:
    """The most Final Point Value `coins` buy from the supply now (one card a stack)."""
    items = [(s["card"], s["cost"], float(FINAL_POINT_VALUE[s["card"]]))
             for s in table.view.get("supply") or ()
             if s["count"] > 0 and is_dice_card(s["card"]) and FINAL_POINT_VALUE[s["card"]]]
    return sum(FINAL_POINT_VALUE[c] for c in best_purchase(items, coins))


def choose_scoring(table: Table, actions: list[Action]) -> Action | None:
    """On the seat's last turn: the choice worth the most points plus the Final Point
    Values its coins buy (None on other turns: `basic` chooses)."""
    if table.turns_left > 0:
        return None
    coins = table.turn.get("coins", 0)
    worth: list[tuple[float, Mapping[str, JSON]]] = []
    for choice in table.turn.get("scoring_choices") or ():
        value = choice["points"] + final_point_values(table, coins + choice["coins"])
        worth.append((value, choice["action"]))
    ranked = sorted(worth, key=lambda w: -w[0])
    for _value, action in ranked:
        wanted = {k: (list(v) if isinstance(v, (list, tuple)) else v)
                  for k, v in action.items() if v is not None}
        if wanted in actions:
            return wanted
    return None


def strong(seen: Seen, rng: Rng) -> Action:
    """The strong Bare Bones bot (see the module's docstring): basic's play but where it
    drafts, buys, aims a Joyride and chooses its last scoring. Like every bot it never
    resigns (`Seen` lists no `resign`)."""
    kind = seen.view.get("phase")
    if kind not in ("draft", "buy", "choose") or not seen.legal:
        return retarget(seen, basic(seen, rng))
    items = list(seen.legal)
    table = StrongTable(seen)
    concrete = [dict(i) for i in items if "choose" not in i]
    if kind == "draft":
        action: Action | None = draft(table, concrete)
    elif kind == "buy":
        action = buy(table, concrete)
    else:
        action = choose_scoring(table, concrete)
    if action is None:
        return basic(seen, rng)
    return action if action in concrete else fallback(items)

