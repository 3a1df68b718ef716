"""Accounts: usernames unique regardless of case, password rules, a token per login that
its owner can list and revoke, logout, token lifetimes (docs/accounts.md)."""

from __future__ import annotations

import hashlib
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.models import AccessToken
from tests.support.api import BASE


def register(api, username: str, password: str):  # type: ignore[no-untyped-def]
    return api.anonymous.post(f"{BASE}/auth/register",
                              {"username": username, "password": password}, format="json")


def login(username: str, password: str, **extra: str):  # type: ignore[no-untyped-def]
    return APIClient().post(f"{BASE}/auth/token", {"username": username, "password": password},
                            format="json", **extra)


def client(token: str, keyword: str = "Token") -> APIClient:
    c = APIClient()
    c.credentials(HTTP_AUTHORIZATION=f"{keyword} {token}")
    return c


def test_usernames_are_unique_regardless_of_case(api, db) -> None:  # type: ignore[no-untyped-def]
    assert register(api, "CaseX", "case-secret-1").status_code == 201
    again = register(api, "casex", "case-secret-2")
    assert again.status_code == 409 and again.json()["code"] == "username_taken"
    assert get_user_model().objects.filter(username__iexact="casex").count() == 1
    # Logins find the account in any case; the answer names it as registered.
    response = login("CASEX", "case-secret-1")
    assert response.status_code == 200 and response.json()["username"] == "CaseX"


def test_the_database_refuses_usernames_differing_only_in_case(db) -> None:  # type: ignore[no-untyped-def]
    users = get_user_model()
    users.objects.create_user("Mixed.Case")
    with pytest.raises(IntegrityError), transaction.atomic():
        users.objects.create_user("mixed.case")


@pytest.mark.parametrize("username,password", [
    ("dave", "12345678"),            # numeric and common
    ("erin", "password"),            # common
    ("frank", "abc12"),              # short (caught by the request's shape)
    ("margaret", "margaret1"),       # too like the username
])
def test_weak_passwords_are_refused(api, db, username: str, password: str) -> None:  # type: ignore[no-untyped-def]
    response = register(api, username, password)
    assert response.status_code == 400, response.content
    body = response.json()
    assert body["code"] in {"invalid_password", "invalid_request"}
    assert body["errors"]["password"]
    assert not get_user_model().objects.filter(username=username).exists()


def test_numeric_passwords_get_invalid_password_with_the_reasons(api, db) -> None:  # type: ignore[no-untyped-def]
    response = register(api, "dave", "12345678")
    body = response.json()
    assert response.status_code == 400 and body["code"] == "invalid_password"
    assert response["Content-Type"].startswith("application/problem+json")
    assert any("numeric" in m for m in body["errors"]["password"])


def test_the_readme_walkthrough_passwords_pass(api, db) -> None:  # type: ignore[no-untyped-def]
    assert register(api, "alice", "alice-secret-1").status_code == 201
    assert register(api, "bob", "bob-secret-12").status_code == 201


def test_each_login_gets_its_own_token_stored_as_a_hash(api, db) -> None:  # type: ignore[no-untyped-def]
    first = register(api, "carol", "carol-secret-1").json()
    second = login("carol", "carol-secret-1").json()
    third = login("carol", "carol-secret-1", HTTP_USER_AGENT="DiceApp/2.1").json()
    keys = {first["token"], second["token"], third["token"]}
    assert len(keys) == 3
    stored = AccessToken.objects.filter(user__username="carol")
    assert stored.count() == 3
    assert {t.key_hash for t in stored} == {hashlib.sha256(k.encode()).hexdigest() for k in keys}
    assert not any(t.key_hash in keys for t in stored)
    for key in keys:
        assert client(key).get(f"{BASE}/games").status_code == 200
        assert client(key, "Bearer").get(f"{BASE}/games").status_code == 200
    assert AccessToken.objects.get(id=third["token_id"]).name == "DiceApp/2.1"


def test_tokens_are_listed_without_keys_and_revocable(api, db) -> None:  # type: ignore[no-untyped-def]
    phone = register(api, "dan", "dan-secret-12").json()
    laptop = login("dan", "dan-secret-12").json()
    me = client(phone["token"])
    listing = me.get(f"{BASE}/auth/tokens")
    assert listing.status_code == 200
    rows = listing.json()
    assert [r["id"] for r in rows] == [laptop["token_id"], phone["token_id"]]
    assert [r["current"] for r in rows] == [False, True]
    assert rows[1]["prefix"] == phone["token"][:8] and rows[1]["last_used_at"]
    assert not any(phone["token"] in str(v) or laptop["token"] in str(v)
                   for r in rows for v in r.values())
    # Another user can neither see nor revoke dan's tokens.
    eve = client(register(api, "eve", "eve-secret-123").json()["token"])
    assert len(eve.get(f"{BASE}/auth/tokens").json()) == 1
    refused = eve.delete(f"{BASE}/auth/tokens/{laptop['token_id']}")
    assert refused.status_code == 404 and refused.json()["code"] == "token_not_found"
    assert me.delete(f"{BASE}/auth/tokens/{10**20}").status_code == 404
    # Revoked: the laptop's token answers 401 from now on; the phone's still works.
    assert me.delete(f"{BASE}/auth/tokens/{laptop['token_id']}").status_code == 204
    gone = client(laptop["token"]).get(f"{BASE}/games")
    assert gone.status_code == 401 and gone.json()["code"] == "authentication_failed"
    assert me.get(f"{BASE}/games").status_code == 200


def test_logout_revokes_the_token_in_use_only(api, db) -> None:  # type: ignore[no-untyped-def]
    one = register(api, "fay", "fay-secret-123").json()["token"]
    two = login("fay", "fay-secret-123").json()["token"]
    assert client(one).post(f"{BASE}/auth/logout").status_code == 204
    assert client(one).get(f"{BASE}/games").status_code == 401
    assert client(one).post(f"{BASE}/auth/logout").status_code == 401
    assert client(two).get(f"{BASE}/games").status_code == 200


def test_tokens_expire_after_dice_token_ttl(api, db, settings) -> None:  # type: ignore[no-untyped-def]
    settings.DICE_TOKEN_TTL = 3600
    issued = register(api, "gus", "gus-secret-123").json()
    token = AccessToken.objects.get(id=issued["token_id"])
    assert abs((token.expires_at - timezone.now()) - timedelta(hours=1)) < timedelta(minutes=1)
    assert issued["expires_at"] is not None
    assert client(issued["token"]).get(f"{BASE}/games").status_code == 200
    AccessToken.objects.filter(id=token.id).update(expires_at=timezone.now() - timedelta(seconds=1))
    response = client(issued["token"]).get(f"{BASE}/games")
    assert response.status_code == 401 and response.json()["code"] == "authentication_failed"
    assert response["Content-Type"].startswith("application/problem+json")
    assert "expired" in response.json()["detail"]


def test_without_a_ttl_tokens_do_not_expire(api, db, settings) -> None:  # type: ignore[no-untyped-def]
    settings.DICE_TOKEN_TTL = 0
    issued = register(api, "hal", "hal-secret-123").json()
    assert issued["expires_at"] is None
    assert AccessToken.objects.get(id=issued["token_id"]).expires_at is None
