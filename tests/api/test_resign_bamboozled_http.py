"""Bamboozled over HTTP with resignations (RULINGS, "Resigning"): a claim voided by its
declarer's resignation, an uninvolved seat resigning, the game to its end, and the audit
and the verifier replaying it to the same outcome."""

from __future__ import annotations

import random

from tests.support.api import audited, by_seat, play_any_seat, resign, table


def test_bamboozled_resignations_with_a_claim_standing_played_to_the_end(players) -> None:
    everyone = players(4)
    host = everyone[0]
    game_id = table(host, everyone[1:], "bamboozled")
    host.start(game_id, first_player=0)
    seats = by_seat(host, everyone, game_id)
    listing = seats[0].legal(game_id)
    declare = next(a for a in listing["actions"] if a["type"] == "declare")
    assert seats[0].act(game_id, declare, listing["version"]).status_code == 201

    # Seat 2 is not part of the claim: it resigns and seat 1 still answers seat 0.
    events = resign(seats[2], game_id)
    assert [kind for kind, _ in events] == ["player_resigned"]
    assert events[0][1]["claim_voided"] is False
    assert host.game(game_id)["awaiting"][0]["seat"] == 1

    # The declarer resigns while its claim stands: voided, seat 1 starts a new round.
    events = resign(seats[0], game_id)
    assert [kind for kind, _ in events] == ["player_resigned", "round_started", "dice_rolled"]
    assert events[0][1]["claim_voided"] is True
    assert events[1][1] == {"round": 2, "roller": 1, "reason": "resigned"}
    again = seats[0].act(game_id, {"type": "resign"}, host.game(game_id)["version"])
    assert again.status_code == 422 and again.json()["code"] == "not_in_play"

    final, _ = play_any_seat(everyone, game_id, random.Random(3))
    assert final["status"] == "finished"
    winner = final["outcome"]["winners"][0]
    assert final["outcome"]["ranking"] == [[winner], [4 - winner], [0], [2]]
    view = {s["seat"]: s for s in final["view"]["seats"]}
    assert view[0]["resigned"] and view[2]["resigned"] and not view[winner]["resigned"]
    audited(host, game_id, final["outcome"])


def test_bamboozled_the_last_opponent_resigning_ends_the_game_over_http(players) -> None:
    a, b = players(2)
    game_id = table(a, [b], "bamboozled", kids=True)
    a.start(game_id, first_player=1)
    seats = by_seat(a, [a, b], game_id)
    events = resign(seats[0], game_id)  # out of turn: seat 1 is to declare
    assert [kind for kind, _ in events] == ["player_resigned", "game_over", "seed_revealed"]
    assert events[1] == ("game_over", {"winners": [1], "ranking": [[1], [0]],
                                        "scores": {"0": 0, "1": 1}})
    final = a.game(game_id)
    assert final["status"] == "finished" and final["awaiting"] == []
    audited(a, game_id, final["outcome"])
