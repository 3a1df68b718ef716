"""The service's own events (games/service_events.py) are typed events like every game's,
pure, and named apart from every game's events."""

from __future__ import annotations

import json

from games import service_events
from games.core.messages import GameEvent
from games.registry import GAMES
from games.service_events import (ClientSeedsFixed, GameAbandoned, SeedRevealed, TableSeat,
                                  TableSeated)


def test_they_are_typed_events_with_distinct_types() -> None:
    assert all(issubclass(kind, GameEvent) for kind in service_events.EVENTS)
    assert service_events.TYPES == {kind.TYPE for kind in service_events.EVENTS}
    assert len(service_events.TYPES) == len(service_events.EVENTS)
    for slug, rules in GAMES.items():
        assert not service_events.TYPES & set(rules.events.by_type), slug


def test_a_seat_s_json_keeps_its_stored_order() -> None:
    player = TableSeat(seat=0, player="ann", client_seed="x")
    bot = TableSeat(seat=1, player=None, client_seed="", bot="basic")
    assert json.dumps(player.to_json()) == '{"seat": 0, "player": "ann", "client_seed": "x"}'
    assert json.dumps(bot.to_json()) == \
        '{"seat": 1, "player": null, "bot": "basic", "client_seed": ""}'
    # Dice scheme 3 (table_seated v4): the commitment, null for none, never the seed.
    committed = TableSeat(seat=0, player="ann", seed_commitment="ab" * 32)
    bare = TableSeat(seat=1, player=None, bot="basic")
    assert json.dumps(committed.to_json()) == \
        '{"seat": 0, "player": "ann", "seed_commitment": "' + "ab" * 32 + '"}'
    assert json.dumps(bare.to_json()) == \
        '{"seat": 1, "player": null, "bot": "basic", "seed_commitment": null}'


def test_each_event_round_trips_through_its_stored_form() -> None:
    events = [
        TableSeated(game_id="5f0c6a52-4a53-4f3e-9a4e-1d2b3c4d5e6f", game_type="snake-bones",
                    options={"coins": 3, "nested": {"a": [1, 2]}}, server_seed_hash="ab" * 32,
                    dice_scheme=2, seats=(TableSeat(seat=0, player="ann", client_seed="x"),
                                          TableSeat(seat=1, player=None, client_seed="",
                                                    bot="basic"))),
        TableSeated(game_id="5f0c6a52-4a53-4f3e-9a4e-1d2b3c4d5e6f", game_type="snake-bones",
                    options={"coins": 3}, server_seed_hash="ab" * 32, dice_scheme=3,
                    seats=(TableSeat(seat=0, player="ann", seed_commitment="cd" * 32),
                           TableSeat(seat=1, player=None, bot="basic"))),
        ClientSeedsFixed(client_seeds=("", "ef" * 32), withheld=(0,)),
        GameAbandoned(reason=service_events.EVERY_SEAT_ON_AUTOPLAY, seats=(0, 1)),
        SeedRevealed(server_seed="cd" * 32, server_seed_hash="ab" * 32,
                     client_seeds=("x", ""), dice_used=7),
    ]
    for event in events:
        stored = json.loads(json.dumps(event.to_json()))
        assert stored["type"] == event.TYPE and stored["private"] == {}
        back = service_events.parse(stored)
        assert back == event
        assert json.dumps(back.to_json()) == json.dumps(event.to_json())
