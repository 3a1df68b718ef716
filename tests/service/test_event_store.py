"""The event store: append-only at the database, gap-free, hash-chained.

Only the tests of the PostgreSQL triggers carry the `postgres` mark; the others run on
SQLite too."""

from __future__ import annotations

import pytest
from django.db import DatabaseError, IntegrityError, connection, transaction

from events.store import chain
from events.models import Event, Game
from events.verify import check_chain
from tests.support.api import table


@pytest.fixture
def started(players) -> Game:  # type: ignore[no-untyped-def]
    a, b = players(2)
    game_id = table(a, [b], "snake-bones")
    a.start(game_id, first_player=0)
    return Game.objects.get(id=game_id)


def refused(sql: str, *params: object) -> bool:
    try:
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(sql, params)
    except DatabaseError as exc:
        assert "append-only" in str(exc)
        return True
    return False


@pytest.mark.postgres
def test_update_of_a_stored_event_fails_at_the_database(started: Game) -> None:
    assert refused("UPDATE events_event SET data = '{}' WHERE game_id = %s", started.id)
    with pytest.raises(DatabaseError), transaction.atomic():
        Event.objects.filter(game=started).update(type="tampered")
    assert not Event.objects.filter(type="tampered").exists()


@pytest.mark.postgres
def test_delete_of_a_stored_event_fails_at_the_database(started: Game) -> None:
    count = Event.objects.filter(game=started).count()
    assert refused("DELETE FROM events_event WHERE game_id = %s", started.id)
    with pytest.raises(DatabaseError), transaction.atomic():
        Event.objects.filter(game=started).delete()
    assert Event.objects.filter(game=started).count() == count


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_truncate_of_events_fails_at_the_database(started: Game) -> None:
    with transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("SET LOCAL dicegames.allow_truncate = 'off'")
        assert refused("TRUNCATE events_event CASCADE")
    assert Event.objects.filter(game=started).exists()


def test_unique_game_and_sequence_guard(started: Game) -> None:
    first = Event.objects.get(game=started, seq=1)
    clone = Event(game=started, seq=1, type="x", data={}, private={}, actor="system",
                  recorded_at=first.recorded_at, prev_hash="0" * 64, hash="0" * 64)
    with pytest.raises(IntegrityError), transaction.atomic():
        clone.save(force_insert=True)


def test_stream_is_gap_free_and_hash_chained(started: Game) -> None:
    rows = list(Event.objects.filter(game=started).order_by("seq"))
    assert [r.seq for r in rows] == list(range(1, started.version + 1))
    assert rows[0].prev_hash == chain.GENESIS
    bodies = [{**chain.row_body(r), "hash": r.hash} for r in rows]
    stream = {"game": {"id": str(started.id)}, "events": bodies}
    assert check_chain(stream) == []
    bodies[1]["data"] = {**bodies[1]["data"], "round": 99}
    assert [(p.seq, p.where) for p in check_chain(stream)] == [(2, "hash")]


def test_table_seated_opens_the_stream_with_the_seed_commitment(started: Game) -> None:
    first = Event.objects.get(game=started, seq=1)
    assert first.type == "table_seated"
    assert first.data["server_seed_hash"] == started.server_seed_hash
    assert [s["seat"] for s in first.data["seats"]] == [0, 1]
    assert started.server_seed not in str(first.data)
