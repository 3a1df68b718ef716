"""Pushes end to end in one process: a move's notices become outbox rows in its
transaction, `deliver` sends them (as the worker does) to the test push service, which
checks the VAPID JWT against the server key, decrypts the body with the browser's keys and
answers as told. What it received is compared with the documented payload."""

from __future__ import annotations

import json
import uuid
from datetime import timedelta

import pytest
from django.db import transaction
from django.utils import timezone

from events import tidings
from events.models import Deadline, Game, PushDelivery, PushSubscription
from events.push import delivery, outbox
from games.core.legal import expand_all
from tests.push.conftest import raw_private_key
from tests.push.helpers import deliver_pending, subscribe
from tests.support.api import table

BASE = "/api/v1"
KEYS = {"kind", "game", "game_type", "version", "title", "body", "url"}


def test_a_turn_pushes_the_documented_json_encrypted_and_signed(players, push_service) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    client, sub = subscribe(b, push_service)
    game_id = table(a, [b], "snake-bones")
    version = a.start(game_id, first_player=0)["version"]
    assert deliver_pending() == ["delivered"]  # b's your_turn (a has no subscription)
    (got,) = push_service.of(client)
    assert got.payload == {"kind": "your_turn", "game": game_id, "game_type": "snake-bones",
                           "version": version, "title": "Your turn",
                           "body": "It is your turn in Snake Bones.",
                           "url": f"/play/#/game/{game_id}"}
    assert got.headers["urgency"] == "normal"
    assert 86000 < int(got.headers["ttl"]) <= 86400
    assert got.headers["topic"] == uuid.UUID(game_id).hex  # a newer turn replaces it
    assert got.claims["aud"] == push_service.origin
    assert got.claims["sub"].startswith("mailto:")
    assert push_service.rejected == []
    (row,) = PushDelivery.objects.all()
    assert (row.status, row.attempts, row.last_status_code) == ("delivered", 1, 201)
    assert row.subscription_id == sub["id"]
    assert deliver_pending() == []  # at most once


def test_texts_are_in_the_subscriptions_language(players, push_service) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    client, _ = subscribe(b, push_service, language="fr")
    game_id = table(a, [b], "snake-bones")
    a.start(game_id, first_player=0)
    deliver_pending()
    (got,) = push_service.of(client)
    assert (got.payload["title"], got.payload["body"]) == (
        "À vous de jouer", "C'est votre tour dans Snake Bones.")


def test_a_410_removes_the_subscription_and_the_log_says_why(players, push_service) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    client, sub = subscribe(b, push_service)
    push_service.answer(client, 410)
    game_id = table(a, [b], "snake-bones")
    a.start(game_id, first_player=0)
    assert deliver_pending() == ["failed"]
    assert not PushSubscription.objects.filter(pk=sub["id"]).exists()
    (logged,) = b.get("/me/push-deliveries").json()["results"]
    assert logged["subscription"] is None and logged["removed_reason"] == "gone"
    assert logged["last_status_code"] == 410 and logged["status"] == "failed"
    assert logged["game"] == game_id and logged["kind"] == "your_turn"


def test_a_404_removes_the_subscription_too(players, push_service) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    client, sub = subscribe(b, push_service)
    push_service.answer(client, 404)
    table_id = table(a, [b], "snake-bones")
    a.start(table_id, first_player=0)
    deliver_pending()
    assert not PushSubscription.objects.exists()
    assert PushDelivery.objects.get().removed_reason == "not_found"


def test_a_429_is_retried_after_its_retry_after(players, push_service) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    client, _ = subscribe(b, push_service)
    push_service.answer(client, 429, **{"Retry-After": "120"})
    a.start(table(a, [b], "snake-bones"), first_player=0)
    before = timezone.now()
    assert deliver_pending() == ["pending"]
    row = PushDelivery.objects.get()
    assert (row.attempts, row.last_status_code) == (1, 429)
    assert before + timedelta(seconds=119) < row.next_attempt_at <= timezone.now() + timedelta(
        seconds=120)
    assert delivery.deliver(row.pk) == "not_due"
    PushDelivery.objects.filter(pk=row.pk).update(next_attempt_at=timezone.now())
    assert delivery.deliver(row.pk) == "delivered"
    assert [r.status for r in push_service.of(client)] == [429, 201]


