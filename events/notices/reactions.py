"""What the player channel hears from the write path (registered in events/apps.py): the
batch's news (events/tidings.py) as notices, in the batch's transaction.

A seat on autoplay is played by its bot, so it is not told `your_turn` (nor warned of its
clock: events/tidings.py); it still hears that the game started or finished. Bots' seats
have no player and hear nothing; deleted accounts neither (store.py)."""

from __future__ import annotations

from typing import Any

from ..models import NoticeKind
from ..tidings import of_batch
from ..writes.hooks import Appended
from .store import notify


def on_appended(change: Appended) -> None:
    game = change.game
    by_number = {s.number: s for s in change.seats if s.user_id is not None}
    for tiding in of_batch(change):
        seats = [by_number[n] for n in tiding.seats if n in by_number]
        if tiding.kind == NoticeKind.YOUR_TURN:
            seats = [s for s in seats if not s.autoplay]
        notify([s.user for s in seats], tiding.kind, game, **_data(tiding.kind, change))


def _data(kind: str, change: Appended) -> dict[str, Any]:
    if kind == NoticeKind.GAME_FINISHED:
        return {"outcome": dict(change.outcome or {})}
    if kind == NoticeKind.YOUR_TURN:
        return {"awaiting": {str(k): v for k, v in change.game.awaiting.items()}}
    return {}
