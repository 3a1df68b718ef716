"""Skip-Bo Dice over HTTP with three players: Bonus Die claims out of turn and the
all-player stockpile step, through the same write path and version checks."""

from __future__ import annotations

import random

from events.models import Event, Game
from tests.support.api import play_any_seat, table


def prefer_progress(actions: list[dict]) -> list[dict]:
    fills = [a for a in actions if a["type"] in ("fill", "claim_bonus")]
    return fills or actions


def test_three_player_game_with_claims_and_the_stockpile_step(players) -> None:
    a, b, c = players(3)
    game_id = table(a, [b, c], "skip-bo-dice")
    a.start(game_id, first_player=0)

    # The stockpile step awaits every player at once.
    version = a.game(game_id)["version"]
    assert a.act(game_id, {"type": "done"}, version).status_code == 201
    step = a.game(game_id)
    assert {x["kind"] for x in step["awaiting"]} == {"stockpile"}
    assert {x["seat"] for x in step["awaiting"]} == {0, 1, 2}
    # Two seats answer against the same version: one lands, the other gets 409 and retries.
    choice_b, choice_c = b.legal(game_id)["actions"][0], c.legal(game_id)["actions"][0]
    first = b.act(game_id, choice_b, step["version"])
    late = c.act(game_id, choice_c, step["version"])
    assert first.status_code == 201 and late.status_code == 409
    assert late.json()["current_version"] == first.json()["version"]
    assert c.act(game_id, choice_c, first.json()["version"]).status_code == 201

    final, moves = play_any_seat([a, b, c], game_id, random.Random(5), out_of_turn=0.3,
                                 prefer=prefer_progress)

    assert final["status"] == "finished" and final["outcome"]["winners"]
    claims = [m for m in moves if m["action"]["type"] == "claim_bonus"]
    assert any(m["seat"] not in m["awaiting"] for m in claims), "no claim made out of turn"
    stockpile_steps = [m for m in moves if m["action"]["type"] == "stockpile"]
    assert any(len(m["awaiting"]) > 1 for m in stockpile_steps)
    game = Game.objects.get(id=game_id)
    seqs = list(Event.objects.filter(game=game).values_list("seq", flat=True).order_by("seq"))
    assert seqs == list(range(1, game.version + 1))
