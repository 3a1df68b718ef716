"""Which waiting tickets of one queue make a table now: pure, over the tickets' seat
ranges and times (no database), so that the policy is read and tested in one place.

The policy (docs/platform.md, Quick play), for the waiting tickets oldest first, each in
turn the *anchor* (the oldest ticket of the group):

1. A full table starts at once: the anchor with the oldest other tickets that admit a
   size, as many as that size, where no member admits a larger table (the smallest
   `seats.max` among them is the size). Larger sizes are tried first.
2. A group that could start but is not full starts once the anchor has waited
   DICE_MATCH_SETTLE seconds: at the largest size it can fill.
3. Once the anchor's `fill_with_bots_after` has passed, its table starts at its
   `seats.max`, with the oldest other tickets that also accept bots and admit that size,
   and bots (the game's basic level) in the seats left. A ticket without
   `fill_with_bots_after` is never seated with bots.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from itertools import islice
from typing import Any


@dataclass(frozen=True)
class Waiting:
    """A waiting ticket as the policy sees it."""

    ref: Any                      # the ticket (the policy only hands it back)
    seats_min: int
    seats_max: int
    created_at: datetime
    bots_at: datetime | None      # when it accepts bots; None: never

    def admits(self, size: int) -> bool:
        return self.seats_min <= size <= self.seats_max


@dataclass(frozen=True)
class Table:
    """A table to open: its size, its players' tickets (the anchor first), its bots."""

    size: int
    members: tuple[Waiting, ...]
    bots: int


def plan(waiting: Iterable[Waiting], now: datetime, settle: timedelta,
         limit: int | None = None) -> list[Table]:
    """The tables to open now from `waiting` (oldest first), the first `limit` of them if
    given; no ticket is in two."""
    left = list(waiting)
    tables: list[Table] = []
    while limit is None or len(tables) < limit:
        table = first_table(left, now, settle)
        if table is None:
            return tables
        tables.append(table)
        taken = {id(m) for m in table.members}
        left = [w for w in left if id(w) not in taken]
    return tables


def first_table(left: list[Waiting], now: datetime, settle: timedelta) -> Table | None:
    """The first table `plan` would open (the matcher opens one a transaction)."""
    for anchor in left:
        table = _table_for(anchor, left, now, settle)
        if table is not None:
            return table
    return None


def _table_for(anchor: Waiting, left: list[Waiting], now: datetime,
               settle: timedelta) -> Table | None:
    settled = now - anchor.created_at >= settle
    for size in range(anchor.seats_max, anchor.seats_min - 1, -1):
        others = _oldest(left, anchor, size, lambda w: True)
        if len(others) == size - 1:
            members = (anchor, *others)
            if settled or min(m.seats_max for m in members) == size:
                return Table(size, members, bots=0)
    if anchor.bots_at is not None and anchor.bots_at <= now:
        size = anchor.seats_max
        others = _oldest(left, anchor, size, lambda w: w.bots_at is not None)
        return Table(size, (anchor, *others), bots=size - 1 - len(others))
    return None


def _oldest(left: list[Waiting], anchor: Waiting, size: int, accept: Any) -> list[Waiting]:
    """The oldest tickets but the anchor that admit `size` and pass `accept`: size - 1 at most."""
    fits = (w for w in left if w is not anchor and w.admits(size) and accept(w))
    return list(islice(fits, size - 1))
