"""GET /games/{id}/audit: published at the end only; the seed and hashes never before."""

from __future__ import annotations

import uuid

import pytest

from events.models import Event, Game

from .play import GAME_TYPES, audit_of, finished


def test_the_audit_waits_for_the_end(players, api) -> None:
    a, b = players(2)
    game = a.create("snake-bones", 2)
    response = a.get(f"/games/{game['id']}/audit")
    assert response.status_code == 409 and response.json()["code"] == "game_not_finished"
    b.join(game["id"])
    a.start(game["id"])
    response = b.get(f"/games/{game['id']}/audit")
    assert response.status_code == 409
    assert response["Content-Type"] == "application/problem+json"
    seed = Game.objects.get(id=game["id"]).server_seed
    assert seed not in response.content.decode()
    assert a.get(f"/games/{uuid.uuid4()}/audit").status_code == 404
    assert api.anonymous.get(f"/api/v1/games/{game['id']}/audit").status_code == 401


@pytest.mark.parametrize("slug", GAME_TYPES)
def test_the_audit_holds_every_stored_event_with_its_private_parts(players, make_player,
                                                                   slug: str) -> None:
    game_id, everyone, final = finished(players, slug, seed=31)
    audit = audit_of(make_player(), game_id)  # anyone may audit a finished game
    game = Game.objects.get(id=game_id)
    rows = list(Event.objects.filter(game=game).order_by("seq"))
    assert [e["seq"] for e in audit["events"]] == [r.seq for r in rows]
    for served, row in zip(audit["events"], rows):
        assert served["hash"] == row.hash and served["prev_hash"] == row.prev_hash
        assert served["private"] == row.private and served["draws"] == row.draws
        assert served["command"] == row.command and served["data"] == row.data
    assert audit["game"]["server_seed"] == game.server_seed == final["server_seed"]
    assert [s["client_seed"] for s in audit["game"]["seats"]] == list(
        game.seat_set.order_by("number").values_list("client_seed", flat=True))
    assert audit["events"][-1]["type"] == "seed_revealed"
    assert audit["verdict"]["ok"] and audit["verdict"]["outcome"] == final["outcome"]


@pytest.mark.parametrize("slug", GAME_TYPES)
def test_no_response_holds_the_seed_or_a_hash_before_the_end(walk_for, slug: str) -> None:
    walk = walk_for(slug)
    assert walk.steps, "the game ended before anyone moved"
    for step in walk.steps:
        for reader, text in step.served.items():
            assert walk.seed not in text, f"{reader} was served the seed at v{step.version}"
            assert not any(h in text for h in step.hashes), f"{reader} was served a hash"
    for answer in walk.answers:
        assert walk.seed not in answer
    assert len({reader for step in walk.steps for reader in step.served}) >= 3
    assert walk.seed in walk.after_the_end
