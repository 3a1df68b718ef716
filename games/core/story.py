"""A decision told as a story: events appended one by one, each folded at once.

`decide` often chains rules (a call reveals dice, a die is lost, a player goes out, the
next round starts); each step must read the state the step before left. A Story keeps
the events and the state they fold to, so the steps stay small named functions.
"""

from __future__ import annotations

from typing import Any, Callable

from .messages import GameEvent


class Story:
    def __init__(self, evolve: Callable[[Any, GameEvent], Any], state: Any) -> None:
        self._evolve = evolve
        self.state: Any = state
        self.events: list[GameEvent] = []

    def add(self, *events: GameEvent) -> None:
        """Append typed events, folding each at once."""
        for event in events:
            self.events.append(event)
            self.state = self._evolve(self.state, event)
