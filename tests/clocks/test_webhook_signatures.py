"""Webhook deliveries signed as Standard Webhooks says (issue #19), checked the way a
receiver checks them: with the `standardwebhooks` library, on real POSTs made by the
delivery code (events/webhooks/delivery.py) to a server of the test on 127.0.0.1.

Stale timestamps are refused, secrets rotate with an overlap in which both sign, secrets
of the old scheme keep their key, and the deprecated X-Dice-* headers still come.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import importlib
import json
import secrets
from datetime import datetime, timedelta, timezone as tz
from typing import Any, Iterator

import pytest
from django.apps import apps
from django.test import override_settings
from django.utils import timezone
from standardwebhooks import webhooks as standard
from standardwebhooks.webhooks import Webhook, WebhookVerificationError

from events.webhooks import delivery as notify
from events.models import Delivery, Webhook as Hook
from tests.support.api import table

from .test_webhooks import Receiver

pytestmark = pytest.mark.usefixtures("allow_loopback")


@pytest.fixture
def allow_loopback() -> Iterator[None]:
    with override_settings(DICE_WEBHOOK_ALLOW_PRIVATE=True):
        yield


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    running = Receiver()
    yield running
    running.close()


def register(player: Any, url: str, **extra: Any) -> dict:
    response = player.post("/webhooks", {"url": url, "events": ["game_started"], **extra})
    assert response.status_code == 201, response.content
    return response.json()


def started(players: Any, hook_owner: Any = None) -> None:
    """A game of `hook_owner` starts: its webhook is owed a game_started delivery."""
    (other,) = players(1)
    owner = hook_owner
    owner.start(table(owner, [other], "snake-bones"), first_player=0)


def deliver_all() -> None:
    for delivery in Delivery.objects.filter(status="pending"):
        notify.deliver(delivery.pk)


def verifies(secret: str | bytes, headers: dict[str, str], body: bytes) -> bool:
    try:
        Webhook(secret).verify(body, headers)
    except WebhookVerificationError:
        return False
    return True


def another_secret() -> str:
    return "whsec_" + base64.b64encode(secrets.token_bytes(32)).decode()


def test_a_delivery_verifies_with_the_standard_library(players, receiver: Receiver) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    hook = register(a, receiver.url)
    secret = hook["secret"]
    assert secret.startswith("whsec_") and len(base64.b64decode(secret[6:])) == 32
    started(players, a)
    deliver_all()
    ((headers, body),) = receiver.received
    delivery = Delivery.objects.get(webhook_id=hook["id"])
    payload = Webhook(secret).verify(body, headers)
    assert payload == json.loads(body) and payload["kind"] == "game_started"
    assert payload["id"] == delivery.pk and payload["data"]["seat"] == 0
    assert headers["webhook-id"] == f"msg_{delivery.pk}"
    assert abs(int(headers["webhook-timestamp"]) - timezone.now().timestamp()) < 60
    assert headers["webhook-signature"].startswith("v1,")
    assert not verifies(another_secret(), headers, body)
    tampered = body.replace(b'"seat":0', b'"seat":1')
    assert tampered != body and not verifies(secret, headers, tampered)
    forged = {**headers, "webhook-id": f"msg_{delivery.pk + 1}"}
    assert not verifies(secret, forged, body)
    # the deprecated headers still come, signed with the same key
    key = base64.b64decode(secret[6:])
    assert headers["X-Dice-Event"] == "game_started"
    assert headers["X-Dice-Delivery"] == str(delivery.pk)
    assert headers["X-Dice-Signature"] == \
        "sha256=" + hmac.new(key, body, hashlib.sha256).hexdigest()


@override_settings(DICE_WEBHOOK_LEGACY_HEADERS=False)
def test_the_deprecated_headers_can_be_turned_off(players, receiver: Receiver) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    hook = register(a, receiver.url)
    started(players, a)
    deliver_all()
    ((headers, body),) = receiver.received
    assert not any(name.lower().startswith("x-dice-") for name in headers)
    assert verifies(hook["secret"], headers, body)


def test_a_delivery_signed_ten_minutes_ago_is_refused(players, receiver: Receiver,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    hook = register(a, receiver.url)
    started(players, a)
    ten_minutes_ago = int(timezone.now().timestamp()) - 600
    monkeypatch.setattr(notify, "now_seconds", lambda: ten_minutes_ago)
    deliver_all()
    ((headers, body),) = receiver.received
    assert headers["webhook-timestamp"] == str(ten_minutes_ago)
    with pytest.raises(WebhookVerificationError, match="too old"):
        Webhook(hook["secret"]).verify(body, headers)


def test_a_captured_delivery_replayed_later_is_refused(players, receiver: Receiver,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    hook = register(a, receiver.url)
    started(players, a)
    deliver_all()
    ((headers, body),) = receiver.received
    assert verifies(hook["secret"], headers, body)  # fresh: accepted

    class Later(datetime):
        @classmethod
        def now(cls, tz: Any = None) -> datetime:  # type: ignore[override]
            return datetime.now(tz) + timedelta(minutes=10)

    monkeypatch.setattr(standard, "datetime", Later)  # the receiver's clock, 10 minutes on
    with pytest.raises(WebhookVerificationError, match="too old"):
        Webhook(hook["secret"]).verify(body, headers)


def test_a_retry_keeps_its_id_and_is_signed_again_at_its_own_time(
        players, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    flaky = Receiver(failures=1)
    try:
        (a,) = players(1)
        hook = register(a, flaky.url)
        started(players, a)
        (delivery,) = Delivery.objects.filter(webhook_id=hook["id"])
        now = int(timezone.now().timestamp())
        monkeypatch.setattr(notify, "now_seconds", lambda: now - 30)
        assert notify.deliver(delivery.pk) == "pending"
        Delivery.objects.filter(pk=delivery.pk).update(next_attempt_at=timezone.now())
        monkeypatch.setattr(notify, "now_seconds", lambda: now)
        assert notify.deliver(delivery.pk) == "delivered"
        (first, _), (second, body) = flaky.received
        assert first["webhook-id"] == second["webhook-id"] == f"msg_{delivery.pk}"
        assert (first["webhook-timestamp"], second["webhook-timestamp"]) == (str(now - 30),
                                                                           str(now))
        assert first["webhook-signature"] != second["webhook-signature"]
        assert verifies(hook["secret"], first, body) and verifies(hook["secret"], second, body)
    finally:
        flaky.close()


# Secrets --------------------------------------------------------------------------------

def test_a_supplied_secret_in_another_form_is_a_key_of_its_utf8_bytes(
        players, receiver: Receiver) -> None:  # type: ignore[no-untyped-def]
    """As secrets were before: the string's bytes are the key, shown in the whsec form;
    the deprecated X-Dice-Signature is what it always was for that string."""
    (a,) = players(1)
    raw = "a-shared-secret-0123456789"
    hook = register(a, receiver.url, secret=raw)
    assert hook["secret"] == "whsec_" + base64.b64encode(raw.encode()).decode()
    started(players, a)
    deliver_all()
    ((headers, body),) = receiver.received
    assert verifies(hook["secret"], headers, body)
    assert verifies(raw.encode(), headers, body)
    old_way = "sha256=" + hmac.new(raw.encode(), body, hashlib.sha256).hexdigest()
    assert hmac.compare_digest(old_way, headers["X-Dice-Signature"])


def test_supplied_whsec_secrets_are_checked(players) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    url = "http://127.0.0.1:9/hook"
    good = another_secret()
    assert register(a, url, secret=good)["secret"] == good
    unpadded = "whsec_" + base64.b64encode(b"k" * 25).decode().rstrip("=")
    assert register(a, url, secret=unpadded)["secret"] == "whsec_" + base64.b64encode(
        b"k" * 25).decode()
    for bad in ("whsec_not*base64*at*all!!", "whsec_" + "A" * 15 + "!",
                "whsec_" + base64.b64encode(b"short-key-16byte").decode(),  # 16 bytes < 24
                "whsec_" + base64.b64encode(b"x" * 65).decode()[:120]):  # > 64 bytes
        response = a.post("/webhooks", {"url": url, "events": ["game_over"], "secret": bad})
        assert response.status_code == 400, (bad, response.content)
        assert response.json()["code"] == "invalid_webhook_secret", bad
    short = a.post("/webhooks", {"url": url, "events": ["game_over"], "secret": "too-short"})
    assert short.status_code == 400


def test_secrets_are_shown_once_not_in_the_list(players) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    hook = register(a, "http://127.0.0.1:9/hook")
    (listed,) = a.get("/webhooks").json()
    assert "secret" not in listed and listed["rotating_until"] is None
    assert hook["secret"] not in json.dumps(a.get("/webhooks").json())


def test_the_migration_keeps_the_key_of_old_secrets(db: Any) -> None:
    """0005 rewrites an old secret to whsec_ + base64 of its UTF-8 bytes, and back."""
    migration = importlib.import_module("events.migrations.0005_webhook_standard_signatures")
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_user("old-timer")
    olds = ["Xq3-urlsafe_token_from_before_0123456789abcdef", "päss-wörd-with-ümlauts-1",
            "whsec_looks-new-but-was-a-plain-string"]
    hooks = [Hook.objects.create(user=user, url="http://127.0.0.1:9/", events=["game_over"],
                                 secret="placeholder") for _ in olds]
    for hook, old in zip(hooks, olds):
        Hook.objects.filter(pk=hook.pk).update(secret=old)  # as the old code stored it
    migration.to_whsec(apps, None)
    for hook, old in zip(hooks, olds):
        hook.refresh_from_db()
        assert hook.secret == "whsec_" + base64.b64encode(old.encode()).decode()
        assert Webhook(hook.secret)._whsecret == old.encode()
    migration.from_whsec(apps, None)
    assert [Hook.objects.get(pk=h.pk).secret for h in hooks] == olds


# Rotation -------------------------------------------------------------------------------

def test_a_rotation_signs_with_both_secrets_until_it_ends(players, receiver: Receiver) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    hook = register(a, receiver.url)
    old = hook["secret"]
    started(players, a)  # pending while the secret rotates: signed at its attempt
    (pending,) = Delivery.objects.filter(webhook_id=hook["id"])

    rotated = a.post(f"/webhooks/{hook['id']}/rotate-secret", {})
    assert rotated.status_code == 200, rotated.content
    new = rotated.json()["secret"]
    assert new.startswith("whsec_") and new != old
    until = datetime.fromisoformat(rotated.json()["rotating_until"].replace("Z", "+00:00"))
    assert timedelta(hours=71) < until - datetime.now(tz.utc) <= timedelta(hours=72)
    (listed,) = a.get("/webhooks").json()
    assert listed["rotating_until"] is not None and "secret" not in listed
    again = a.post(f"/webhooks/{hook['id']}/rotate-secret", {})
    assert again.status_code == 409 and again.json()["code"] == "webhook_rotation_in_progress"

    assert notify.deliver(pending.pk) == "delivered"
    started(players, a)  # and one made during the overlap
    deliver_all()
    assert len(receiver.received) == 2
    for headers, body in receiver.received:
        assert len(headers["webhook-signature"].split(" ")) == 2
        assert verifies(old, headers, body) and verifies(new, headers, body)
        assert not verifies(another_secret(), headers, body)

    ended = a.post(f"/webhooks/{hook['id']}/end-rotation", {})
    assert ended.status_code == 200 and ended.json()["rotating_until"] is None
    assert "secret" not in ended.json()
    assert a.post(f"/webhooks/{hook['id']}/end-rotation", {}).status_code == 200  # idempotent
    started(players, a)
    deliver_all()
    headers, body = receiver.received[-1]
    assert len(receiver.received) == 3
    assert verifies(new, headers, body) and not verifies(old, headers, body)
    assert Delivery.objects.filter(webhook_id=hook["id"], status="delivered").count() == 3


def test_a_rotation_ends_on_its_own_and_takes_a_supplied_secret(  # type: ignore[no-untyped-def]
        players, receiver: Receiver) -> None:
    (a,) = players(1)
    hook = register(a, receiver.url)
    old = hook["secret"]
    chosen = another_secret()
    rotated = a.post(f"/webhooks/{hook['id']}/rotate-secret",
                     {"secret": chosen, "overlap_hours": 1})
    assert rotated.status_code == 200 and rotated.json()["secret"] == chosen
    Hook.objects.filter(pk=hook["id"]).update(
        previous_secret_until=timezone.now() - timedelta(seconds=1))  # the hour has passed
    (listed,) = a.get("/webhooks").json()
    assert listed["rotating_until"] is None
    started(players, a)
    deliver_all()
    ((headers, body),) = receiver.received
    assert verifies(chosen, headers, body) and not verifies(old, headers, body)
    # the overlap is over: a new rotation may start
    assert a.post(f"/webhooks/{hook['id']}/rotate-secret", {}).status_code == 200
    assert a.post(f"/webhooks/{hook['id']}/end-rotation", {}).status_code == 200
    for body in ({"overlap_hours": 0}, {"overlap_hours": 721}, {"secret": "whsec_!!"}):
        response = a.post(f"/webhooks/{hook['id']}/rotate-secret", body)
        assert response.status_code == 400, (body, response.content)


def test_only_the_owner_rotates(players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    hook = register(a, "http://127.0.0.1:9/hook")
    for path in ("rotate-secret", "end-rotation"):
        response = b.post(f"/webhooks/{hook['id']}/{path}", {})
        assert response.status_code == 404 and response.json()["code"] == "webhook_not_found"
    assert Hook.objects.get(pk=hook["id"]).previous_secret == ""
