"""Events mark where each batch ends, and past states are served only at batch ends.

A batch is what one command (a player's action, the clock's, the setup) or the service
appended at once. Between two of its events the rules are half way through a move: in
Snake Bones the phase `resolving` after a call, which no player was ever shown.
"""

from __future__ import annotations

import pytest

from events.models import Event
from tests.support.api import table

pytestmark = pytest.mark.django_db


def played_round(players):  # type: ignore[no-untyped-def]
    a, b = players(2)
    game_id = table(a, [b], "snake-bones")
    version = a.start(game_id, first_player=0)["version"]
    for player in (a, b):
        version = player.act(game_id, {"type": "stake", "coins": 1}, version).json()["version"]
    version = a.act(game_id, {"type": "bid", "quantity": 1, "face": 2}, version).json()["version"]
    b.act(game_id, {"type": "call_bluff"}, version)
    return a, b, game_id


def batch_ends_in_the_store(game_id: str) -> set[int]:
    rows = list(Event.objects.filter(game_id=game_id).order_by("seq"))
    starts = {r.seq for r in rows if r.command is not None or r.actor == "system"
              and r.type in ("table_seated", "client_seeds_fixed", "game_abandoned",
                             "seed_revealed")}
    return {seq - 1 for seq in starts if seq > 1} | {rows[-1].seq}


def test_every_served_event_says_whether_it_ends_its_batch(players) -> None:  # type: ignore[no-untyped-def]
    a, b, game_id = played_round(players)
    events = a.events(game_id)
    ends = {e["seq"] for e in events if e["batch_end"]}
    assert ends == batch_ends_in_the_store(game_id)
    assert len(ends) < len(events), "no batch of several events was played"
    for limit in (1, 2, 3, 5):  # a page cut anywhere still knows where batches end
        paged = a.events(game_id, limit=limit)
        assert [e["batch_end"] for e in paged] == [e["batch_end"] for e in events]


def test_an_action_s_answer_marks_the_end_of_its_batch(players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    game_id = table(a, [b], "snake-bones")
    version = a.start(game_id, first_player=0)["version"]
    version = a.act(game_id, {"type": "stake", "coins": 1}, version).json()["version"]
    answer = b.act(game_id, {"type": "stake", "coins": 1}, version).json()
    assert len(answer["events"]) > 1
    assert [e["batch_end"] for e in answer["events"]] == \
        [False] * (len(answer["events"]) - 1) + [True]


def test_state_is_served_only_where_a_batch_ends(players) -> None:  # type: ignore[no-untyped-def]
    a, b, game_id = played_round(players)
    ends = batch_ends_in_the_store(game_id)
    head = a.game(game_id)["version"]
    for version in range(0, head + 1):
        response = a.get(f"/games/{game_id}/state", version=version)
        if version == 0 or version in ends:
            assert response.status_code == 200, version
            continue
        assert response.status_code == 400, version
        problem = response.json()
        assert problem["code"] == "not_a_batch_end"
        before, after = problem["previous_version"], problem["next_version"]
        assert before < version < after
        assert (before == 0 or before in ends) and after in ends
        assert not any(before < v < after for v in ends)
        assert a.get(f"/games/{game_id}/state", version=before).status_code == 200


def test_every_view_shows_the_commitment_to_keep(players) -> None:  # type: ignore[no-untyped-def]
    a, b, game_id = played_round(players)
    game = a.game(game_id)
    assert game["view"]["server_seed_hash"] == game["server_seed_hash"]
    assert b.state(game_id)["view"]["server_seed_hash"] == game["server_seed_hash"]
