"""After a batch: the game's head brought up to date, in named steps.

`refresh` runs them in order, inside the batch's transaction:

1. `close_if_over`: the rules' outcome (or a forced one) ends the game: `seed_revealed`
   is appended, the status and outcome set;
2. `update_awaiting`: who must act now, from the rules;
3. `save_rows_and_head`: the batch's rows and the closing ones (one INSERT) and the game
   row's changed fields (one UPDATE), in one statement on PostgreSQL;
4. `hooks.announce`: the listeners (clocks: deadlines, autoplay; webhooks: the outbox)
   write their rows in the same transaction;
5. `cache_after_commit`: the new state into the process's state cache;
6. `snapshot_after_commit`: a snapshot every SNAPSHOT_EVERY events;
7. `publish_after_commit`: the new head to live readers (events/live/).
"""

from __future__ import annotations

from typing import Any, Mapping

from django.db import transaction
from django.utils import timezone

from games.service_events import SeedRevealed

from .. import store
from ..live import broadcast
from ..models import Event, Game, GameStatus
from ..store import snapshots
from . import hooks
from .hooks import Acted, Appended
from .locks import seats_of

# The game row's fields a batch changes; the status fields only when it starts or ends.
HEAD_FIELDS = ["version", "head_hash", "dice_used", "awaiting"]
STATUS_FIELDS = ["status", "started_at", "finished_at", "outcome"]


def refresh(game: Game, state: Any, acted: Acted, *, version_before: int,
            pending: list[Event] | None = None, started: bool = False,
            outcome: Mapping[str, Any] | None = None) -> list[Event]:
    """Run the steps after a batch; returns the service's closing rows, if any.

    `pending`: the batch's rows, made by `store.append(..., write=False)`: inserted here
    with the closing rows."""
    rules = store.rules_of(game)
    before = {int(seat): kind for seat, kind in game.awaiting.items()}
    status_before = game.status
    result = outcome if outcome is not None else rules.outcome(state)
    closing = close_if_over(game, result)
    awaiting = update_awaiting(game, rules, state)
    save_rows_and_head(game, [*(pending or []), *closing],
                       status_changed=started or game.status != status_before)
    hooks.announce(Appended(
        game=game, seats=seats_of(game), acted=acted, awaiting_before=before,
        awaiting=awaiting, started=started,
        outcome=result if game.status == GameStatus.FINISHED and closing else None))
    cache_after_commit(game, state)
    snapshot_after_commit(game, state, version_before)
    publish_after_commit(game)
    return closing


def close_if_over(game: Game, result: Mapping[str, Any] | None) -> list[Event]:
    """End the game with `result`, if any: reveal the server seed."""
    if result is None or game.status == GameStatus.FINISHED:
        return []
    closing = store.append(game, store.Batch([seed_revealed(game)], actor="system"),
                           write=False)
    game.status = GameStatus.FINISHED
    game.finished_at = timezone.now()
    game.outcome = dict(result)
    return closing


def update_awaiting(game: Game, rules: Any, state: Any) -> dict[int, str]:
    awaiting = {} if game.status == GameStatus.FINISHED else rules.awaiting(state)
    game.awaiting = {str(seat): kind for seat, kind in awaiting.items()}
    return awaiting


def save_rows_and_head(game: Game, rows: list[Event], *, status_changed: bool) -> None:
    store.insert_with_head(rows, game, HEAD_FIELDS + (STATUS_FIELDS if status_changed else []))


def cache_after_commit(game: Game, state: Any) -> None:
    game_id, version = str(game.id), game.version
    transaction.on_commit(lambda: store.CACHE.put(game_id, version, state))


def snapshot_after_commit(game: Game, state: Any, version_before: int) -> None:
    if snapshots.due(version_before, game.version):
        game_id, game_type, version = game.id, game.game_type, game.version
        transaction.on_commit(lambda: snapshots.after_commit(game_id, game_type, version, state))


def publish_after_commit(game: Game) -> None:
    # Live readers hear the head once the batch commits (and once only: the head
    # published is the one at commit, after an abandonment's closing events too).
    broadcast.announce(game)


def seed_revealed(game: Game) -> SeedRevealed:
    return SeedRevealed(
        server_seed=game.server_seed, server_seed_hash=game.server_seed_hash,
        client_seeds=tuple(s.client_seed for s in seats_of(game)), dice_used=game.dice_used,
    )
