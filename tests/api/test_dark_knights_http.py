"""Dark Knights over HTTP with two users, choosing among the listed set-asides."""

from __future__ import annotations

import random

from events.models import Event
from tests.support.api import play_any_seat, table


def test_two_player_game_to_the_target(players) -> None:
    a, b = players(2)
    game_id = table(a, [b], "dark-knights", target=150)
    a.start(game_id, first_player=0)
    final, moves = play_any_seat([a, b], game_id, random.Random(2))
    assert final["status"] == "finished"
    winners = final["outcome"]["winners"]
    scores = final["outcome"]["scores"]
    assert winners and all(scores[str(w)] >= 150 for w in winners)
    kinds = {m["action"]["type"] for m in moves}
    assert {"roll", "set_aside", "hold"} <= kinds
    types = {e.type for e in Event.objects.filter(game_id=game_id)}
    assert {"dice_rolled", "dice_set_aside", "turn_held"} <= types
