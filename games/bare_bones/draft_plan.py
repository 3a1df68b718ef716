"""The strong Bare Bones bot's draft, looked ahead to its last pick.

The draft is three rounds of picks from player 1 to the left, one card costing 6 or
less a pick, from the supply's stacks of seven. At four seats twelve picks come from
those stacks, and a card every seat wants runs out: `basic` drafts by value alone, one
pick at a time, so the seat picking last takes a Joyride first, as the seats before it
did, and then finds the second Green gone. (Basic bots at four seats won 21%, 34%, 30%
and 15% of 600 games by their place in the order; of 800 basic seats, those that ended
the game owning one Green won 13% of their games, those owning two 29%.)

So the strong level plans its remaining picks together: every sequence of its own picks
is tried, the other seats' picks in between taken to be what `basic` would pick for
their decks (their drafted cards are public), and the sequence whose cards are worth
the most in all is the plan (a set's worth does not depend on the order it was picked
in; of equal plans, the one that starts with the card of most value now). It makes the
plan's first pick. At two seats nothing runs out (six picks from stacks of seven), and
the plan's first pick is the card of most value now, as before.

It reads only the seat's Seen: the supply, the play order, the public `card_drafted`
events, and its own cards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from .bot_table import Action, Table, owned_from_events, values_in_deck
from .data import DRAFT_MAX_COST, DRAFT_PICKS, HAND_SIZE

Deck = tuple[str, ...]
Supply = tuple[tuple[str, int], ...]
JSON = Any
DraftValue = Callable[[Table, Deck, str], float]
"""What a card is worth to the seat's draft if it joins `deck` (the strong level's own)."""


def picks_to_come(view: Mapping[str, JSON], events: Sequence[Mapping[str, JSON]]) -> list[int]:
    """The seats of the draft's remaining picks, in order: round by round in play order,
    a seat that resigned skipped (as `state.drafter` takes them)."""
    drafted = Counter((e.get("data") or {}).get("seat") for e in events
                      if e.get("type") == "card_drafted")
    resigned = set(view.get("resigned") or ())
    return [seat for r in range(DRAFT_PICKS) for seat in view["order"]
            if seat not in resigned and drafted[seat] <= r]


def draftable(view: Mapping[str, JSON]) -> Supply:
    """The supply's stacks a pick may take from, with their counts, in supply order."""
    return tuple((s["card"], s["count"]) for s in view["supply"] if s["cost"] <= DRAFT_MAX_COST)


def taken(supply: Supply, card: str) -> Supply:
    return tuple((c, n - 1 if c == card else n) for c, n in supply)


def with_card(deck: Deck, card: str) -> Deck:
    return tuple(sorted((*deck, card)))


class DraftPlan:
    """The look-ahead of one draft decision: `mine` values a card joining the seat's
    deck (the strong level's reckoning), `basic_pick` is another seat's modelled pick."""

    def __init__(self, table: Table, mine: DraftValue, deck: Deck) -> None:
        self.table = table
        self.basic = Table(table.seen)
        self.mine = mine
        self.deck = deck
        self.rounds: int = table.rounds
        self.basic_pick = lru_cache(maxsize=None)(self._basic_pick)
        self.set_value = lru_cache(maxsize=None)(self._set_value)

    def _basic_pick(self, deck: Deck, supply: Supply) -> str:
        """What `basic` drafts for `deck`: the card of the greatest value to it (the first
        in supply order on a tie)."""
        cards = [c for c, n in supply if n > 0]
        appearances = min(1.0, HAND_SIZE / (len(deck) + 1)) * self.rounds
        values = values_in_deck(self.basic, cards, self.rounds, list(deck), appearances)
        return max(cards, key=lambda c: values[c])

    def _set_value(self, picks: Deck) -> float:
        """What the seat's picks add to its deck, whatever their order: each counted as
        it joins the deck, in one fixed order (the cards' names)."""
        deck, total = self.deck, 0.0
        for card in picks:
            total += self.mine(self.table, deck, card)
            deck = with_card(deck, card)
        return total

    def best(self, seats: Sequence[int], supply: Supply, decks: Mapping[int, Deck],
             picks: Deck = ()) -> tuple[float, Deck]:
        """The most the seat's final picks are worth, and its picks (`picks` made so
        far, then those among `seats`) in order."""
        me = self.table.me
        for i, seat in enumerate(seats):
            if seat == me:
                return self._choose(seats[i:], supply, decks, picks)
            card = self.basic_pick(decks[seat], supply)
            supply = taken(supply, card)
            decks = {**decks, seat: with_card(decks[seat], card)}
        return self.set_value(tuple(sorted(picks))), picks

    def _choose(self, seats: Sequence[int], supply: Supply, decks: Mapping[int, Deck],
                picks: Deck) -> tuple[float, Deck]:
        """The seat's pick: every card the supply holds tried, the one of most value to
        its deck now first (it stays the choice on a tie)."""
        me = self.table.me
        cards = sorted((c for c, n in supply if n > 0),
                       key=lambda c: -self.mine(self.table, decks[me], c))
        best: tuple[float, Deck] = (float("-inf"), ())
        for card in cards:
            found = self.best(seats[1:], taken(supply, card),
                              {**decks, me: with_card(decks[me], card)}, (*picks, card))
            if found[0] > best[0]:
                best = found
        return best


def plan(table: Table, mine: DraftValue) -> Deck:
    """The seat's remaining picks, in order, worth the most in all (empty when the
    draft has no pick of the seat's to plan)."""
    view, seen = table.view, table.seen
    seats = picks_to_come(view, seen.events)
    if not seats or seats[0] != table.me:
        return ()
    decks = {s: tuple(sorted(owned_from_events(seen.events, s, view["players"])))
             for s in set(seats)}
    return DraftPlan(table, mine, decks[table.me]).best(seats, draftable(view), decks)[1]


def plan_pick(table: Table, actions: list[Action], mine: DraftValue) -> Action | None:
    """The plan's first pick (None without a plan)."""
    picks = plan(table, mine)
    return next((a for a in actions if picks and a.get("card") == picks[0]), None)
