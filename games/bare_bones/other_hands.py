"""What a Bare Bones seat can tell of another seat's hand, and whose hand its Joyride
should reveal.

Joyride makes a chosen opponent reveal their hand and lends the active player one of
their Dice Cards for the turn. `basic` takes the first opponent listed; at two seats
there is no choice, at four the hands differ much (one seat bought Black and Purple,
another only drafted Greens). The strong level takes the opponent whose hand most
likely holds the best die.

A hand is not seen, but which cards it is drawn from is public: the cards the seat owns
(its drafts, buys and swaps, as events tell), less its discard pile, the cards in play,
set aside by Can't Touch This or known on top of its draw pile. Its hand is taken to be
that many of them at random (a hand this turn's Joyride already showed is known).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from math import comb
from typing import Any

from .bot_table import Action, Table, owned_from_events
from .data import is_dice_card

JSON = Any


def unseen_cards(view: Mapping[str, JSON], events: Sequence[Mapping[str, JSON]],
                 seat: int) -> list[str]:
    """The cards `seat`'s hand is drawn from: what it owns, less every one of its cards
    the table can see."""
    left = Counter(owned_from_events(events, seat, view["players"]))
    mine = view["seats"][seat]
    seen = [c for c in mine["discard_pile"]] + [a["card"] for a in mine["cant_touch_this"]]
    seen += list(mine.get("draw_pile_top") or ())
    for other in view["seats"]:
        seen += [p["card"] for p in other["play_area"]
                 if p.get("lent_by") == seat or (other is mine and p.get("lent_by") is None)]
    left.subtract(seen)
    return sorted(c for c, n in left.items() for _ in range(max(0, n)))


def expected_best_die(values: Sequence[float], hand: int) -> float:
    """The expected greatest of `hand` values drawn at random from `values` (0 if none):
    the k-th greatest is the best when it is drawn and none greater is."""
    ranked = sorted(values, reverse=True)
    hand = min(hand, len(ranked))
    if hand <= 0:
        return 0.0
    ways = comb(len(ranked), hand)
    return sum(v * comb(len(ranked) - k - 1, hand - 1)
               for k, v in enumerate(ranked)) / ways


def hand_worth(table: Table, seat: int) -> float:
    """What the best Dice Card `seat` likely holds would roll for the seat, in points."""
    shown = {r["seat"]: r["hand"] for r in table.turn.get("revealed_hands") or ()}
    if seat in shown:
        cards, size = list(shown[seat]), len(shown[seat])
    else:
        cards = unseen_cards(table.view, table.seen.events, seat)
        size = table.view["seats"][seat]["hand_size"]
    return expected_best_die([table.die_mean(c) if is_dice_card(c) else 0.0 for c in cards],
                             size)


def joyride_target(table: Table, joyrides: Sequence[Action]) -> Action:
    """Of the same Joyride played on each opponent, the one whose hand is worth most
    (the first listed on a tie)."""
    return max(joyrides, key=lambda a: hand_worth(table, a["target"]))
