"""Dice scheme 3 through the API (docs/decisions/0029-committed-seeds.md, items 1 and 2):
seats commit to their seeds in the lobby and reveal them after the start; nobody, the
server included, reads a seat's seed before every seed is fixed.

Before: a seat's client seed was public in the lobby, so the last seat to choose (told
the server seed by a colluding server) ground its own seed for the dice it wanted; and a
seed sent in `POST /games` was known before the server seed was drawn.
"""

from __future__ import annotations

import secrets
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from events.clocks import close_reveal, reveals_due
from events.models import Event, Game, PlayerNotice, Seat
from events.tasks import close_reveal as close_reveal_task
from games.core.fairness import commitment, die_from_seed, seed_commitment
from tests.support.api import Player, play_by_legal_actions

from .play import audit_of, chooser_for

pytestmark = pytest.mark.django_db


def drawn() -> tuple[str, str]:
    """A client's seed (32 random bytes) and its commitment."""
    seed = secrets.token_hex(32)
    return seed, seed_commitment(seed)


def create(player: Player, game_type: str = "snake-bones", seats: int = 2,
           **body: Any) -> dict[str, Any]:
    response = player.post("/games", {"game_type": game_type, "seats": seats, **body})
    assert response.status_code == 201, response.content
    return response.json()


def commit(player: Player, game_id: str, value: Any) -> Any:
    return player.client.put(f"/api/v1/games/{game_id}/seed-commitment",
                             data={"seed_commitment": value}, format="json")


def reveal(player: Player, game_id: str, seed: Any) -> Any:
    return player.post(f"/games/{game_id}/seed", {"client_seed": seed})


def refused(response: Any, status: int, code: str) -> None:
    assert response.status_code == status, response.content
    assert response.json()["code"] == code, response.content


def stored_seeds(game_id: str) -> list[tuple[str, str, str]]:
    return list(Seat.objects.filter(game_id=game_id).order_by("number")
                .values_list("client_seed", "seed_commitment", "seed_state"))


def test_no_client_seed_is_taken_in_the_lobby(players) -> None:  # type: ignore[no-untyped-def]
    host, guest = players(2)
    games = Game.objects.count()
    answer = host.post("/games", {"game_type": "snake-bones", "seats": 2, "client_seed": "s"})
    assert answer.status_code == 400 and "client_seed" in answer.json()["errors"]
    assert Game.objects.count() == games
    game = create(host)
    joined = guest.post(f"/games/{game['id']}/join", {"client_seed": "lucky"})
    assert joined.status_code == 400 and "client_seed" in joined.json()["errors"]
    assert Seat.objects.filter(game_id=game["id"]).count() == 1
    guest.join(game["id"])
    old_path = guest.client.put(f"/api/v1/games/{game['id']}/client-seed",
                                data={"client_seed": "lucky"}, format="json")
    refused(old_path, 409, "seeds_are_committed")
    assert "seed-commitment" in old_path.json()["detail"]
    assert stored_seeds(game["id"]) == [("", "", "none"), ("", "", "none")]


def test_the_creation_answers_the_server_commitment_and_takes_only_a_commitment(players) -> None:  # type: ignore[no-untyped-def]
    (host,) = players(1)
    games = Game.objects.count()
    for bad in ("AB" * 32, "ab" * 31, "ab" * 33, "zz" * 32, ""):
        refused(host.post("/games", {"game_type": "snake-bones", "seats": 2,
                                     "seed_commitment": bad}), 400, "invalid_seed_commitment")
    assert host.post("/games", {"game_type": "snake-bones", "seats": 2,
                                "seed_commitment": 5}).status_code == 400
    assert Game.objects.count() == games
    seed, hashed = drawn()
    game = create(host, seed_commitment=hashed)
    row = Game.objects.get(id=game["id"])
    assert game["dice_scheme"] == row.dice_scheme == 3 and game["reveal_by"] is None
    assert game["server_seed_hash"] == commitment(row.server_seed, 3) != commitment(
        row.server_seed, 2)
    assert game["seats"][0] | {"player_id": None} == {
        "seat": 0, "player": host.username, "player_id": None, "bot": None,
        "client_seed": None, "seed_commitment": hashed, "seed": "committed",
        "autoplay": False, "timeouts_in_row": 0}
    assert stored_seeds(game["id"]) == [("", hashed, "committed")]   # no seed until the reveal
    assert host.game(game["id"])["dice_scheme"] == 3   # the lobby shows the scheme


