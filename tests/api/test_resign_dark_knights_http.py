"""Dark Knights over HTTP with a resignation (RULINGS, Resigning): a seat resigns in the
middle of its own turn with dice set aside, another out of turn; the game ends with one
player left, and the audit and the verifier replay the rules and agree."""

from __future__ import annotations

from events.verify import verify_audit
from tests.fairness.play import audit_of
from tests.support.api import table


def test_three_players_two_resign_and_the_audit_verifies(players, make_player) -> None:
    a, b, c = players(3)
    game_id = table(a, [b, c], "dark-knights", target=10_000)
    a.start(game_id, first_player=0)
    # seat 0 rolls and sets dice aside until it may roll or hold, then resigns
    while True:
        listing = a.legal(game_id)
        kinds = [x["type"] for x in listing["actions"]]
        if "hold" in kinds or a.game(game_id)["awaiting"][0]["seat"] != 0:
            break
        move = next(x for x in listing["actions"] if x["type"] != "resign")
        assert a.act(game_id, move, listing["version"]).status_code == 201
    assert {"type": "resign"} in a.legal(game_id)["actions"]
    version = a.game(game_id)["version"]
    response = a.act(game_id, {"type": "resign"}, version)
    assert response.status_code == 201, response.content
    served = [e["type"] for e in response.json()["events"]]
    assert served[0] == "player_resigned"
    again = a.act(game_id, {"type": "resign"}, response.json()["version"])
    assert again.status_code == 422 and again.json()["code"] == "not_in_play"
    assert a.legal(game_id)["actions"] == []
    # seat 2 resigns out of turn (seat 1 is to play): seat 1 is left and wins
    game = b.game(game_id)
    assert all(x["seat"] != 0 for x in game["awaiting"])
    response = c.act(game_id, {"type": "resign"}, game["version"])
    assert response.status_code == 201, response.content
    final = b.game(game_id)
    assert final["status"] == "finished"
    assert final["outcome"]["winners"] == [1]
    assert final["outcome"]["ranking"] == [[1], [2], [0]]
    audit = audit_of(make_player(), game_id)
    assert audit["verdict"]["ok"], audit["verdict"]
    verdict = verify_audit(audit)
    assert verdict.ok, verdict.problems
    assert verdict.outcome == final["outcome"]
