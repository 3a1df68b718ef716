"""Issue #29's end-to-end test of an account deletion: a user plays games of every type
(finished ones, one still being played with a bot, a lobby), deletes the account, and then
nothing the other players can fetch of those games names them or holds another personal
field of theirs, and every chain verifies.

`table_seated` names the seated players by their opaque player id (decision 0011), so
nothing served names the deleted player.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from events import bots
from events.models import BotTurn, Game
from events.verify import verify_audit
from games import registry
from tests.fairness.play import chooser_for
from tests.support.api import BASE, Player, play_by_legal_actions
from tests.support.harness import playing
from tests.support.live import drain, page_of

pytestmark = pytest.mark.django_db(transaction=True)

NAME = "Zed_Quux_42"
EMAIL = "zed.quux@example.com"
PERSONAL = [NAME.lower(), EMAIL, "quux"]  # the username, the email, the last name


def _found(body: Any) -> list[str]:
    text = (body if isinstance(body, str) else json.dumps(body, default=str)).lower()
    return [field for field in PERSONAL if field in text]


def leaks(where: str, body: Any, found: list[str]) -> None:
    """Every personal field in `body` into `found`."""
    found.extend(f"{where}: {field!r}" for field in _found(body))


def finish_with_bots(bob: Player, game_id: str) -> None:
    """Play an active game to its end: bob's seat by bob, the rest by their bots at once."""
    chooser = chooser_for("snake-bones", 3)
    from games.core.legal import expand_all

    for _ in range(3000):
        game = Game.objects.get(id=game_id)
        if game.status == "finished":
            return
        listing = bob.legal(game_id)
        moves = expand_all(playing(listing["actions"]))   # bob plays on: never resigns
        if moves:
            response = bob.act(game_id, chooser(moves), listing["version"])
            assert response.status_code in (201, 409), response.content
            continue
        BotTurn.objects.filter(game_id=game_id).update(due_at=timezone.now())
        turns = list(BotTurn.objects.filter(game_id=game_id, version=game.version))
        assert turns, f"nobody plays at version {game.version}: {game.awaiting}"
        for turn in turns:
            bots.play(game_id=game_id, seat=turn.seat, version=turn.version)
    raise AssertionError("the game did not end")


def test_after_a_deletion_no_game_names_the_player_and_every_chain_verifies(api, players) -> None:  # type: ignore[no-untyped-def]
    zed = api.register(NAME)
    get_user_model().objects.filter(username=NAME).update(
        email=EMAIL, first_name="Zed", last_name="Quux", last_login=timezone.now())
    bob, carol = players(2)
    hook = bob.post("/webhooks", {"url": "http://127.0.0.1:9/bob",
                                  "events": ["your_turn", "game_started", "game_over"]}).json()
    zed.post("/webhooks", {"url": "http://127.0.0.1:9/zed", "events": ["your_turn"]})

    finished = []
    for slug in sorted(registry.GAMES):  # a finished game of every type, zed the host
        rules = registry.get(slug)
        everyone = [zed, bob, carol][:max(2, rules.min_players)]
        game_id = zed.create(slug, len(everyone))["id"]
        for guest in everyone[1:]:
            guest.join(game_id)
        zed.start(game_id)
        final = play_by_legal_actions(everyone, game_id, chooser_for(slug, 7))
        assert final["status"] == "finished"
        finished.append(game_id)
    # One still being played (zed, bob and a bot), one in the lobby (bob's).
    active = zed.post("/games", {"game_type": "snake-bones", "seats": 3,
                                 "bots": [{"level": "basic"}]}).json()["id"]
    bob.join(active)
    zed.start(active, first_player=0)
    lobby = bob.create("bare-bones", 3)["id"]
    zed.join(lobby)

    response = zed.client.delete(f"{BASE}/me", data=json.dumps({"password":
                                                                "correct horse battery"}),
                                 content_type="application/json")
    assert response.status_code == 204, response.content
    assert zed.get("/me").status_code == 401
    finish_with_bots(bob, active)
    assert [s["player"] for s in bob.game(lobby)["seats"]] == [bob.username]

    found: list[str] = []
    for game_id in [*finished, active]:
        game = bob.game(game_id)
        leaks(f"GET /games/{game_id}", game, found)
        events = bob.events(game_id)
        leaks(f"GET /games/{game_id}/events", events, found)
        poll = bob.get(f"/games/{game_id}/events", after=0, wait=1)
        leaks(f"long poll of {game_id}", page_of(poll), found)
        stream = drain(bob.client.get(f"{BASE}/games/{game_id}/stream",
                                      {"timeout": 5}, headers={"Accept": "text/event-stream"}))
        assert "seed_revealed" in stream
        leaks(f"stream of {game_id}", stream, found)
        for version in [e["seq"] for e in events if e["batch_end"]][:20]:
            leaks(f"GET /games/{game_id}/state?version={version}",
                  bob.state(game_id, version), found)
        leaks(f"GET /games/{game_id}/legal-actions", bob.legal(game_id), found)
        audit = bob.get(f"/games/{game_id}/audit")
        assert audit.status_code == 200, audit.content
        audit = audit.json()
        assert audit["verdict"]["ok"] is True, audit["verdict"]
        verdict = verify_audit({k: v for k, v in audit.items() if k != "verdict"})
        assert verdict.problems == [] and verdict.finished, verdict.problems
        leaks(f"GET /games/{game_id}/audit", audit, found)
        challenges = bob.get(f"/games/{game_id}/challenges")
        assert challenges.status_code == 200, challenges.content
        leaks(f"GET /games/{game_id}/challenges", challenges.json(), found)
    leaks("GET /games?mine=true", bob.get("/games", mine="true").json(), found)
    leaks(f"GET /games/{lobby}", bob.game(lobby), found)
    deliveries = bob.get(f"/webhooks/{hook['id']}/deliveries")
    assert deliveries.status_code == 200 and deliveries.json()
    leaks("bob's webhook deliveries", deliveries.json(), found)
    assert found == [], "personal fields of the deleted player are still served:\n" + \
        "\n".join(found)
