"""No response to a seat holds another seat's dice before a call reveals them."""

from __future__ import annotations

import json
import random
from typing import Any

from events.models import Event, Game
from games.core.legal import expand_all
from tests.support.api import Player, playing, table


def dice_keys(value: Any, path: str = "") -> list[str]:
    """Paths of every key named like dice in a JSON value."""
    found: list[str] = []
    if isinstance(value, dict):
        for key, inner in value.items():
            where = f"{path}.{key}"
            if "dice" in key and key not in ("dice_count", "dice_in_play"):
                found.append(where)
            found.extend(dice_keys(inner, where))
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            found.extend(dice_keys(inner, f"{path}[{i}]"))
    return found


def assert_events_private_to_owner(game_id: str, seat: int | None, served: list[dict]) -> None:
    stored = {e.seq: e for e in Event.objects.filter(game_id=game_id)}
    for event in served:
        private = stored[event["seq"]].private
        if seat is not None and str(seat) in private:
            assert event["private"] == private[str(seat)]
        else:
            assert "private" not in event, event
        assert "hash" not in event and "draws" not in event and "command" not in event


def assert_view_hides_other_dice(view: dict | None, seat: int | None) -> None:
    if view is None:
        return
    allowed = {".my_dice", ".last_reveal"}
    for where in dice_keys(view):
        assert any(where.startswith(a) for a in allowed), f"{where} leaks dice to {seat}"
    if seat is None:
        assert not view.get("my_dice")


def check_everything_served(who: Player, seat: int | None, game_id: str) -> None:
    game = who.game(game_id)
    assert_view_hides_other_dice(game["view"], seat)
    events = who.events(game_id)
    assert_events_private_to_owner(game_id, seat, events)
    served_versions = [0] + [e["seq"] for e in events if e["batch_end"]]
    for version in served_versions:
        assert_view_hides_other_dice(who.state(game_id, version)["view"], seat)
    text = json.dumps([game, events, who.legal(game_id)])
    seed = Game.objects.get(id=game_id).server_seed
    if game["status"] != "finished":
        assert seed not in text and game["server_seed"] is None


def test_no_seat_sees_another_seats_dice_before_the_reveal(players) -> None:
    a, b, c, stranger = players(4)
    seated = [a, b, c]
    game_id = table(a, [b, c], "snake-bones")
    a.start(game_id, first_player=1)
    rng = random.Random(3)
    checked_rounds = 0
    while a.game(game_id)["status"] != "finished" and checked_rounds < 6:
        game = a.game(game_id)
        seat = game["awaiting"][0]["seat"]
        player = seated[seat]
        listing = player.legal(game_id)
        action = rng.choice(playing(expand_all(listing["actions"])))
        if action["type"].startswith("call"):
            checked_rounds += 1
            for s, p in enumerate(seated):
                check_everything_served(p, s, game_id)
            check_everything_served(stranger, None, game_id)
        assert player.act(game_id, action, listing["version"]).status_code == 201
    assert checked_rounds >= 2


def test_own_dice_are_visible_to_their_owner_only(players) -> None:
    a, b = players(2)
    game_id = table(a, [b], "snake-bones")
    version = a.start(game_id, first_player=0)["version"]
    version = a.act(game_id, {"type": "stake", "coins": 1}, version).json()["version"]
    rolled = b.act(game_id, {"type": "stake", "coins": 1}, version).json()
    served_to_b = [e for e in rolled["events"] if e["type"] == "dice_rolled"]
    assert served_to_b and len(served_to_b[0]["private"]["dice"]) == 5
    own = b.game(game_id)["view"]["my_dice"]
    assert own == served_to_b[0]["private"]["dice"]
    for event in a.events(game_id):
        if event["type"] == "dice_rolled":
            assert event["private"]["dice"] != [] and event["private"] == (
                Event.objects.get(game_id=game_id, seq=event["seq"]).private["0"])


def test_a_stranger_reads_only_the_public_view(players) -> None:
    a, b, stranger = players(3)
    game_id = table(a, [b], "snake-bones")
    version = a.start(game_id, first_player=0)["version"]
    version = a.act(game_id, {"type": "stake", "coins": 1}, version).json()["version"]
    b.act(game_id, {"type": "stake", "coins": 1}, version)
    seen = stranger.game(game_id)
    assert seen["seat"] is None and not seen["view"].get("my_dice")
    assert stranger.legal(game_id)["actions"] == []
    assert all("private" not in e for e in stranger.events(game_id))
    assert_view_hides_other_dice(stranger.state(game_id)["view"], None)


def test_a_user_cannot_act_for_another_seat(players) -> None:
    a, b, stranger = players(3)
    game_id = table(a, [b], "snake-bones")
    version = a.start(game_id, first_player=0)["version"]
    response = a.post(f"/games/{game_id}/actions", {"expected_version": version, "seat": 1,
                                                    "action": {"type": "stake", "coins": 1}})
    assert response.status_code == 403 and response.json()["code"] == "not_your_seat"
    response = stranger.act(game_id, {"type": "stake", "coins": 1}, version)
    assert response.status_code == 403 and response.json()["code"] == "not_a_player"
    assert Event.objects.filter(game_id=game_id).count() == version
