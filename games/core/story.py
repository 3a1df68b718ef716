"""A decision told as a story: events appended one by one, each folded at once.

`decide` often chains rules (a call reveals dice, a die is lost, a player goes out, the
next round starts); each step must read the state the step before left. A Story keeps
the events and the state they fold to, so the steps stay small named functions.

Each fold a Story makes is remembered until the next decision starts (`forget_folds`),
so that the caller's own fold of the same event from the same state (`folding`) takes
the Story's state instead of folding the event a second time: `evolve` is pure and the
states are immutable, so the state is the one a second fold would build. Both objects
are matched by identity, never by value.
"""

from __future__ import annotations

from typing import Any, Callable

from .messages import GameEvent

Evolve = Callable[[Any, GameEvent], Any]

# The folds told since the last decision began, by the event's id: (state before, the
# event, state after, the evolve that folded it). Holding the event keeps its id unique.
_FOLDS: dict[int, tuple[Any, GameEvent, Any, Evolve]] = {}
_MOST_FOLDS = 4096  # a bound for stories told outside any decision


class Story:
    def __init__(self, evolve: Evolve, state: Any) -> None:
        self._evolve = evolve
        self.state: Any = state
        self.events: list[GameEvent] = []
        if len(_FOLDS) > _MOST_FOLDS:
            _FOLDS.clear()

    def add(self, *events: GameEvent) -> None:
        """Append typed events, folding each at once."""
        evolve, state = self._evolve, self.state
        for event in events:
            after = evolve(state, event)
            _FOLDS[id(event)] = (state, event, after, evolve)
            state = after
        self.events += events
        self.state = state


# Drop the folds remembered so far (a new decision begins): the dict's own `clear`, called
# once a decision, without a function of ours around it.
forget_folds: Callable[[], None] = _FOLDS.clear


def folding(evolve: Evolve) -> Evolve:
    """`evolve`, taking the state a Story already folded from this very state and event."""
    def fold(state: Any, event: GameEvent) -> Any:
        told = _FOLDS.get(id(event))
        # No check that told[1] is `event`: the entry holds its event, so no other live
        # object has that id.
        if told is not None and told[0] is state and told[3] is evolve:
            return told[2]
        return evolve(state, event)
    fold.__doc__ = evolve.__doc__
    return fold
