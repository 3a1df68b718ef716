"""Bare Bones over HTTP with a resignation (RULINGS, "Resigning"): a seat resigns out of
turn through the normal action path, the game goes on without it to its end, the
resigned seat ranks last, and the audit verifies (events.verify)."""

from __future__ import annotations

import random

from events.verify import verify_audit
from games.core.legal import expand_all
from tests.fairness.play import audit_of
from tests.support.api import playing, table

RESIGN = {"type": "resign"}


def test_bare_bones_with_a_resignation_over_http_to_a_verified_end(players) -> None:
    a, b, c = players(3)
    game_id = table(a, [b, c], "bare-bones", rounds=2)
    a.start(game_id, first_player=0)
    by_seat = {s["seat"]: p for p in (a, b, c)
               for s in a.game(game_id)["seats"] if s["player"] == p.username}
    rng, moves, resigned = random.Random(3), 0, False
    while (game := a.game(game_id))["status"] != "finished":
        moves += 1
        assert moves < 2000
        awaited = game["awaiting"][0]["seat"]
        if moves == 12 and not resigned:  # seat 2 resigns, in the draft, out of turn
            assert awaited != 2
            listing = by_seat[2].legal(game_id)
            assert listing["actions"] == [RESIGN]
            answer = by_seat[2].act(game_id, RESIGN, listing["version"])
            assert answer.status_code == 201, answer.content
            assert answer.json()["events"][0]["type"] == "player_resigned"
            resigned = True
            again = by_seat[2].act(game_id, RESIGN, answer.json()["version"])
            assert again.status_code == 422 and again.json()["code"] == "not_in_play"
            assert by_seat[2].legal(game_id)["actions"] == []
            continue
        listing = by_seat[awaited].legal(game_id)
        assert RESIGN in listing["actions"]
        action = rng.choice(playing(expand_all(listing["actions"])))
        answer = by_seat[awaited].act(game_id, action, listing["version"])
        assert answer.status_code == 201, answer.content
    assert resigned
    outcome = game["outcome"]
    assert outcome["ranking"][-1] == [2] and 2 not in outcome["winners"]
    served = [e for e in c.events(game_id) if e["type"] == "player_resigned"]
    assert [e["data"] for e in served] == [{"seat": 2, "returned": []}]
    assert all(e["data"]["seat"] != 2 for e in a.events(game_id) if e["type"] == "turn_started")
    audit = audit_of(a, game_id)
    verdict = verify_audit(audit)
    assert verdict.ok, verdict.problems
    assert verdict.to_json() == audit["verdict"]
    assert verdict.outcome == outcome