def test_a_5xx_backs_off_and_gives_up_after_the_last_attempt(  # type: ignore[no-untyped-def]
        players, push_service, settings) -> None:
    settings.DICE_PUSH_MAX_ATTEMPTS = 3
    settings.DICE_PUSH_BACKOFF_SECONDS = 10
    a, b = players(2)
    client, _ = subscribe(b, push_service)
    for _ in range(3):
        push_service.answer(client, 503)
    a.start(table(a, [b], "snake-bones"), first_player=0)
    waits = []
    for _ in range(3):
        row = PushDelivery.objects.get()
        PushDelivery.objects.filter(pk=row.pk).update(next_attempt_at=timezone.now())
        now = timezone.now()
        delivery.deliver(row.pk)
        row.refresh_from_db()
        waits.append(round((row.next_attempt_at - now).total_seconds()))
    assert row.status == "failed" and row.attempts == 3
    assert waits[:2] == [10, 20]  # doubled per attempt
    assert len(push_service.of(client)) == 3


def test_a_413_fails_at_once(players, push_service) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    client, sub = subscribe(b, push_service)
    push_service.answer(client, 413)
    a.start(table(a, [b], "snake-bones"), first_player=0)
    assert deliver_pending() == ["failed"]
    row = PushDelivery.objects.get()
    assert (row.attempts, row.last_error) == (1, "payload too large")
    assert deliver_pending() == [] and len(push_service.of(client)) == 1
    assert PushSubscription.objects.filter(pk=sub["id"]).exists()


def test_a_push_signed_with_another_key_is_refused_by_the_push_service(  # type: ignore[no-untyped-def]
        players, push_service, settings) -> None:
    """The test push service really checks the JWT: with the key changed after the browser
    subscribed, it answers 403 and nothing is taken; the push is not retried."""
    a, b = players(2)
    client, _ = subscribe(b, push_service)
    settings.DICE_VAPID_PRIVATE_KEY = raw_private_key()
    a.start(table(a, [b], "snake-bones"), first_player=0)
    assert deliver_pending() == ["failed"]
    assert push_service.of(client) == []
    assert push_service.rejected == ["403 not the application server key subscribed with"]


def test_a_private_address_at_delivery_time_fails(players, push_service, settings) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    client, _ = subscribe(b, push_service)
    a.start(table(a, [b], "snake-bones"), first_player=0)
    settings.DICE_WEBHOOK_ALLOW_PRIVATE = False  # localhost is refused from now on
    assert deliver_pending() == ["failed"]
    row = PushDelivery.objects.get()
    assert row.last_error == "address not allowed" and row.attempts == 1
    assert push_service.of(client) == []


def test_an_unusable_subscription_fails_once_and_is_not_retried(players, push_service) -> None:  # type: ignore[no-untyped-def]
    """A row whose subscription cannot be encrypted to (made before a check existed, or
    changed under us) fails at once instead of raising in the worker again and again."""
    a, b = players(2)
    client, sub = subscribe(b, push_service)
    a.start(table(a, [b], "snake-bones"), first_player=0)
    PushSubscription.objects.filter(pk=sub["id"]).update(p256dh="AAAA")
    assert deliver_pending() == ["failed"]
    assert PushDelivery.objects.get().last_error == delivery.UNUSABLE
    assert push_service.of(client) == []


def test_a_rolled_back_move_pushes_nothing(players, push_service, monkeypatch,  # type: ignore[no-untyped-def]
                                           django_capture_on_commit_callbacks) -> None:
    handed: list[list[int]] = []
    monkeypatch.setattr(outbox, "dispatch", handed.append)
    a, b = players(2)
    client, _ = subscribe(a, push_service)
    game_id = table(a, [b], "snake-bones")
    a.start(game_id, first_player=0)
    stake(a, game_id)  # both seats stake at once; b's stake then calls a to act
    PushDelivery.objects.all().delete()

    class RolledBack(Exception):
        pass

    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        with pytest.raises(RolledBack):
            with transaction.atomic():
                stake(b, game_id)
                assert PushDelivery.objects.filter(user__username=a.username).exists()
                raise RolledBack
    assert callbacks == [] and handed == []
    assert not PushDelivery.objects.exists()
    assert deliver_pending() == [] and push_service.of(client) == []
    # The same move committed: handed to a worker after commit, and pushed.
    with django_capture_on_commit_callbacks(execute=True):
        stake(b, game_id)
    assert handed and deliver_pending() and push_service.of(client)


