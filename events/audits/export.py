"""The audit export (database -> audit JSON) and the challenge reports of a game.

The audit is a self-contained JSON document (format in docs/fairness.md): the game with
its revealed server seed and client seeds, and every stored event with its private
parts, command, draws and hashes, served upcast to the current shapes, with the stored
bytes of an event stored in an older shape in its `stored` field
(docs/decisions/0031-typed-audits.md).
`events.verify` checks it with no database.
"""

from __future__ import annotations

from typing import Any

from games.core import challenges as challenge_reports

from .. import store
from ..errors import Conflict
from ..models import Event, Game, GameStatus
from ..store import chain
from ..store.players import served_event
from .. import verify


def audit_event(row: Event) -> dict[str, Any]:
    """A stored event as the audit serves it: every hashed field, upcast to the current
    shapes (type, schema version, data) as the events are served during play, its hash,
    and `stored`: the canonical JSON it was hashed as, when that differs from the fields
    served (an event of an older schema version), else null (games/verify/stored.py)."""
    body = chain.row_body(row)
    kind, data = served_event(row.game_id, row.type, row.schema_version, row.data)
    served = {**body, "type": kind, "schema_version": store.schema_version_of(kind),
              "data": data}
    return {**served, "hash": row.hash,
            "stored": None if served == body else chain.canonical(body).decode()}


def game_part(game: Game) -> dict[str, Any]:
    seats = list(game.seat_set.select_related("user__player").order_by("number"))
    return {
        "id": str(game.id), "game_type": game.game_type, "status": game.status,
        "options": game.options, "table_size": game.seats,
        # Each player by the name shown now (the placeholder once the account is
        # deleted) and their player id (what events name them by; what the verifier puts
        # in a table_seated stored when events named them by username).
        "seats": [{"seat": s.number, "player": s.player_name(), "player_id": s.player_public_id(),
                   "bot": s.bot_level or None, **s.served_seed(game)}
                  for s in seats],
        "dice_scheme": game.dice_scheme,
        "version": game.version, "dice_used": game.dice_used,
        "server_seed_hash": game.server_seed_hash, "server_seed": game.server_seed,
        "outcome": game.outcome,
        "created_at": chain.timestamp(game.created_at),
        "started_at": chain.timestamp(game.started_at) if game.started_at else None,
        "finished_at": chain.timestamp(game.finished_at) if game.finished_at else None,
    }


def export(game: Game, *, running: bool = False) -> dict[str, Any]:
    """The audit document of a finished game.

    `running=True` exports a game that has not ended too, server seed included: for the
    operator's `verify_game` command only, never for a response.
    """
    if game.status != GameStatus.FINISHED and not running:
        raise Conflict("the audit is published when the game ends; until then the server "
                       "seed stays secret", code="game_not_finished")
    return {"format": verify.FORMAT, "game_type": game.game_type, "game": game_part(game),
            "events": [audit_event(row) for row in store.rows(game)]}


def verify_export(audit: dict[str, Any]) -> verify.Verdict:
    """Verify an export made here (stored events are upcast as the service reads them)."""
    return verify.verify_audit(audit, upcast=store.upcast_event)


def audit_with_verdict(game: Game) -> dict[str, Any]:
    """The published audit of a finished game, with the server's own verification."""
    audit = export(game)
    audit["verdict"] = verify_export(audit).to_json()
    return audit


def public_events(game: Game) -> list[dict[str, Any]]:
    """The rules' events as every seat sees them: seq, type, public data (upcast)."""
    rows = (Event.objects.filter(game=game, seq__lte=game.version)
            .exclude(type__in=store.SERVICE_EVENTS).order_by("seq")
            .values_list("seq", "type", "schema_version", "data"))
    events = []
    for seq, kind, version, data in rows:
        kind, data = store.upcast_event(kind, version, data)  # a renamed type too
        events.append({"seq": seq, "type": kind, "data": data})
    return events


def challenges_for(game: Game) -> dict[str, Any]:
    """Every resolved challenge of the game so far, from public events only."""
    reporter = challenge_reports.reporter_of(store.rules_of(game))
    reports = reporter(public_events(game)) if reporter is not None else []
    return {"game_id": str(game.id), "game_type": game.game_type, "status": game.status,
            "version": game.version, "challenges": reports}
