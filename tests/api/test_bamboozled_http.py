"""Bamboozled over HTTP with three players, a bluff called and one accepted."""

from __future__ import annotations

import random

from events.models import Event, Game
from tests.support.api import play_any_seat, table


def test_three_player_game_with_calls_and_accepts(players) -> None:
    a, b, c = players(3)
    game_id = table(a, [b, c], "bamboozled")
    started = a.start(game_id, first_player=2)
    assert started["awaiting"] == [{"seat": 2, "kind": "declare", "deadline": None}]

    final, moves = play_any_seat([a, b, c], game_id, random.Random(11))

    assert final["status"] == "finished" and len(final["outcome"]["winners"]) == 1
    kinds = {m["action"]["type"] for m in moves}
    assert {"declare", "accept", "call"} <= kinds
    types = [e.type for e in Event.objects.filter(game_id=game_id)]
    assert "bluff_called" in types and "declaration_accepted" in types
    game = Game.objects.get(id=game_id)
    assert types[-1] == "seed_revealed" and game.version == len(types)
