"""Snapshots: a game's folded state stored every SNAPSHOT_EVERY events, so that a cold
fold (a new process, a state evicted from the cache) reads one snapshot and fewer than
SNAPSHOT_EVERY events instead of the whole stream.

A snapshot is derived data, never the truth:
- it is written after the batch that reaches it has committed (`after_commit`), and a
  failure to write one is only logged; deleting every snapshot changes no answer;
- it is keyed by the rules' code version (`rules_version`: a digest of the game's package
  and of games/core, where the codec lives), so a deployment that changes a game's rules,
  its state's shape or the codec never folds a stale one: the fold starts over from the
  events and a new snapshot is written at the next multiple of SNAPSHOT_EVERY;
- the state is stored as JSON by games.core.codec (built from the state's type hints: no
  class names stored, no code run on read; pickle is not used).
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import logging
from pathlib import Path
from typing import Any

from games.core import codec

from ..models import Game, Snapshot

log = logging.getLogger(__name__)

SNAPSHOT_EVERY = 100


@functools.cache
def rules_version(game_type: str) -> str:
    """A digest of the code that folds `game_type`'s events: its package and games/core."""
    digest = hashlib.sha256(game_type.encode())
    core = Path(importlib.import_module("games.core").__file__ or "").parent
    try:
        package = Path(importlib.import_module(
            "games." + game_type.replace("-", "_")).__file__ or "").parent
    except ImportError:  # a game not laid out as games/<slug>/: all of games/
        package = core.parent
    for root in (core, package):
        for path in sorted(root.rglob("*.py")):
            digest.update(str(path.relative_to(root.parent)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:32]


def latest(game: Game, upto: int) -> tuple[int, Any] | None:
    """The newest usable snapshot at or before `upto`: (its version, the state)."""
    row = (Snapshot.objects.filter(game=game, rules_version=rules_version(game.game_type),
                                   version__lte=upto)
           .order_by("-version").values_list("version", "state").first())
    if row is None:
        return None
    version, raw = row
    try:
        return version, decode(game.game_type, raw)
    except (TypeError, KeyError, ValueError, AttributeError) as error:  # unreadable: ignore it
        log.warning("snapshot of %s at %s unreadable (%s): folding the events", game.id,
                    version, error)
        return None


def state_type(game_type: str) -> type:
    module = importlib.import_module("games." + game_type.replace("-", "_") + ".state")
    return module.State


def decode(game_type: str, raw: Any) -> Any:
    return codec.decode(state_type(game_type), raw)


def due(before: int, after: int) -> bool:
    """A batch that took the head from `before` to `after` crossed a multiple of N."""
    return after // SNAPSHOT_EVERY > before // SNAPSHOT_EVERY


def take(game_id: Any, game_type: str, version: int, state: Any) -> None:
    """Store `state` as the game's state at `version` (idempotent)."""
    if state is None:
        return
    Snapshot.objects.bulk_create(
        [Snapshot(game_id=game_id, version=version, rules_version=rules_version(game_type),
                  state=codec.encode(state))], ignore_conflicts=True)


def after_commit(game_id: Any, game_type: str, version: int, state: Any) -> None:
    """`take`, never failing the request that committed the batch."""
    try:
        take(game_id, game_type, version, state)
    except Exception:
        log.exception("could not store the snapshot of %s at %s", game_id, version)


