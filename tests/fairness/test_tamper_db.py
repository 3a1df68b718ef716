"""A database superuser alters a stored event behind the service's back: the verifier
reports it at the exact seq (PostgreSQL: the append-only triggers must be bypassed)."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection

from events.models import Event

from .play import audit_of, finished

pytestmark = [pytest.mark.postgres]


def as_superuser(sql: str, params: list[Any], bypass: str) -> None:
    """Run an UPDATE the append-only triggers would refuse, the way a superuser can."""
    with connection.cursor() as cursor:
        if bypass == "replication_role":
            cursor.execute("SET LOCAL session_replication_role = replica")
            cursor.execute(sql, params)
            cursor.execute("SET LOCAL session_replication_role = DEFAULT")
        else:  # ALTER TABLE needs the deferred foreign-key checks of this transaction done
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
            cursor.execute("ALTER TABLE events_event DISABLE TRIGGER USER")
            cursor.execute(sql, params)
            cursor.execute("ALTER TABLE events_event ENABLE TRIGGER USER")
            cursor.execute("SET CONSTRAINTS ALL DEFERRED")


def verdict_of_command(game_id: str) -> tuple[str, int]:
    out = io.StringIO()
    try:
        call_command("verify_game", game_id, stdout=out)
    except CommandError as exc:
        return out.getvalue(), exc.returncode
    return out.getvalue(), 0


def rolled_event(game_id: str) -> Event:
    return next(e for e in Event.objects.filter(game_id=game_id).order_by("seq")
                if any(p.get("dice") for p in e.private.values()))


@pytest.mark.parametrize("bypass", ["replication_role", "disable_trigger"])
def test_one_changed_die_in_the_database_is_reported_at_its_seq(players, bypass: str) -> None:
    game_id, everyone, _ = finished(players, "snake-bones", seed=71)
    assert audit_of(everyone[0], game_id)["verdict"]["ok"]
    event = rolled_event(game_id)
    private = json.loads(json.dumps(event.private))
    seat = sorted(private)[0]
    private[seat]["dice"][0] = private[seat]["dice"][0] % 6 + 1
    as_superuser("UPDATE events_event SET private = %s::jsonb WHERE game_id = %s AND seq = %s",
                 [json.dumps(private), game_id, event.seq], bypass)
    assert Event.objects.get(game_id=game_id, seq=event.seq).private == private

    verdict = audit_of(everyone[1], game_id)["verdict"]
    assert not verdict["ok"] and not verdict["chain_intact"]
    first = verdict["problems"][0]
    assert (first["check"], first["seq"], first["where"]) == ("chain", event.seq, "hash")
    assert [p["seq"] for p in verdict["problems"] if p["check"] == "chain"] == [event.seq]
    assert ("replay", event.seq) in {(p["check"], p["seq"]) for p in verdict["problems"]}
    text, status = verdict_of_command(game_id)
    assert status == 1 and f"[chain] seq {event.seq} (hash)" in text


def test_a_changed_timestamp_or_actor_is_reported_at_its_seq(players) -> None:
    game_id, everyone, _ = finished(players, "snake-bones", seed=72)
    last = Event.objects.filter(game_id=game_id).count()
    as_superuser("UPDATE events_event SET recorded_at = recorded_at + interval '1 microsecond' "
                 "WHERE game_id = %s AND seq = 3", [game_id], "replication_role")
    as_superuser("UPDATE events_event SET actor = 'system' WHERE game_id = %s AND seq = %s",
                 [game_id, last - 1], "disable_trigger")
    problems = audit_of(everyone[0], game_id)["verdict"]["problems"]
    assert [(p["check"], p["seq"]) for p in problems] == [("chain", 3), ("chain", last - 1)]


def test_the_triggers_are_back_after_the_bypass(players) -> None:
    from django.db import DatabaseError, transaction

    game_id, _, _ = finished(players, "snake-bones", seed=73)
    as_superuser("UPDATE events_event SET type = type WHERE game_id = %s AND seq = 1",
                 [game_id], "disable_trigger")
    with pytest.raises(DatabaseError), transaction.atomic():
        Event.objects.filter(game_id=game_id, seq=1).update(type="tampered")
