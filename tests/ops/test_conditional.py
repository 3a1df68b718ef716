"""Conditional requests (RFC 9110): ETag and If-None-Match -> 304 on a game, its state,
legal actions and events; If-Match: * on actions; Location on every 201."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.api import BASE, table

pytestmark = pytest.mark.django_db

STAKE = {"type": "stake", "coins": 1}


def started(players: Any) -> tuple[Any, Any, str]:
    alice, bob = players(2)
    game_id = table(alice, [bob], "snake-bones")
    alice.start(game_id, first_player=1)
    return alice, bob, game_id


def revalidate(player: Any, path: str, etag: str, **params: Any) -> Any:
    return player.client.get(BASE + path, params, HTTP_IF_NONE_MATCH=etag)


@pytest.mark.parametrize("path", ["", "/state", "/legal-actions", "/events"])
def test_an_unchanged_resource_is_not_modified_and_a_changed_one_is(players, path) -> None:  # type: ignore[no-untyped-def]
    alice, bob, game_id = started(players)
    url = f"/games/{game_id}{path}"
    first = alice.get(url)
    etag = first["ETag"]
    assert first.status_code == 200 and etag.startswith('"') and not etag.startswith("W/")
    assert first["Cache-Control"] == "private, no-cache"
    again = revalidate(alice, url, etag)
    assert again.status_code == 304 and again.content == b"" and again["ETag"] == etag
    assert revalidate(alice, url, f'"nope", W/{etag}').status_code == 304  # weak comparison
    assert revalidate(alice, url, '"nope"').status_code == 200
    # Another seat's answer differs, and so does its ETag.
    assert revalidate(bob, url, etag).status_code == 200
    # A move changes every one of them.
    version = alice.legal(game_id)["version"]
    assert alice.act(game_id, STAKE, version).status_code == 201
    changed = revalidate(alice, url, etag)
    assert changed.status_code == 200 and changed["ETag"] != etag
    assert revalidate(alice, url, changed["ETag"]).status_code == 304


def test_the_etag_follows_the_query(players) -> None:  # type: ignore[no-untyped-def]
    alice, _, game_id = started(players)
    whole = alice.get(f"/games/{game_id}/events")
    assert revalidate(alice, f"/games/{game_id}/events", whole["ETag"], after=1).status_code == 200
    assert revalidate(alice, f"/games/{game_id}/events", whole["ETag"], limit=1).status_code == 200
    now = alice.get(f"/games/{game_id}/state")
    past = alice.get(f"/games/{game_id}/state", version=0)
    assert now["ETag"] != past["ETag"]
    assert revalidate(alice, f"/games/{game_id}/state", past["ETag"], version=0).status_code == 304


def test_a_lobby_change_without_a_new_version_changes_the_games_etag(players) -> None:  # type: ignore[no-untyped-def]
    alice, bob = players(2)
    game = alice.create("snake-bones", 2)
    url = f"/games/{game['id']}"
    etag = alice.get(url)["ETag"]
    bob.join(game["id"])  # the version stays 0
    changed = revalidate(alice, url, etag)
    assert changed.status_code == 200 and changed.json()["version"] == 0
    seeded = alice.client.put(f"{BASE}{url}/seed-commitment", {"seed_commitment": "ab" * 32},
                              format="json")
    assert seeded.status_code == 200
    assert revalidate(alice, url, changed["ETag"]).status_code == 200


def test_if_match_star_posts_against_the_head(players) -> None:  # type: ignore[no-untyped-def]
    alice, _, game_id = started(players)
    url = f"/games/{game_id}/actions"
    head = alice.game(game_id)["version"]
    response = alice.post(url, {"action": STAKE}, **{"If-Match": "*", "Idempotency-Key": "k1"})
    assert response.status_code == 201, response.content
    assert response.json()["version"] > head
    # Retried with the same key: the first answer, nothing appended.
    retry = alice.post(url, {"action": STAKE}, **{"If-Match": "*", "Idempotency-Key": "k1"})
    assert retry.status_code == 201 and retry["Idempotent-Replayed"] == "true"
    assert retry.json() == response.json()
    # The body's expected_version still wins over If-Match.
    stale = alice.post(url, {"action": STAKE, "expected_version": head}, **{"If-Match": "*"})
    assert stale.status_code == 409


def test_every_201_says_where_its_resource_is(api, players) -> None:  # type: ignore[no-untyped-def]
    registered = api.anonymous.post(f"{BASE}/auth/register",
                                    {"username": "located", "password": "correct horse battery"},
                                    format="json")
    assert registered.status_code == 201
    assert registered["Location"] == f"{BASE}/auth/tokens/{registered.json()['token_id']}"

    alice, bob = players(2)
    created = alice.post("/games", {"game_type": "snake-bones", "seats": 2})
    game_id = created.json()["id"]
    assert created["Location"] == f"{BASE}/games/{game_id}"
    assert alice.client.get(created["Location"]).status_code == 200
    bob.join(game_id)
    alice.start(game_id, first_player=1)

    version = alice.legal(game_id)["version"]
    acted = alice.act(game_id, STAKE, version)
    assert acted.status_code == 201
    assert acted["Location"] == f"{BASE}/games/{game_id}/events?after={version}"
    listed = alice.client.get(acted["Location"]).json()["events"]
    assert [e["seq"] for e in listed][:len(acted.json()["events"])] == [
        e["seq"] for e in acted.json()["events"]]

    ticket = alice.post(f"/games/{game_id}/stream-ticket")
    assert ticket.status_code == 201
    assert ticket["Location"].startswith(f"{BASE}/games/{game_id}/stream?ticket=")
    from urllib.parse import parse_qs, urlsplit
    assert parse_qs(urlsplit(ticket["Location"]).query)["ticket"] == [ticket.json()["ticket"]]

    hook = alice.post("/webhooks", {"url": "http://127.0.0.1:9/hook", "events": ["your_turn"]})
    assert hook.status_code == 201, hook.content
    assert hook["Location"] == f"{BASE}/webhooks/{hook.json()['id']}"
