"""Bots: policies that choose a legal action for a seat from what that seat may see.

A bot sees exactly what its player would: `Seen` holds the seat's view, the events as
served to that seat (public data, and only its own private parts) and its legal-action
items. It never sees the full state, so it cannot know another seat's hidden dice, cards
or deck order. It is deterministic: the same `Seen`, seed and level give the same action.

Each game offers its bots as `BOTS = {"basic": policy, "strong": policy}` in
`games/<package>/bot.py`; a policy is `policy(seen, rng) -> action` (a concrete action,
postable as is). `choose` runs the named level.
"""

from __future__ import annotations

import hashlib
from dataclasses import field
from typing import Any, Callable, Mapping, Sequence, TypeVar

from .frozen import frozen_record
from .legal import expand_all

JSON = Any
T = TypeVar("T")
LEVELS = ("basic", "strong")
RESIGN = "resign"  # a player's own decision (RULINGS, Resigning): bots never resign


@frozen_record
class Seen:
    """Everything one seat may see: its view, its events, its legal-action items."""

    seat: int
    view: Mapping[str, JSON]
    legal: Sequence[Mapping[str, JSON]]
    events: Sequence[Mapping[str, JSON]] = field(default_factory=tuple)

    def __post_init__(self) -> None:
        # Bots and absent players never resign (RULINGS, Resigning): the item is not
        # theirs to choose, so no policy (nor `random_policy`) ever sees it.
        object.__setattr__(self, "legal", tuple(
            item for item in self.legal if item.get("type") != RESIGN))

    def actions(self) -> list[dict[str, JSON]]:
        """Every concrete action the legal items allow."""
        return expand_all(list(self.legal))


class Rng:
    """A small deterministic generator (SHA-256 in counter mode): the rules and bots
    import no global random source."""

    def __init__(self, seed: str | int) -> None:
        self._seed = str(seed).encode()
        self._counter = 0

    def random(self) -> float:
        """A float in [0, 1)."""
        digest = hashlib.sha256(self._seed + self._counter.to_bytes(8, "big")).digest()
        self._counter += 1
        return int.from_bytes(digest[:7], "big") / 2**56

    def below(self, n: int) -> int:
        """An integer in range(n)."""
        return min(int(self.random() * n), n - 1)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]


Policy = Callable[[Seen, Rng], dict[str, JSON]]


def choose(bots: Mapping[str, Policy], level: str, seen: Seen, seed: str | int) -> dict[str, JSON]:
    """The action the bot of `level` posts for `seen` (basic where a game has no other)."""
    policy = bots.get(level) or bots["basic"]
    return policy(seen, Rng(seed))


def random_policy(seen: Seen, rng: Rng) -> dict[str, JSON]:
    """A player choosing uniformly among the concrete legal actions (the benchmark's
    opponent). Bots never resign (RULINGS, "Resigning")."""
    return rng.choice([a for a in seen.actions() if a.get("type") != "resign"])