def test_commitments_are_replaceable_until_the_start(players) -> None:  # type: ignore[no-untyped-def]
    host, guest, stranger = players(3)
    game_id = create(host)["id"]
    refused(commit(host, game_id, "not hex"), 400, "invalid_seed_commitment")
    first, second, guests = drawn()[1], drawn()[1], drawn()[1]
    assert commit(host, game_id, first).json()["seats"][0]["seed_commitment"] == first
    assert commit(host, game_id, second).json()["seats"][0]["seed_commitment"] == second
    guest.join(game_id, seed_commitment=guests)
    refused(commit(guest, game_id, second), 409, "seed_commitment_taken")
    refused(commit(stranger, game_id, drawn()[1]), 409, "not_seated")
    assert stored_seeds(game_id) == [("", second, "committed"), ("", guests, "committed")]
    host.start(game_id, first_player=0)
    refused(commit(guest, game_id, drawn()[1]), 409, "game_not_in_lobby")
    seated = Event.objects.get(game_id=game_id, seq=1)
    assert seated.type == "table_seated" and seated.schema_version == 4
    assert seated.data["dice_scheme"] == 3
    assert seated.data["server_seed_hash"] == Game.objects.get(id=game_id).server_seed_hash
    assert seated.data["seats"] == [
        {"seat": 0, "player": host.player_id, "seed_commitment": second},
        {"seat": 1, "player": guest.player_id, "seed_commitment": guests}]


def test_a_game_reveals_until_the_last_seed_and_plays_with_the_fixed_seeds(players) -> None:  # type: ignore[no-untyped-def]
    host, guest, third = players(3)
    (host_seed, host_hash), (guest_seed, guest_hash) = drawn(), drawn()
    game_id = create(host, seats=3, seed_commitment=host_hash)["id"]
    refused(reveal(host, game_id, host_seed), 409, "not_revealing")
    guest.join(game_id, seed_commitment=guest_hash)
    third.join(game_id)
    started = host.start(game_id, first_player=0)
    assert started["status"] == "revealing" and started["view"] is None
    assert started["reveal_by"] is not None and started["version"] == 1
    assert [s["seed"] for s in started["seats"]] == ["committed", "committed", "none"]
    assert Event.objects.filter(game_id=game_id).count() == 1   # nothing rolled
    refused(host.act(game_id, {"type": "bid", "quantity": 1, "face": 2}, 1), 422,
            "game_not_started")
    refused(reveal(third, game_id, drawn()[0]), 409, "no_commitment")
    refused(reveal(host, game_id, "x"), 400, "invalid_client_seed")
    refused(reveal(host, game_id, host_seed.upper()), 400, "invalid_client_seed")
    refused(reveal(host, game_id, guest_seed), 400, "seed_does_not_match_commitment")
    assert stored_seeds(game_id)[0] == ("", host_hash, "committed")   # nothing stored
    answer = reveal(host, game_id, host_seed)
    assert answer.status_code == 200 and answer.json()["status"] == "revealing"
    assert reveal(host, game_id, host_seed).status_code == 200   # the same seed again
    refused(reveal(host, game_id, drawn()[0]), 409, "already_revealed")
    # Nobody reads a revealed seed before the seeds are fixed: not the other seats, not
    # the revealer, not in a list or the events.
    for reader in (guest, third, host):
        served = reader.game(game_id)
        assert [s["client_seed"] for s in served["seats"]] == [None, None, None]
        assert served["seats"][0]["seed"] == "revealed"
        assert host_seed not in reader.get("/games", mine="true").content.decode()
        assert host_seed not in reader.get(f"/games/{game_id}/events").content.decode()
        assert reader.get(f"/games/{game_id}/audit").status_code == 409
    final = reveal(guest, game_id, guest_seed).json()
    assert final["status"] == "active" and final["reveal_by"] is None
    assert [s["client_seed"] for s in final["seats"]] == [host_seed, guest_seed, ""]
    rows = list(Event.objects.filter(game_id=game_id).order_by("seq"))
    assert rows[1].type == "client_seeds_fixed" and rows[1].actor == "system"
    assert rows[1].data == {"client_seeds": [host_seed, guest_seed, ""], "withheld": []}
    assert rows[2].command is not None and "setup" in rows[2].command
    assert rows[2].command["setup"]["first_player"] == 0
    play_by_legal_actions([host, guest, third], game_id, chooser_for("snake-bones", 5))
    audit = audit_of(host, game_id)
    assert audit["game"]["dice_scheme"] == 3
    assert [s["seed"] for s in audit["game"]["seats"]] == ["revealed", "revealed", "none"]
    assert [s["seed_commitment"] for s in audit["game"]["seats"]] == [host_hash, guest_hash, None]
    revealed = Event.objects.get(game_id=game_id, type="seed_revealed").data
    assert revealed["client_seeds"] == [host_seed, guest_seed, ""]
    server_seed = Game.objects.get(id=game_id).server_seed
    draws = [d for e in Event.objects.filter(game_id=game_id) for d in e.draws]
    assert draws and all(
        die_from_seed(server_seed, game_id, [host_seed, guest_seed, ""], nonce, sides,
                      scheme=3) == value for nonce, sides, value in draws)


