"""Snake Bones over HTTP with a resignation (RULINGS, "Resigning"): the round is voided, the
game goes on to its end, and the audit and the verifier replay it to the same outcome."""

from __future__ import annotations

import random

from tests.support.api import audited, by_seat, play_any_seat, table


def test_snake_bones_a_resignation_out_of_turn_while_bidding_played_to_the_end(players) -> None:
    everyone = players(3)
    host = everyone[0]
    game_id = table(host, everyone[1:], "snake-bones")
    host.start(game_id, first_player=0)
    seats = by_seat(host, everyone, game_id)
    for seat in (0, 1, 2):
        version = seats[seat].legal(game_id)["version"]
        assert seats[seat].act(game_id, {"type": "stake", "coins": 2}, version).status_code == 201
    version = seats[0].legal(game_id)["version"]
    assert seats[0].act(game_id, {"type": "bid", "quantity": 2, "face": 3},
                        version).status_code == 201

    listing = seats[2].legal(game_id)  # seat 1 is to respond: seat 2 resigns out of turn
    assert {"type": "resign"} in listing["actions"]
    response = seats[2].act(game_id, {"type": "resign"}, listing["version"])
    assert response.status_code == 201, response.content
    events = response.json()["events"]
    assert [(e["type"], e["data"]) for e in events] == [
        ("player_resigned", {"seat": 2, "round": 1, "coins": 10}),
        ("round_started", {"round": 2, "opener": 1, "active": [0, 1]}),
    ]
    again = seats[2].act(game_id, {"type": "resign"}, response.json()["version"])
    assert again.status_code == 422 and again.json()["code"] == "not_in_play"
    assert seats[2].legal(game_id)["actions"] == []

    final, _ = play_any_seat(everyone, game_id, random.Random(5))
    assert final["status"] == "finished"
    winner = final["outcome"]["winners"][0]
    assert final["outcome"]["ranking"] == [[winner], [1 - winner], [2]]
    view = {s["seat"]: s for s in final["view"]["seats"]}
    assert view[2]["resigned"] and view[2]["coins"] == 0
    assert sum(s["coins"] for s in view.values()) == 20, "the resigned seat's coins left"
    audited(host, game_id, final["outcome"])


def test_snake_bones_the_last_opponent_resigning_ends_the_game_over_http(players) -> None:
    a, b = players(2)
    game_id = table(a, [b], "snake-bones")
    version = a.start(game_id, first_player=0)["version"]
    seats = by_seat(a, [a, b], game_id)
    response = seats[1].act(game_id, {"type": "resign"}, version)
    assert response.status_code == 201, response.content
    final = a.game(game_id)
    assert final["status"] == "finished" and final["awaiting"] == []
    assert final["outcome"] == {"winners": [0], "ranking": [[0], [1]],
                                "scores": {"0": 1, "1": 0}}
    audited(a, game_id, final["outcome"])
