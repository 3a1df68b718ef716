"""Bamboozled over HTTP with three players, a bluff called and one accepted; and games
stored before card_played was split, read, served and verified by the service."""

from __future__ import annotations

import json
import random
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from events import audits as audit_service
from events import store
from events.models import Event, Game, Seat
from games.bamboozled import RULES
from games.bamboozled.challenges import challenges as bamboozled_challenges
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


# --- streams stored before card_played was split (schema v1) keep replaying ---------------

STORED = Path(__file__).parents[1] / "games" / "bamboozled" / "stored_v1_audits.json"
NEW_CARD_TYPES = {"score_reset_card_played", "skip_played", "skip_played_to_declarer",
                  "reverse_played", "revive_played"}


def stored_game(audit: dict[str, Any], players: list[Any]) -> Game:
    """The audit's game put back in the store row by row, exactly as it was written then."""
    part, seated = audit["game"], audit["events"][0]["data"]
    users = [get_user_model().objects.get(username=p.username) for p in players]
    moment = lambda text: datetime.strptime(text, "%Y-%m-%dT%H:%M:%S.%fZ").replace(  # noqa: E731
        tzinfo=timezone.utc)
    game = Game.objects.create(
        id=part["id"], game_type=part["game_type"], options=part["options"],
        seats=part["table_size"], status=part["status"], creator=users[0],
        version=part["version"], dice_used=part["dice_used"], server_seed=part["server_seed"],
        server_seed_hash=part["server_seed_hash"], dice_scheme=seated.get("dice_scheme", 1),
        outcome=part["outcome"], started_at=moment(part["started_at"]),
        finished_at=moment(part["finished_at"]))
    for seat, user in zip(part["seats"], users):
        Seat.objects.create(game=game, number=seat["seat"], user=user,
                            client_seed=seat["client_seed"])
    Event.objects.bulk_create([Event(
        game=game, seq=e["seq"], type=e["type"], schema_version=e["schema_version"],
        data=e["data"], private=e["private"], actor=e["actor"], command=e["command"],
        draws=e["draws"], idempotency_key=e["idempotency_key"],
        recorded_at=moment(e["recorded_at"]), prev_hash=e["prev_hash"], hash=e["hash"])
        for e in audit["events"]])
    return game


@pytest.mark.parametrize("index", [0, 2])
def test_a_stream_stored_with_card_played_v1_replays_serves_and_verifies(players, index) -> None:
    audit = json.loads(STORED.read_text())["audits"][index]
    everyone = players(3)
    game = stored_game(audit, everyone)
    old = [(e["seq"], e["data"]) for e in audit["events"] if e["type"] == "card_played"]
    assert old

    rows = store.rows(game)
    assert store.fold(RULES, rows) is not None
    assert RULES.outcome(store.state_at(game)) == audit["game"]["outcome"]
    # served under the new types with the data as stored; the rows stay as they were
    served = {e["seq"]: e for e in everyone[0].events(str(game.id))}
    for seq, data in old:
        assert served[seq]["type"] in NEW_CARD_TYPES and served[seq]["data"] == data
        row = Event.objects.get(game=game, seq=seq)
        assert (row.type, row.schema_version, row.data) == ("card_played", 1, data)
    public = audit_service.public_events(game)
    assert {e["type"] for e in public} & NEW_CARD_TYPES and not any(
        e["type"] == "card_played" for e in public)
    reports = audit_service.challenges_for(game)["challenges"]
    assert reports == bamboozled_challenges(
        [{"seq": e["seq"], "type": e["type"], "data": e["data"]} for e in audit["events"]
         if e["type"] not in store.SERVICE_EVENTS])
    verdict = audit_service.verify_export(audit_service.export(game))
    assert verdict.problems == [] and verdict.outcome == audit["game"]["outcome"]
    response = everyone[1].get(f"/games/{game.id}/audit")
    assert response.status_code == 200 and response.json()["verdict"]["problems"] == []