def test_the_deadline_fixes_the_seeds_and_lists_a_withheld_seat(players) -> None:  # type: ignore[no-untyped-def]
    host, guest = players(2)
    (host_seed, host_hash), (_, guest_hash) = drawn(), drawn()
    game_id = create(host, seed_commitment=host_hash)["id"]
    guest.join(game_id, seed_commitment=guest_hash)
    host.start(game_id, first_player=1)
    assert reveal(host, game_id, host_seed).status_code == 200
    game = Game.objects.get(id=game_id)
    assert game_id not in reveals_due()
    assert close_reveal(game_id) == "not_due"
    later = game.reveal_by + timedelta(seconds=1)
    assert game_id in reveals_due(later)
    assert close_reveal(game_id, now=later) == "fixed"
    assert close_reveal(game_id, now=later) == "stale"   # once only
    fixed = Event.objects.get(game_id=game_id, type="client_seeds_fixed")
    assert fixed.seq == 2 and fixed.data == {"client_seeds": [host_seed, ""], "withheld": [1]}
    assert Event.objects.filter(game_id=game_id, type="client_seeds_fixed").count() == 1
    served = guest.game(game_id)
    assert served["status"] == "active" and served["view"]["opener"] == 1
    assert [(s["seed"], s["client_seed"]) for s in served["seats"]] == [
        ("revealed", host_seed), ("withheld", "")]
    refused(reveal(guest, game_id, drawn()[0]), 409, "not_revealing")


def test_the_deadline_task_fixes_a_game_past_its_deadline(players) -> None:  # type: ignore[no-untyped-def]
    host, guest = players(2)
    game_id = create(host, seed_commitment=drawn()[1])["id"]
    guest.join(game_id)
    host.start(game_id)
    Game.objects.filter(id=game_id).update(reveal_by=timezone.now() - timedelta(seconds=1))
    assert close_reveal_task(game_id) == "fixed"
    assert Event.objects.get(game_id=game_id, type="client_seeds_fixed").data == {
        "client_seeds": ["", ""], "withheld": [0]}
    assert close_reveal_task(game_id) == "stale"


