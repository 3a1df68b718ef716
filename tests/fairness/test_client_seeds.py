"""Seeds only players choose: none drawn by the server for a player's seat, set in the
lobby until the start in a lobby opened before dice scheme 3 (scheme 3 commits them:
test_committed_seeds.py), and a message that no choice of seeds can make ambiguous.

Before: a seat that sent no client seed got one the server drew after committing to its
server seed, so the server could grind that seed for the dice it wanted (9,757 candidate
seeds in 0.14 s gave seat 0 five ones).
"""

from __future__ import annotations

from typing import Any

import pytest

from events.store import upcasters
from events.writes import lobby as services
from events.models import Event, Game, Seat
from games.core.fairness import commitment, die_from_seed

from . import independent
from .play import audit_of, chooser_for
from tests.support.api import play_by_legal_actions

SEED = "ab" * 32
GAME = "7d3c9a4e-5b21-4f0e-8c6a-2e9f1b7d4a63"


def put_seed(player: Any, game_id: str, seed: Any) -> Any:
    return player.client.put(f"/api/v1/games/{game_id}/client-seed",
                              data={"client_seed": seed}, format="json")


def left_from_before(game_id: str, scheme: int = 2) -> None:
    """The lobby as one opened before dice scheme 3 was left by the deploy."""
    game = Game.objects.get(id=game_id)
    Game.objects.filter(id=game_id).update(
        dice_scheme=scheme, server_seed_hash=commitment(game.server_seed, scheme))


@pytest.mark.django_db
def test_the_server_never_draws_a_client_seed(players) -> None:  # type: ignore[no-untyped-def]
    host, guest = players(2)
    game = host.create("snake-bones", 2)
    guest.join(game["id"])
    assert list(Seat.objects.filter(game_id=game["id"]).values_list("client_seed", flat=True)) \
        == ["", ""]
    host.start(game["id"], first_player=0)
    seated = Event.objects.get(game_id=game["id"], seq=1)
    # dice scheme 3: table_seated v4 records commitments (none here), never a seed
    assert [s["seed_commitment"] for s in seated.data["seats"]] == [None, None]
    assert all("client_seed" not in s for s in seated.data["seats"])
    assert seated.data["dice_scheme"] == 3 and seated.schema_version == 4
    fixed = Event.objects.get(game_id=game["id"], seq=2)
    assert (fixed.type, fixed.data) == ("client_seeds_fixed",
                                        {"client_seeds": ["", ""], "withheld": []})


@pytest.mark.django_db
def test_players_set_and_change_their_seed_after_the_commitment_until_the_start(players) -> None:  # type: ignore[no-untyped-def]
    """A lobby opened before dice scheme 3 keeps the path it was opened with."""
    host, guest, stranger = players(3)
    game = host.create("snake-bones", 2)
    assert game["server_seed_hash"]  # the commitment is public before any seed is set
    left_from_before(game["id"])
    guest.join(game["id"])
    assert put_seed(host, game["id"], "host's first").status_code == 200
    answer = put_seed(host, game["id"], "host's own, with , and :")
    assert answer.status_code == 200
    assert answer.json()["seats"][0]["client_seed"] == "host's own, with , and :"
    assert put_seed(guest, game["id"], "guest").status_code == 200
    refused = put_seed(stranger, game["id"], "not seated")
    assert refused.status_code == 409 and refused.json()["code"] == "not_seated"
    for bad in (0, None, "x" * 129, ["a"]):
        response = put_seed(guest, game["id"], bad)
        assert response.status_code == 400, bad
    host.start(game["id"], first_player=0)
    late = put_seed(guest, game["id"], "too late")
    assert late.status_code == 409 and late.json()["code"] == "game_not_in_lobby"
    seated = Event.objects.get(game_id=game["id"], seq=1)
    assert [s["client_seed"] for s in seated.data["seats"]] == ["host's own, with , and :",
                                                                "guest"]
    assert seated.schema_version == 3 and seated.data["dice_scheme"] == 2


def test_seeds_with_separators_no_longer_collide() -> None:
    for nonce in range(20):
        assert die_from_seed(SEED, GAME, ["a,b", "c"], nonce, 2**32, scheme=1) \
            == die_from_seed(SEED, GAME, ["a", "b,c"], nonce, 2**32, scheme=1)
    differ = [die_from_seed(SEED, GAME, ["a,b", "c"], n, 2**32)
              != die_from_seed(SEED, GAME, ["a", "b,c"], n, 2**32) for n in range(20)]
    assert all(differ)
    empty = [die_from_seed(SEED, GAME, ["", "x"], n, 2**32)
             != die_from_seed(SEED, GAME, ["x", ""], n, 2**32) for n in range(20)]
    assert all(empty)


@pytest.mark.django_db
def test_a_game_stored_under_scheme_1_keeps_verifying(players, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Streams written before scheme 2 (table_seated v1, no dice_scheme) replay as they
    were played: the upcaster reads them as scheme 1; no stored row is rewritten."""
    monkeypatch.setitem(upcasters.SCHEMA_VERSIONS, "table_seated", 1)
    seated_today = services._table_seated

    class SeatedThen:
        """table_seated as scheme 1 wrote it: without `dice_scheme`."""

        def __init__(self, today: Any) -> None:
            self.today = today

        def to_json(self) -> dict[str, Any]:
            raw = self.today.to_json()
            return {**raw, "data": {k: v for k, v in raw["data"].items()
                                    if k != "dice_scheme"}}

    def seated_then(game: Game, seats: list[Seat]) -> Any:
        return SeatedThen(seated_today(game, seats))

    monkeypatch.setattr(services, "_table_seated", seated_then)
    host, guest = players(2)
    game = host.create("skip-bo-dice", 2)
    left_from_before(game["id"], scheme=1)
    guest.join(game["id"])
    assert put_seed(guest, game["id"], "a,b").status_code == 200
    host.start(game["id"], first_player=0)
    play_by_legal_actions([host, guest], game["id"], chooser_for("skip-bo-dice", 3))
    monkeypatch.undo()
    row = Event.objects.get(game_id=game["id"], seq=1)
    assert row.schema_version == 1 and "dice_scheme" not in row.data
    audit = audit_of(host, game["id"])
    assert audit["verdict"]["ok"] is True, audit["verdict"]
    assert independent.verify(audit) == []
    draws = independent.draws(audit)
    seeds = ["", "a,b"]
    assert all(die_from_seed(audit["game"]["server_seed"], game["id"], seeds, n, sides,
                             scheme=1) == value for n, sides, value in draws)
