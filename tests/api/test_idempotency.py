"""Idempotency-Key: a retried post appends once and gets the first answer."""

from __future__ import annotations

from events.models import Event, Game
from tests.support.api import table


def test_same_key_and_body_twice_appends_once_with_the_same_answer(players) -> None:
    a, b = players(2)
    game_id = table(a, [b], "snake-bones")
    version = a.start(game_id, first_player=0)["version"]
    action = {"type": "stake", "coins": 3}
    first = a.act(game_id, action, version, **{"Idempotency-Key": "k-1"})
    again = a.act(game_id, action, version, **{"Idempotency-Key": "k-1"})
    assert first.status_code == again.status_code == 201
    assert first.json() == again.json()
    assert again.headers["Idempotent-Replayed"] == "true"
    assert "Idempotent-Replayed" not in first.headers
    assert Event.objects.filter(game_id=game_id).count() == version + 1


def test_replay_still_answers_after_the_game_moved_on(players) -> None:
    a, b = players(2)
    game_id = table(a, [b], "snake-bones")
    version = a.start(game_id, first_player=0)["version"]
    first = a.act(game_id, {"type": "stake", "coins": 2}, version, **{"Idempotency-Key": "k"})
    b.act(game_id, {"type": "stake", "coins": 1}, first.json()["version"])
    again = a.act(game_id, {"type": "stake", "coins": 2}, version, **{"Idempotency-Key": "k"})
    assert again.status_code == 201 and again.json() == first.json()


def test_same_key_with_another_body_is_refused(players) -> None:
    a, b = players(2)
    game_id = table(a, [b], "snake-bones")
    version = a.start(game_id, first_player=0)["version"]
    a.act(game_id, {"type": "stake", "coins": 3}, version, **{"Idempotency-Key": "k-2"})
    count = Event.objects.filter(game_id=game_id).count()
    other = a.act(game_id, {"type": "stake", "coins": 4}, version, **{"Idempotency-Key": "k-2"})
    assert other.status_code == 422
    assert other.json()["code"] == "idempotency_key_reused"
    assert Event.objects.filter(game_id=game_id).count() == count


def test_keys_belong_to_one_user(players) -> None:
    a, b = players(2)
    game_id = table(a, [b], "snake-bones")
    version = a.start(game_id, first_player=0)["version"]
    first = a.act(game_id, {"type": "stake", "coins": 1}, version, **{"Idempotency-Key": "same"})
    second = b.act(game_id, {"type": "stake", "coins": 1}, first.json()["version"],
                   **{"Idempotency-Key": "same"})
    assert second.status_code == 201
    assert Game.objects.get(id=game_id).version > first.json()["version"]
