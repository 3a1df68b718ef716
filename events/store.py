"""Reading and appending a game's stream, and folding it into the rules' state.

The stream holds the rules' events plus the service's own: `table_seated` (who sits
where, the seed commitment) opens it, `game_abandoned` ends a game every seat of which
was left to the clock, and `seed_revealed` closes it. Those are not folded by the rules.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from threading import Lock
from typing import Any, Iterable, Sequence

from django.utils import timezone

from games import registry
from games.core import Event as RuleEvent
from games.core.fairness import Draw
from games.core.rules import GameRules

from . import chain
from .upcasters import (  # noqa: F401 (re-exported)
    UPCASTERS, schema_version_of, upcast, upcast_event,
)
from .verify_replay import SERVICE_EVENTS
from .models import Event, Game

def to_rule_event(row: Event) -> RuleEvent:
    kind, data = upcast_event(row.type, row.schema_version, row.data)
    return RuleEvent.from_dict({"type": kind, "data": data, "private": row.private})


def rules_of(game: Game) -> GameRules:
    return registry.get(game.game_type)


def rows(game: Game, after: int = 0, upto: int | None = None) -> list[Event]:
    query = Event.objects.filter(game=game, seq__gt=after)
    if upto is not None:
        query = query.filter(seq__lte=upto)
    return list(query.order_by("seq"))


def fold(rules: GameRules, events: Iterable[Event], state: Any = None) -> Any:
    for row in events:
        if row.type not in SERVICE_EVENTS:
            state = rules.evolve(state, to_rule_event(row))
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


def state_at(game: Game, version: int | None = None) -> Any:
    """The rules' state after event `version` (default: the head)."""
    version = game.version if version is None else version
    cached = CACHE.get(str(game.id), version)
    if cached is not None:
        return cached
    state = fold(rules_of(game), rows(game, upto=version))
    CACHE.put(str(game.id), version, state)
    return state


@dataclass(frozen=True)
class Batch:
    """Events decided together, with what caused them and the dice they used."""

    events: Sequence[RuleEvent]
    actor: str
    command: dict | None = None
    draws: Sequence[Draw] = ()
    idempotency_key: str | None = None


def append(game: Game, batch: Batch) -> list[Event]:
    """Append a batch at the head of a locked game's stream (caller holds the lock)."""
    head = Event.objects.filter(game=game, seq=game.version).values_list("hash", flat=True)
    prev_hash = head.first() if game.version else chain.GENESIS
    now = timezone.now()
    new_rows: list[Event] = []
    for index, event in enumerate(batch.events):
        raw = event.to_dict()
        row = Event(
            game=game, seq=game.version + index + 1, type=event.type,
            schema_version=schema_version_of(event.type), data=raw["data"], private=raw["private"],
            actor=batch.actor, command=batch.command if index == 0 else None,
            draws=[d.to_list() for d in batch.draws] if index == 0 else [],
            idempotency_key=batch.idempotency_key if index == 0 else None,
            recorded_at=now, prev_hash=prev_hash, hash="",
        )
        row.hash = chain.event_hash(chain.row_body(row))
        prev_hash = row.hash
        new_rows.append(row)
    Event.objects.bulk_create(new_rows)
    game.version += len(new_rows)
    game.dice_used += len(batch.draws)
    return new_rows
