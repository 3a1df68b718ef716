"""Snake Bones played to the end over HTTP, by a client that knows only the API."""

from __future__ import annotations

import random

import pytest

from events import store
from events.models import Event, Game
from tests.support.api import play_by_legal_actions, table


def chooser(seed: int):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)

    def choose(actions: list[dict]) -> dict:
        calls = [a for a in actions if a["type"].startswith("call")]
        if calls and rng.random() < 0.5:
            return rng.choice(calls)
        return rng.choice(actions)
    return choose


@pytest.mark.parametrize("n", [2, 5])
def test_full_game_over_http(players, n: int) -> None:
    everyone = players(n)
    game_id = table(everyone[0], everyone[1:], "snake-bones")
    started = everyone[0].start(game_id, first_player=n - 1)
    assert started["status"] == "active"
    assert started["view"]["opener"] == n - 1
    assert {a["kind"] for a in started["awaiting"]} == {"stake"}

    final = play_by_legal_actions(everyone, game_id, chooser(n))

    assert final["status"] == "finished"
    assert len(final["outcome"]["winners"]) == 1
    winner = final["outcome"]["winners"][0]
    seats = {s["seat"]: s for s in final["view"]["seats"]}
    assert seats[winner]["dice_count"] > 0 and seats[winner]["coins"] > 0
    assert sum(s["coins"] for s in seats.values()) == 10 * n
    assert final["server_seed"] is not None
    assert final["awaiting"] == []
    # The stream is gap-free, closed by the seed reveal, and replays to the served state.
    game = Game.objects.get(id=game_id)
    seqs = list(Event.objects.filter(game=game).order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, game.version + 1))
    assert Event.objects.get(game=game, seq=game.version).type == "seed_revealed"
    replayed = store.fold(store.rules_of(game), store.rows(game))
    rules = store.rules_of(game)
    for seat in range(n):
        served = everyone[seat].state(game_id)["view"]
        assert served == {**rules.view(replayed, seat), "server_seed_hash": game.server_seed_hash}


def test_moves_after_the_end_are_refused(players) -> None:
    a, b = players(2)
    game_id = table(a, [b], "snake-bones")
    a.start(game_id, first_player=0)
    final = play_by_legal_actions([a, b], game_id, chooser(7))
    response = a.act(game_id, {"type": "call_bluff"}, final["version"])
    assert response.status_code == 422
    assert response.json()["code"] == "game_finished"
    assert Game.objects.get(id=game_id).version == final["version"]