def test_bots_commit_and_the_server_reveals_their_seeds(players) -> None:  # type: ignore[no-untyped-def]
    host, other = players(2)
    lobby = create(host, seats=3, bots=[{"level": "basic"}])
    added = host.post(f"/games/{lobby['id']}/bots", {}).json()
    bots = Seat.objects.filter(game_id=lobby["id"], user=None).order_by("number")
    assert [s["seed"] for s in added["seats"]] == ["none", "committed", "committed"]
    assert [s["client_seed"] for s in added["seats"]] == [None, None, None]
    for bot in bots:
        assert len(bot.client_seed) == 64 and bot.seed_commitment == seed_commitment(
            bot.client_seed)
    # No player committed: the seeds are fixed and the game begins with the start.
    started = host.start(lobby["id"], first_player=0)
    assert started["status"] == "active"
    assert Event.objects.get(game_id=lobby["id"], type="client_seeds_fixed").data == {
        "client_seeds": ["", bots[0].client_seed, bots[1].client_seed], "withheld": []}
    assert [e.seq for e in Event.objects.filter(game_id=lobby["id"])][:3] == [1, 2, 3]
    # A player committed: the bots' seeds are revealed at the start, the player's awaited.
    seed, hashed = drawn()
    waiting = create(other, seats=2, bots=[{}], seed_commitment=hashed)
    started = other.start(waiting["id"])
    assert started["status"] == "revealing"
    assert [s["seed"] for s in started["seats"]] == ["committed", "revealed"]
    assert started["seats"][1]["client_seed"] is None
    assert reveal(other, waiting["id"], seed).json()["status"] == "active"


def test_a_one_seat_game_commits_starts_and_reveals(players) -> None:  # type: ignore[no-untyped-def]
    (player,) = players(1)
    seed, hashed = drawn()
    game = create(player, "dark-knights", 1, seed_commitment=hashed)
    assert player.start(game["id"])["status"] == "revealing"
    opened = reveal(player, game["id"], seed).json()
    assert opened["status"] == "active" and opened["view"] is not None
    assert opened["seats"][0]["client_seed"] == seed


def test_a_rematch_commits_anew(players) -> None:  # type: ignore[no-untyped-def]
    host, guest = players(2)
    (host_seed, host_hash), (guest_seed, guest_hash) = drawn(), drawn()
    game_id = create(host, "dark-knights", 3, seed_commitment=host_hash, bots=[{}])["id"]
    guest.join(game_id, seed_commitment=guest_hash)
    host.start(game_id, first_player=0)
    reveal(host, game_id, host_seed)
    assert reveal(guest, game_id, guest_seed).json()["status"] == "active"
    # The game's end is not what is tested: the rematch of a finished game is.
    Game.objects.filter(id=game_id).update(status="finished")
    finished_bot = Seat.objects.get(game_id=game_id, user=None).client_seed
    rematch = guest.post(f"/games/{game_id}/rematch").json()
    assert rematch["dice_scheme"] == 3
    assert {(s["seat"], s["seed"], s["client_seed"]) for s in rematch["seats"]} == {
        (1, "committed", None), (2, "none", None)}   # the bot, the asker
    new_bot = Seat.objects.get(game_id=rematch["id"], user=None)
    assert new_bot.client_seed not in ("", finished_bot)   # a new seed, never the public one
    assert Seat.objects.get(game_id=rematch["id"], user__username=guest.username) \
        .seed_commitment == ""
    seed, hashed = drawn()
    assert commit(guest, rematch["id"], hashed).status_code == 200
    host.join(rematch["id"])
    assert guest.start(rematch["id"])["status"] == "revealing"
    assert reveal(guest, rematch["id"], seed).json()["status"] == "active"