def stake(player, game_id: str) -> None:  # type: ignore[no-untyped-def]
    listing = player.legal(game_id)
    action = next(x for x in expand_all(listing["actions"]) if x["type"] == "stake")
    response = player.act(game_id, action, listing["version"])
    assert response.status_code == 201, response.content


def test_a_kind_turned_off_is_not_pushed(players, push_service) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    subscribe(a, push_service)
    client_b, _ = subscribe(b, push_service)
    b.client.patch(f"{BASE}/me/notifications", {"push": {"your_turn": False}}, format="json")
    a.start(table(a, [b], "snake-bones"), first_player=0)  # both seats called to stake
    assert [(r.user_id, r.kind) for r in PushDelivery.objects.all()] == [
        (Game.objects.get().creator_id, "your_turn")]
    deliver_pending()
    assert push_service.of(client_b) == []


def test_a_subscription_past_its_expiration_time_is_not_pushed(players, push_service) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    subscribe(b, push_service, expirationTime=(timezone.now().timestamp() - 1) * 1000)
    a.start(table(a, [b], "snake-bones"), first_player=0)
    assert not PushDelivery.objects.exists()


def test_no_push_when_push_is_turned_off(players, push_service, settings) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    subscribe(b, push_service)
    settings.DICE_PUSH_ENABLED = False
    a.start(table(a, [b], "snake-bones"), first_player=0)
    assert not PushDelivery.objects.exists()


def test_a_deleted_accounts_subscriptions_and_log_are_gone(players, push_service) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    client, _ = subscribe(b, push_service)
    a.start(table(a, [b], "snake-bones"), first_player=0)
    deliver_pending()
    assert PushDelivery.objects.filter(user__username=b.username).exists()
    response = b.client.delete(f"{BASE}/me", data=json.dumps({"password":
                                                             "correct horse battery"}),
                               content_type="application/json")
    assert response.status_code == 204, response.content
    assert not PushSubscription.objects.exists()
    assert not PushDelivery.objects.filter(user__username__startswith=b.username).exists()
    # The bot plays the seat now; nothing is pushed to the account any more.
    assert not PushDelivery.objects.filter(status="pending").exists()
    assert len(push_service.of(client)) == 1


def test_a_clock_warning_is_urgent_and_lives_less_than_the_time_left(players, push_service) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    client, _ = subscribe(b, push_service)
    game = a.create("snake-bones", 2)
    Game.objects.filter(id=game["id"]).update(turn_timeout=60)
    b.join(game["id"])
    a.start(game["id"], first_player=0)
    PushDelivery.objects.all().delete()
    deadline = Deadline.objects.get(game_id=game["id"], seat=1)
    Deadline.objects.filter(pk=deadline.pk).update(warn_at=timezone.now() - timedelta(seconds=1))
    assert tidings.send_clock_warnings() == 1
    assert deliver_pending() == ["delivered"]
    (got,) = push_service.of(client)
    left = (deadline.due_at - timezone.now()).total_seconds()
    assert got.payload["kind"] == "clock_warning"
    assert got.payload["due_at"].startswith(deadline.due_at.strftime("%Y-%m-%dT%H:%M:%S"))
    assert set(got.payload) == KEYS | {"due_at"}
    assert got.headers["urgency"] == "high"
    assert 0 < int(got.headers["ttl"]) < left
    assert "topic" not in got.headers


def test_the_push_log_is_paged_newest_first(players, push_service) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    subscribe(b, push_service)
    subscribe(b, push_service)
    a.start(table(a, [b], "snake-bones"), first_player=0)
    deliver_pending()
    ids = sorted(PushDelivery.objects.values_list("pk", flat=True), reverse=True)
    first = b.get("/me/push-deliveries", limit=1).json()
    assert [d["id"] for d in first["results"]] == ids[:1]
    assert first["results"][0]["status"] == "delivered"
    assert first["results"][0]["delivered_at"] is not None
    second = b.client.get(first["next"]).json()
    assert [d["id"] for d in second["results"]] == ids[1:] and second["next"] is None
    assert a.get("/me/push-deliveries").json() == {"results": [], "next": None}
    bad = b.get("/me/push-deliveries", cursor="nonsense")
    assert bad.status_code == 400 and bad.json()["code"] == "invalid_cursor"
