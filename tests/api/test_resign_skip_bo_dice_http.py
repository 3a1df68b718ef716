"""Skip-Bo Dice over HTTP with a resignation (RULINGS, Resigning): a seat awaited in the
stockpile step resigns (its choice is taken as its timeout first), the game goes on to
its end without it, and the audit and the verifier replay the rules and agree."""

from __future__ import annotations

import random

from events.verify import verify_audit
from tests.fairness.play import audit_of
from tests.support.api import play_any_seat, table


def prefer_progress(actions: list[dict]) -> list[dict]:
    fills = [a for a in actions if a["type"] in ("fill", "claim_bonus")]
    return fills or actions


def test_a_chooser_resigns_and_the_game_ends_verified(players, make_player) -> None:
    a, b, c = players(3)
    game_id = table(a, [b, c], "skip-bo-dice")
    a.start(game_id, first_player=0)
    version = a.game(game_id)["version"]
    assert a.act(game_id, {"type": "done"}, version).status_code == 201
    step = b.game(game_id)
    assert {x["seat"]: x["kind"] for x in step["awaiting"]}[1] == "stockpile"
    response = b.act(game_id, {"type": "resign"}, step["version"])
    assert response.status_code == 201, response.content
    served = [e["type"] for e in response.json()["events"]]
    assert served[0] == "stockpile_written" and "player_resigned" in served
    assert b.legal(game_id)["actions"] == []
    again = b.act(game_id, {"type": "resign"}, response.json()["version"])
    assert again.status_code == 422 and again.json()["code"] == "not_in_play"

    final, moves = play_any_seat([a, b, c], game_id, random.Random(5), out_of_turn=0.3,
                                 prefer=prefer_progress)
    assert final["status"] == "finished"
    assert final["outcome"]["ranking"][-1] == [1]
    assert 1 not in final["outcome"]["winners"] and final["outcome"]["winners"]
    assert all(m["seat"] != 1 for m in moves)
    audit = audit_of(make_player(), game_id)
    assert audit["verdict"]["ok"], audit["verdict"]
    verdict = verify_audit(audit)
    assert verdict.ok, verdict.problems
    assert verdict.outcome == final["outcome"]
