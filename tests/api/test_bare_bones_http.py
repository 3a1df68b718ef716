"""Bare Bones over HTTP with three users: draft, turns, buying, to the final scores."""

from __future__ import annotations

import random

from events.models import Event
from tests.support.api import play_any_seat, table


def prefer_cards(actions: list[dict]) -> list[dict]:
    plays = [a for a in actions if a["type"] in ("play_card", "buy", "draft", "bonus_match")]
    return plays or actions


def test_three_player_game_over_http(players) -> None:
    a, b, c = players(3)
    game_id = table(a, [b, c], "bare-bones", rounds=3)
    a.start(game_id)
    final, moves = play_any_seat([a, b, c], game_id, random.Random(4), prefer=prefer_cards)
    assert final["status"] == "finished" and final["outcome"]["winners"]
    kinds = {m["action"]["type"] for m in moves}
    assert {"draft", "play_card", "roll", "buy"} <= kinds
    # Each hand is private: the other seats only ever see its size.
    drawn = Event.objects.filter(game_id=game_id, type="cards_drawn")
    assert drawn and all(set(e.private) <= {"0", "1", "2"} for e in drawn)
    for event in a.events(game_id):
        if event["type"] == "cards_drawn" and "private" in event:
            row = Event.objects.get(game_id=game_id, seq=event["seq"])
            assert event["private"] == row.private["0"]
