"""A decision told as a story: events appended one by one, each folded at once.

`decide` often chains rules (a call reveals dice, a die is lost, a player goes out, the
next round starts); each step must read the state the step before left. A Story keeps
the events and the state they fold to, so the steps stay small named functions.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from .events import Event


class Story:
    def __init__(self, evolve: Callable[[Any, Event], Any], state: Any) -> None:
        self._evolve = evolve
        self.state: Any = state
        self.events: list[Event] = []

    def tell(self, kind: str, data: Mapping[str, Any],
             private: Mapping[int, Mapping[str, Any]] | None = None) -> None:
        """Append the event `kind` and fold it into the state."""
        event = Event(kind, dict(data), dict(private or {}))
        self.events.append(event)
        self.state = self._evolve(self.state, event)

    def add(self, *events: Any) -> None:
        """Append typed events (games.core.messages.GameEvent), folding each at once."""
        for event in events:
            self.events.append(event)
            self.state = self._evolve(self.state, event)