@pytest.mark.django_db(transaction=True)
def test_quick_play_carries_the_commitments_to_the_seats_and_asks_for_the_seeds(players) -> None:  # type: ignore[no-untyped-def]
    first, second = players(2)
    (seed, hashed) = drawn()
    refused(first.post("/matchmaking/tickets", {
        "game_type": "dark-knights", "seats": {"min": 2, "max": 2},
        "seed_commitment": "short"}), 400, "invalid_seed_commitment")
    ticket = first.post("/matchmaking/tickets", {"game_type": "dark-knights",
                                                 "seats": {"min": 2, "max": 2},
                                                 "seed_commitment": hashed})
    assert ticket.status_code == 201 and ticket.json()["seed_commitment"] == hashed
    matched = second.post("/matchmaking/tickets", {"game_type": "dark-knights",
                                                   "seats": {"min": 2, "max": 2}}).json()
    game_id = matched["game"]
    game = first.game(game_id)
    assert game["status"] == "revealing"
    assert [(s["player"], s["seed"]) for s in game["seats"]] == [
        (first.username, "committed"), (second.username, "none")]
    for player in (first, second):
        told = {n["kind"]: n for n in player.get("/me/notices", after=0).json()["notices"]}
        assert told["match_found"]["status"] == "revealing"
        assert told["match_found"]["reveal_by"] == told["seeds_requested"]["reveal_by"]
    assert PlayerNotice.objects.filter(game_id=game_id, kind="game_started").count() == 0
    assert reveal(first, game_id, seed).json()["status"] == "active"
    assert PlayerNotice.objects.filter(game_id=game_id, kind="game_started").count() == 2


def test_a_scheme_2_lobby_left_from_before_keeps_its_path(players) -> None:  # type: ignore[no-untyped-def]
    host, guest = players(2)
    game_id = create(host)["id"]
    row = Game.objects.get(id=game_id)
    Game.objects.filter(id=game_id).update(dice_scheme=2,
                                           server_seed_hash=commitment(row.server_seed, 2))
    guest.join(game_id)
    assert host.game(game_id)["dice_scheme"] == 2
    put = guest.client.put(f"/api/v1/games/{game_id}/client-seed",
                           data={"client_seed": "guest's own"}, format="json")
    assert put.status_code == 200 and put.json()["seats"][1]["client_seed"] == "guest's own"
    refused(commit(host, game_id, drawn()[1]), 409, "seeds_not_committed")
    started = host.start(game_id, first_player=0)
    assert started["status"] == "active"
    rows = list(Event.objects.filter(game_id=game_id).order_by("seq"))
    assert rows[0].schema_version == 3 and rows[0].data["dice_scheme"] == 2
    assert rows[0].data["seats"] == [
        {"seat": 0, "player": host.player_id, "client_seed": ""},
        {"seat": 1, "player": guest.player_id, "client_seed": "guest's own"}]
    assert not any(r.type == "client_seeds_fixed" for r in rows)
    assert rows[1].command is not None and "setup" in rows[1].command
    play_by_legal_actions([host, guest], game_id, chooser_for("snake-bones", 2))
    audit = audit_of(host, game_id)
    assert audit["verdict"]["ok"] is True, audit["verdict"]["problems"]
    assert audit["game"]["dice_scheme"] == 2


def test_a_player_deleted_while_the_game_reveals_is_played_by_the_bot(players) -> None:  # type: ignore[no-untyped-def]
    host, guest = players(2)
    game_id = create(host, "dark-knights", seed_commitment=drawn()[1])["id"]
    guest.join(game_id, seed_commitment=drawn()[1])
    host.start(game_id, first_player=0)
    gone = guest.client.delete("/api/v1/me", data={"password": "correct horse battery"},
                               format="json")
    assert gone.status_code == 204, gone.content
    seat = Seat.objects.get(game_id=game_id, number=1)
    assert seat.autoplay is True and seat.seed_state == "committed"
    assert close_reveal(game_id, now=Game.objects.get(id=game_id).reveal_by) == "fixed"
    assert Event.objects.get(game_id=game_id, type="client_seeds_fixed").data["withheld"] == [
        0, 1]
