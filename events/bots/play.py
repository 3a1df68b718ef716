"""A bot's move: what its seat sees, the policy's choice, and the one write path.

`play(game_id, seat, version)` is what the worker runs (events/tasks.py `play_bot`). It
moves only for the turn it was handed: the seat's `BotTurn` at `version`, still the head's.
The policy runs outside any lock (from what the seat sees at `version`); its action is
then decided and appended through the write path with `version` as the expected version,
under the game's lock. So a bot never moves out of turn, twice, or on a stale version: a
task delivered twice, or late after a player's move, finds the version moved on and
appends nothing. A bot that raises (or chooses an action the rules refuse) appends
nothing either: the failure is logged and the seat left to its clock.
"""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from games import registry
from games.core import IllegalAction, MalformedAction
from games.core.bots import choose

from .. import metrics, store
from ..errors import VersionConflict
from ..models import BotTurn, Game, GameStatus
from ..writes.actions import apply
from ..writes.locks import locked, seats_of
from .seen import seen_by
from .turns import mark_failed, player_of

log = logging.getLogger(__name__)

# How early a handed-out move may run (two hosts' clocks never agree to the millisecond).
EARLY = timedelta(seconds=1)


def seed_of(game_id: Any, version: int, seat: int) -> str:
    """The policy's seed: the same turn always gets the same choice (replayable)."""
    return f"{game_id}:{version}:{seat}"


def play(*, game_id: Any, seat: int, version: int) -> str:
    """The bot moves for `seat` if its turn at `version` is still the head's.

    Returns "applied", "stale" (the game moved on, ended, or the seat is no longer the
    bot's), "not_due" (handed out before its time: a player on autoplay still has their
    grace; the sweeper hands it out again) or "failed" (the bot raised or chose an
    illegal action: nothing appended)."""
    turn = _current_turn(game_id, seat, version)
    if turn is None:
        return _counted("stale")
    if turn.due_at > timezone.now() + EARLY:
        return _counted("not_due")
    game = turn.game
    try:
        seen = seen_by(game, seat, store.state_at(game, version))
        action = choose(registry.BOTS[game.game_type], turn.level, seen,
                        seed_of(game.id, version, seat))
    except Exception:
        log.exception("the %s bot of %s failed for seat %s at version %s; the seat is left "
                      "to its clock", turn.level, game.id, seat, version)
        mark_failed(game, seat, version)
        return _counted("failed")
    try:
        with transaction.atomic():
            game = locked(game_id)
            if not _still_the_bots(game, seat, version):
                return _counted("stale")
            apply(game, seat, action, version, actor=f"bot:{seat}", bot=turn.level)
    except VersionConflict:
        return _counted("stale")
    except (IllegalAction, MalformedAction) as exc:
        log.error("the %s bot of %s chose %r for seat %s at version %s, which the rules "
                  "refuse (%s); the seat is left to its clock", turn.level, game_id, action,
                  seat, version, exc)
        mark_failed(game_id, seat, version)
        return _counted("failed")
    return _counted("applied")


def _current_turn(game_id: Any, seat: int, version: int) -> BotTurn | None:
    """The seat's bot turn, if it is for `version`, not failed, and the game is there at
    `version` with the seat awaited."""
    try:
        turn = (BotTurn.objects.select_related("game")
                .filter(game_id=game_id, seat=seat, version=version, failed=False).first())
    except (ValueError, TypeError, ValidationError):  # not a game id at all
        return None
    if (turn is None or turn.game.status != GameStatus.ACTIVE or turn.game.version != version
            or str(seat) not in turn.game.awaiting):
        return None
    return turn


def _still_the_bots(game: Game, seat: int, version: int) -> bool:
    """Under the lock: the head is `version`, the seat awaited and still played by a bot."""
    if game.status != GameStatus.ACTIVE or game.version != version:
        return False
    if str(seat) not in game.awaiting:
        return False
    row = next((s for s in seats_of(game) if s.number == seat), None)
    return row is not None and player_of(row) is not None


def _counted(outcome: str) -> str:
    metrics.BOT_MOVES.labels(outcome=outcome).inc()
    return outcome
