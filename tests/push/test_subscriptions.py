"""Push subscriptions and preferences over HTTP: validation with stable codes, the cap,
re-subscribing, a device moving to another account, push turned off, the export."""

from __future__ import annotations

import base64
from typing import Any

import pytest

from events.models import PushPreference, PushSubscription
from events.push import keys
from tests.push.helpers import subscribe
from tests.support.push_service import PushService, b64url

BASE = "/api/v1"


def browser(service: PushService, **changes: Any) -> dict:
    body = service.subscribe().subscription()
    keys_ = {**body["keys"], **changes.pop("keys", {})}
    return {**body, "keys": keys_, **changes}


def test_the_vapid_public_key_is_served_without_a_token(api, db, vapid_key) -> None:  # type: ignore[no-untyped-def]
    response = api.anonymous.get(f"{BASE}/push/vapid-public-key")
    assert response.status_code == 200
    key = response.json()["public_key"]
    assert key == vapid_key and "=" not in key
    raw = base64.urlsafe_b64decode(key + "=" * (-len(key) % 4))
    assert len(raw) == 65 and raw[0] == 4


def test_a_key_pair_is_generated_once_into_the_var_folder(settings, tmp_path) -> None:  # type: ignore[no-untyped-def]
    settings.DICE_VAPID_PRIVATE_KEY = ""
    settings.VAR_DIR = tmp_path / "var"
    first = keys.public_key()
    assert (tmp_path / "var" / keys.KEY_FILE).stat().st_mode & 0o777 == 0o600
    settings.VAR_DIR = tmp_path / "var"  # the same folder again: the same key
    assert keys.public_key() == first


def test_subscribe_list_and_unsubscribe(players, push_service) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    client, made = subscribe(a, push_service)
    assert set(made) == {"id", "endpoint", "language", "expiration_time", "created_at"}
    assert made["endpoint"] == client.endpoint and made["language"] == "en"
    assert made["expiration_time"] is None
    assert [s["id"] for s in a.get("/me/push-subscriptions").json()] == [made["id"]]
    assert a.client.delete(f"{BASE}/me/push-subscriptions/{made['id']}").status_code == 204
    assert a.get("/me/push-subscriptions").json() == []
    gone = a.client.delete(f"{BASE}/me/push-subscriptions/{made['id']}")
    assert gone.status_code == 404 and gone.json()["code"] == "push_subscription_not_found"


def test_language_from_the_body_or_accept_language_and_expiration_time(  # type: ignore[no-untyped-def]
        players, push_service) -> None:
    (a,) = players(1)
    _, made = subscribe(a, push_service, language="fr", expirationTime=1_900_000_000_000)
    assert made["language"] == "fr"
    assert made["expiration_time"].startswith("2030-03-17T")
    response = a.post("/me/push-subscriptions", browser(push_service),
                      **{"Accept-Language": "fr-CA, en;q=0.5"})
    assert response.status_code == 201 and response.json()["language"] == "fr"


def test_someone_elses_subscription_is_not_found(players, push_service) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    _, made = subscribe(a, push_service)
    response = b.client.delete(f"{BASE}/me/push-subscriptions/{made['id']}")
    assert response.status_code == 404
    assert PushSubscription.objects.filter(pk=made["id"]).exists()


@pytest.mark.parametrize("changes, code", [
    ({"endpoint": "http://localhost/push/x"}, "invalid_push_endpoint"),
    ({"endpoint": "ftp://push.example.com/x"}, "invalid_push_endpoint"),
    ({"endpoint": "https:///nohost"}, "invalid_push_endpoint"),
    ({"endpoint": "https://push.example.com:99999/x"}, "invalid_push_endpoint"),
    ({"endpoint": "https://push.example.com/" + "x" * 1000}, "invalid_push_endpoint"),
    ({"keys": {"p256dh": b64url(b"\x04" + b"\x01" * 64)}}, "invalid_push_keys"),  # off curve
    ({"keys": {"p256dh": b64url(b"\x04" * 33)}}, "invalid_push_keys"),
    ({"keys": {"p256dh": "not base64url!"}}, "invalid_push_keys"),
    ({"keys": {"auth": b64url(b"\x00" * 15)}}, "invalid_push_keys"),
    ({"keys": {"auth": b64url(b"\x00" * 17)}}, "invalid_push_keys"),
    ({"keys": {"auth": base64.b64encode(b"\xff" * 16).decode()}}, "invalid_push_keys"),
    ({"keys": {"auth": 16}}, "invalid_request"),
    ({"endpoint": "https://user:pw@push.example.com/x"}, "invalid_push_endpoint"),
    ({"endpoint": "https://[2001:db8::1]/x"}, "invalid_push_endpoint"),  # no VAPID aud
    ({"expirationTime": "soon"}, "invalid_request"),
    ({"expirationTime": 2.0**60}, "invalid_request"),  # beyond year 9999
    ({"language": "xx"}, "invalid_request"),
    ({"endpoint": None}, "invalid_request"),
])
def test_bad_subscriptions_are_refused_with_a_stable_code(  # type: ignore[no-untyped-def]
        players, push_service, changes, code) -> None:
    (a,) = players(1)
    response = a.post("/me/push-subscriptions", browser(push_service, **changes))
    assert response.status_code == 400, response.content
    assert response.json()["code"] == code
    assert not PushSubscription.objects.exists()


