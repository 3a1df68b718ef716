"""Running projections: each one's events in commit order from its checkpoint.

A projection is a name, the event types it reads, a `reset` that empties its read model
and an `apply(event)` that brings one event into it. `run(projection)` reads the events
after its checkpoint (events/projections/feed.py) in batches; each batch is applied and
the checkpoint moved in one transaction, so a projector killed mid-way leaves its read
model and its checkpoint as of its last whole batch, and the next run goes on from there.
An event at or before the checkpoint is never applied again (the history and the ratings
are idempotent on their own too: their rows are keyed by game and player). Two projectors of
one projection at once: the second skips the locked checkpoint row and returns.
`rebuild(projection)` resets the read model and the checkpoint, then runs from the start.
A reset also records in the checkpoint the feed's last event at that moment: whoever
applies an event up to it (the rebuild, or the worker's run meanwhile) replays it, and
`replaying()` is then true, so a projection that tells players of what it applied (the
ratings: a `rating_changed` notice) stays silent about old games. (A game whose end
commits out of order around the reset, with a lower transaction id, counts as old.)
"""

from __future__ import annotations

import logging
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Callable, Iterable

from django.db import transaction

from ..models import Checkpoint, Event
from . import feed

log = logging.getLogger(__name__)

BATCH = 500

_REPLAYING: ContextVar[bool] = ContextVar("projections_replaying", default=False)


def replaying() -> bool:
    """Whether the event applied now is replayed after a reset (news to no one)."""
    return _REPLAYING.get()


@dataclass(frozen=True)
class Projection:
    name: str
    types: frozenset[str]
    reset: Callable[[], None]
    apply: Callable[[Event], None]


def _locked_checkpoint(name: str) -> Checkpoint | None:
    """The projection's checkpoint row, locked for this transaction; None if another
    projector holds it."""
    Checkpoint.objects.get_or_create(name=name)
    return (Checkpoint.objects.select_for_update(skip_locked=True)
            .filter(name=name).first())


def apply_events(projection: Projection, rows: Iterable[Event]) -> int:
    """Apply events (read from the feed, in its order) past the checkpoint, in one
    transaction with the checkpoint's move; events at or before it are skipped. How many
    were applied (0 also when another projector holds the checkpoint)."""
    applied = 0
    with transaction.atomic():
        checkpoint = _locked_checkpoint(projection.name)
        if checkpoint is None:
            return 0
        position = feed.Position(checkpoint.tx, checkpoint.event_id)
        replayed = feed.Position(checkpoint.replayed_tx, checkpoint.replayed_event_id)
        for row in rows:
            at = feed.position_of(row)
            if at <= position:
                continue
            token = _REPLAYING.set(at <= replayed)
            try:
                projection.apply(row)
            finally:
                _REPLAYING.reset(token)
            position = at
            applied += 1
        if applied:
            checkpoint.tx, checkpoint.event_id = position.tx, position.event_id
            checkpoint.applied += applied
            checkpoint.save()
    return applied


def run_batch(projection: Projection, limit: int = BATCH) -> tuple[int, bool]:
    """One batch after the checkpoint: (events applied, whether more may follow)."""
    with transaction.atomic():
        checkpoint = _locked_checkpoint(projection.name)
        if checkpoint is None:
            return 0, False
        rows = feed.read(projection.types, feed.Position(checkpoint.tx, checkpoint.event_id),
                         limit)
        applied = apply_events(projection, rows)
    return applied, len(rows) == limit


def run(projection: Projection, limit: int = BATCH) -> int:
    """Apply every committed event after the checkpoint; how many were applied."""
    total = 0
    more = True
    while more:
        applied, more = run_batch(projection, limit)
        total += applied
    return total


def reset(projection: Projection) -> None:
    """Empty the read model and move the checkpoint back to the start."""
    with transaction.atomic():
        Checkpoint.objects.get_or_create(name=projection.name)
        Checkpoint.objects.select_for_update().filter(name=projection.name).update(
            tx=0, event_id=0, applied=0)
        end = feed.last(projection.types)
        Checkpoint.objects.filter(name=projection.name).update(
            replayed_tx=end.tx, replayed_event_id=end.event_id)
        projection.reset()


def rebuild(projection: Projection, limit: int = BATCH) -> int:
    """Drop the read model and replay every stored event into it."""
    reset(projection)
    applied = run(projection, limit)
    log.info("projection %s rebuilt from %d events", projection.name, applied)
    return applied
