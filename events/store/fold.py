"""Folding a game's stream into the rules' state: an in-process cache by (game,
version), else the newest snapshot (events/store/snapshots.py) and the events after it."""

from __future__ import annotations

from collections import OrderedDict
from threading import Lock
from typing import Any, Iterable

from games.core.rules import GameRules

from ..models import Event, Game
from . import snapshots
from .stream import SERVICE_EVENTS, rows, rules_of, to_rule_event


def fold(rules: GameRules, events: Iterable[Event], state: Any = None) -> Any:
    for row in events:
        if row.type not in SERVICE_EVENTS:
            state = rules.evolve(state, to_rule_event(row, rules))
    return state


class StateCache:
    """Folded states by (game, version). States are immutable, so sharing is safe."""

    def __init__(self, size: int = 512) -> None:
        self.size = size
        self._states: OrderedDict[tuple[str, int], Any] = OrderedDict()
        self._lock = Lock()

    def get(self, game_id: str, version: int) -> Any | None:
        with self._lock:
            state = self._states.get((game_id, version))
            if state is not None:
                self._states.move_to_end((game_id, version))
            return state

    def put(self, game_id: str, version: int, state: Any) -> None:
        with self._lock:
            self._states[(game_id, version)] = state
            self._states.move_to_end((game_id, version))
            while len(self._states) > self.size:
                self._states.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._states.clear()


CACHE = StateCache()


def replay(game: Game, version: int) -> Any:
    """The state after event `version` from the events alone (no cache, no snapshot)."""
    return fold(rules_of(game), rows(game, upto=version))


def state_at(game: Game, version: int | None = None) -> Any:
    """The rules' state after event `version` (default: the head)."""
    version = game.version if version is None else version
    cached = CACHE.get(str(game.id), version)
    if cached is not None:
        return cached
    start = snapshots.latest(game, version) if version >= snapshots.SNAPSHOT_EVERY else None
    if start is None:
        state = replay(game, version)
    else:
        after, state = start
        state = fold(rules_of(game), rows(game, after=after, upto=version), state)
    CACHE.put(str(game.id), version, state)
    return state
