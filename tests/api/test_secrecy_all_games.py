"""For every game type, over HTTP: a seat is served only its own private parts (and told
them in its events' texts only), a stranger none, and the server seed stays secret until
the end."""

from __future__ import annotations

import json
import random

import pytest

from events.models import Game
from games.core.legal import expand_all
from games.registry import GAMES
from tests.api.test_secrecy import assert_events_private_to_owner
from tests.support.api import playing, table

# Short games, but long enough for two checkpoints whatever the dice (a Dark Knights game
# to 100 could end before its second one).
SMALL = {"dark-knights": {"target": 400}, "bare-bones": {"rounds": 2}}


def assert_texts_tell_own_secrets_only(told: dict[int | None, dict[int, dict]]) -> None:
    """Each seat's `text` of an event is the stranger's, plus a sentence of its own where
    it was served its own private part, and only there."""
    for seat in (0, 1, 2):
        for seq, event in told[seat].items():
            public = told[None][seq]["text"]
            if "private" in event:
                assert event["text"].startswith(public + " "), (seat, event)
            else:
                assert event["text"] == public, (seat, event)


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_private_parts_reach_only_their_owner(players, slug: str) -> None:
    a, b, c, stranger = players(4)
    seated = [a, b, c]
    game_id = table(a, [b, c], slug, **SMALL.get(slug, {}))
    a.start(game_id, first_player=0)
    seed = Game.objects.get(id=game_id).server_seed
    rng = random.Random(slug)
    checkpoints = 0
    for move in range(4000):
        game = a.game(game_id)
        if game["status"] == "finished":
            break
        if move % 15 == 0:
            checkpoints += 1
            told: dict[int | None, dict[int, dict]] = {}
            for seat, who in [*enumerate(seated), (None, stranger)]:
                served = who.events(game_id)
                assert_events_private_to_owner(game_id, seat, served)
                text = json.dumps([served, who.game(game_id), who.legal(game_id),
                                   who.state(game_id)])
                assert seed not in text
                told[seat] = {event["seq"]: event for event in served}
            assert_texts_tell_own_secrets_only(told)
        seat = rng.choice([x["seat"] for x in game["awaiting"]])
        listing = seated[seat].legal(game_id)
        action = rng.choice(playing(expand_all(listing["actions"])))
        response = seated[seat].act(game_id, action, listing["version"])
        assert response.status_code == 201, response.content
        assert_events_private_to_owner(game_id, seat, response.json()["events"])
    assert a.game(game_id)["status"] == "finished" and checkpoints >= 2
    assert a.game(game_id)["server_seed"] == seed