def test_an_endpoint_at_a_private_address_is_refused_like_a_webhook_url(  # type: ignore[no-untyped-def]
        players, push_service, settings) -> None:
    settings.DICE_WEBHOOK_ALLOW_PRIVATE = False
    (a,) = players(1)
    for endpoint in (push_service.subscribe().endpoint,  # https://localhost:port/...
                     "https://127.0.0.1/push/x", "https://10.1.2.3/push/x",
                     "https://[::1]/push/x", "https://169.254.169.254/push/x"):
        response = a.post("/me/push-subscriptions", browser(push_service, endpoint=endpoint))
        assert response.status_code == 400, endpoint
        assert response.json()["code"] == "invalid_push_endpoint", endpoint
    assert not PushSubscription.objects.exists()


def test_the_same_endpoint_again_updates_it(players, push_service) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    client, made = subscribe(a, push_service)
    again = a.post("/me/push-subscriptions", {**client.subscription(), "language": "fr"})
    assert again.status_code == 200
    assert again.json()["id"] == made["id"] and again.json()["language"] == "fr"
    assert PushSubscription.objects.count() == 1


def test_an_endpoint_posted_by_another_account_moves_to_it(players, push_service) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    client, made = subscribe(a, push_service)
    moved = b.post("/me/push-subscriptions", client.subscription())
    assert moved.status_code == 201 and moved.json()["id"] == made["id"]
    assert a.get("/me/push-subscriptions").json() == []
    assert [s["id"] for s in b.get("/me/push-subscriptions").json()] == [made["id"]]


def test_subscriptions_are_capped(players, push_service, settings) -> None:  # type: ignore[no-untyped-def]
    settings.DICE_PUSH_SUBSCRIPTIONS_PER_USER = 2
    (a,) = players(1)
    subscribe(a, push_service)
    client, _ = subscribe(a, push_service)
    response = a.post("/me/push-subscriptions", browser(push_service))
    assert response.status_code == 409
    assert response.json()["code"] == "too_many_push_subscriptions"
    assert response.json()["limit"] == 2
    assert PushSubscription.objects.count() == 2
    # Updating one held already is no new one.
    assert a.post("/me/push-subscriptions", client.subscription()).status_code == 200


def test_push_turned_off_answers_404_push_disabled(players, push_service, settings) -> None:  # type: ignore[no-untyped-def]
    settings.DICE_PUSH_ENABLED = False
    (a,) = players(1)
    for response in (a.get("/push/vapid-public-key"), a.get("/me/push-subscriptions"),
                     a.post("/me/push-subscriptions", browser(push_service)),
                     a.client.delete(f"{BASE}/me/push-subscriptions/1")):
        assert response.status_code == 404
        assert response.json()["code"] == "push_disabled"


def test_preferences_are_all_on_and_a_patch_merges(players) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    every = {"your_turn": True, "match_found": True, "rematch_offered": True,
             "clock_warning": True, "game_finished": True}
    assert a.get("/me/notifications").json() == {"push": every}
    patched = a.client.patch(f"{BASE}/me/notifications", {"push": {"game_finished": False}},
                             format="json")
    assert patched.status_code == 200
    assert patched.json() == {"push": {**every, "game_finished": False}}
    patched = a.client.patch(f"{BASE}/me/notifications", {"push": {"your_turn": False}},
                             format="json")
    assert patched.json() == {"push": {**every, "game_finished": False, "your_turn": False}}
    assert a.get("/me/notifications").json() == patched.json()
    assert PushPreference.objects.get().off == ["game_finished", "your_turn"]


@pytest.mark.parametrize("body", [{"push": {"rating_changed": False}},
                                  {"push": {"nonsense": True, "your_turn": False}}])
def test_unknown_kinds_are_refused(players, body) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    response = a.client.patch(f"{BASE}/me/notifications", body, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_notification_kinds"
    assert not PushPreference.objects.exists()


def test_bad_preference_values_are_refused(players) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    for body in ({"push": {"your_turn": "maybe"}}, {"push": {"your_turn": "true"}},
                 {"push": {"your_turn": 0}}, {"push": []}, {}, []):
        response = a.client.patch(f"{BASE}/me/notifications", body, format="json")
        assert response.status_code == 400, body
    assert not PushPreference.objects.exists()


def test_the_export_holds_subscriptions_without_keys_and_the_preferences(  # type: ignore[no-untyped-def]
        players, push_service) -> None:
    (a,) = players(1)
    client, made = subscribe(a, push_service)
    a.client.patch(f"{BASE}/me/notifications", {"push": {"clock_warning": False}}, format="json")
    exported = a.get("/me/export").json()["push"]
    assert exported["subscriptions"] == [made]
    assert exported["preferences"]["clock_warning"] is False
    assert exported["preferences"]["your_turn"] is True
    assert client.subscription()["keys"]["auth"] not in str(exported)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_one_endpoint_posted_by_two_accounts_at_once_ends_with_one_of_them(  # type: ignore[no-untyped-def]
        players, push_service) -> None:
    """Two accounts lock their own rows, not each other's: both may try to insert the
    endpoint; the loser takes it over instead of failing (a 5xx before)."""
    from django.db import connection

    from tests.support.concurrency import at_once

    def post(i: int) -> int:
        try:
            return (a, b)[i].post("/me/push-subscriptions", body).status_code
        finally:
            connection.close()

    a, b = players(2)
    body = push_service.subscribe().subscription()
    for _ in range(3):  # the race is not won the same way every time
        PushSubscription.objects.all().delete()
        assert sorted(at_once(2, post)) == [201, 201]
    (sub,) = PushSubscription.objects.all()
    assert sub.user.username in (a.username, b.username)
