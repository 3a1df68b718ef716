"""Players are named in events by an opaque, stable player id, never by name; names are
read from the account when served (docs/decisions/0011-players-by-opaque-id.md).

Games stored before (table_seated below schema version 3, players by username) are not
rewritten: they are served with the player ids, and verify as before with the audit,
`python -m events.verify` and the standalone `dice-verify`.
"""

from __future__ import annotations

import copy
import importlib
import json
import os
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Iterator
from unittest import mock

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.db import connection
from django.forms.models import model_to_dict
from django.utils import timezone

from accounts.models import DELETED_PLAYER_NAME, Player
from events.models import Event, Game, IdempotencyRecord, Seat, Snapshot
from events.store import stream
from events.writes import lobby
from games.core.legal import expand_all
from games.service_events import TableSeat
from games.verify import Anchors, verify_audit
from tests.support.api import Player as Client
from tests.support.api import play_by_legal_actions, table

from .play import audit_of, chooser_for
from .test_client_seeds import left_from_before
from .test_standalone_verifier import installed  # noqa: F401 (the fixture: one wheel)

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.django_db


# --- table_seated as the code before v3 wrote it (copied from it) ------------------------

def seated_before_v3(seat: Seat) -> TableSeat:
    if seat.is_bot:
        return TableSeat(seat=seat.number, player=None, client_seed=seat.client_seed,
                         bot=seat.bot_level)
    return TableSeat(seat=seat.number, player=seat.user.get_username(),
                     client_seed=seat.client_seed)


@contextmanager
def written_before_v3() -> Iterator[None]:
    """Start games as the service did before players had ids: table_seated v2 with each
    player's username, through the ordinary append (the chain is real). The game must be
    a scheme 2 lobby (`left_from_before`): v2 predates committed seeds."""
    with mock.patch.object(lobby, "_seated", seated_before_v3), \
            mock.patch.object(stream, "SEEDS_IN_TABLE_SEATED", 2):
        yield


def play_to_the_end(everyone: list[Client], game_id: str, seed: int) -> None:
    play_by_legal_actions(everyone, game_id, chooser_for("snake-bones", seed))


def stored_text(game_id: str) -> str:
    """Every row stored for the game, every column, as one text."""
    rows: list[Any] = [Game.objects.get(id=game_id)]
    for model in (Event, Snapshot, IdempotencyRecord):
        rows += list(model.objects.filter(game_id=game_id))
    return json.dumps([model_to_dict(row) for row in rows], default=str)


def python_m_events_verify(audit: dict[str, Any], tmp_path: Path, *args: str
                           ) -> subprocess.CompletedProcess:
    path = tmp_path / "audit.json"
    path.write_text(json.dumps(audit))
    blocker = "import sys; sys.modules['django'] = None; sys.modules['rest_framework'] = None\n"
    code = blocker + "from events.verify import main; sys.exit(main(sys.argv[1:]))"
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    return subprocess.run([sys.executable, "-c", code, str(path), *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)


# --- new games --------------------------------------------------------------------------

def test_every_account_has_an_opaque_player_id_given_at_login(make_player, api) -> None:  # type: ignore[no-untyped-def]
    a, b = make_player("Zelda.Quux"), make_player("ymir_quux")
    assert a.player_id.startswith("p_") and len(a.player_id) == 26
    assert a.player_id != b.player_id and "zelda" not in a.player_id.lower()
    assert Player.objects.get(user__username="Zelda.Quux").id == a.player_id
    again = api.anonymous.post("/api/v1/auth/token", {"username": "zelda.quux",
                                                       "password": "correct horse battery"},
                               format="json")
    assert again.status_code == 200 and again.json()["player_id"] == a.player_id


def test_a_new_game_stores_no_username_anywhere(make_player) -> None:  # type: ignore[no-untyped-def]
    a, b = make_player("Zelda.Quux"), make_player("ymir_quux")
    game_id = table(a, [b], "snake-bones")
    a.start(game_id, first_player=0)
    mover = next(p for p in (a, b) if p.legal(game_id)["actions"])
    listing = mover.legal(game_id)
    first = mover.act(game_id, expand_all(listing["actions"])[0], listing["version"],
                      **{"Idempotency-Key": "first-move"})
    assert first.status_code == 201, first.content
    play_to_the_end([a, b], game_id, seed=5)
    assert Game.objects.get(id=game_id).status == "finished"
    assert IdempotencyRecord.objects.filter(game_id=game_id).exists()
    stored = stored_text(game_id).lower()
    for name in ("zelda.quux", "ymir_quux"):
        assert name not in stored
    seated = Event.objects.get(game_id=game_id, seq=1)
    assert seated.schema_version == 4
    assert [s["player"] for s in seated.data["seats"]] == [a.player_id, b.player_id]
    # The names are served, read from the accounts: the seats give both.
    seats = a.game(game_id)["seats"]
    assert [(s["player"], s["player_id"]) for s in seats] == [
        ("Zelda.Quux", a.player_id), ("ymir_quux", b.player_id)]
    audit = audit_of(a, game_id)
    assert audit["verdict"]["ok"], audit["verdict"]
    assert [(s["player"], s["player_id"]) for s in audit["game"]["seats"]] == [
        ("Zelda.Quux", a.player_id), ("ymir_quux", b.player_id)]


def test_a_renamed_account_s_new_name_is_what_games_serve(players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    game_id = table(a, [b], "snake-bones")
    a.start(game_id, first_player=0)
    get_user_model().objects.filter(username=b.username).update(username="renamed-bob")
    seats = a.game(game_id)["seats"]
    assert [(s["player"], s["player_id"]) for s in seats] == [
        (a.username, a.player_id), ("renamed-bob", b.player_id)]
    listed = a.get("/games", mine="true").json()["results"]
    assert [s["player"] for s in listed[0]["seats"]] == [a.username, "renamed-bob"]
    served = a.events(game_id)[0]
    assert served["type"] == "table_seated"
    assert [s["player"] for s in served["data"]["seats"]] == [a.player_id, b.player_id]


def test_a_deleted_account_shows_the_placeholder_and_only_its_id(players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    game_id = table(a, [b], "snake-bones")
    a.start(game_id, first_player=0)
    play_to_the_end([a, b], game_id, seed=6)
    # The deletion step tombstones the account: the player id stays, the name is gone.
    Player.objects.filter(user__username=a.username).update(deleted_at=timezone.now())
    game = b.game(game_id)
    assert game["creator"] == DELETED_PLAYER_NAME
    assert [(s["player"], s["player_id"]) for s in game["seats"]] == [
        (DELETED_PLAYER_NAME, a.player_id), (b.username, b.player_id)]
    listed = b.get("/games", mine="true").json()["results"]
    assert listed[0]["creator"] == DELETED_PLAYER_NAME
    assert listed[0]["seats"][0]["player"] == DELETED_PLAYER_NAME
    audit = audit_of(b, game_id)
    assert audit["verdict"]["ok"], audit["verdict"]
    assert audit["game"]["seats"][0] == {"seat": 0, "player": DELETED_PLAYER_NAME,
                                         "player_id": a.player_id, "bot": None,
                                         "client_seed": "", "seed_commitment": None,
                                         "seed": "none"}
    # An outsider reading the audit, the events or the challenges finds the id only.
    for path in ("/audit", "/events", "/challenges", "", "/state"):
        assert a.username not in b.get(f"/games/{game_id}{path}").content.decode(), path
    assert a.player_id in json.dumps(audit["events"][0])


# --- games stored before players had ids -------------------------------------------------

@pytest.fixture
def old_game(players):  # type: ignore[no-untyped-def]
    """A finished game whose table_seated was written as before v3, with what each seat
    was served while it played."""
    a, b = players(2)
    game_id = table(a, [b], "snake-bones")
    left_from_before(game_id, scheme=2)
    with written_before_v3():
        a.start(game_id, first_player=0)
    served = {0: a.events(game_id)}
    play_to_the_end([a, b], game_id, seed=7)
    served[0] += a.events(game_id, after=served[0][-1]["seq"])
    return a, b, game_id, served


def test_an_old_table_seated_is_stored_as_written_and_served_upcast(old_game) -> None:  # type: ignore[no-untyped-def]
    a, b, game_id, served = old_game
    row = Event.objects.get(game_id=game_id, seq=1)
    assert row.schema_version == 2
    assert [s["player"] for s in row.data["seats"]] == [a.username, b.username]
    (first,) = [e for e in served[0] if e["seq"] == 1]
    assert first["type"] == "table_seated"
    assert [s["player"] for s in first["data"]["seats"]] == [a.player_id, b.player_id]
    assert {k: v for k, v in first["data"].items() if k != "seats"} == \
        {k: v for k, v in row.data.items() if k != "seats"}
    # A rename does not move the ids: they come from the seats, not from the names.
    get_user_model().objects.filter(username=b.username).update(username="someone-else")
    again = a.events(game_id)[0]
    assert [s["player"] for s in again["data"]["seats"]] == [a.player_id, b.player_id]


def test_an_old_game_verifies_with_the_audit_and_both_verifiers(  # type: ignore[no-untyped-def]
        old_game, installed, tmp_path) -> None:  # noqa: F811
    a, b, game_id, served = old_game
    audit = audit_of(a, game_id)
    assert audit["verdict"]["ok"], audit["verdict"]
    # Served upcast, with players by id; the stored bytes, as hashed, in `stored` (0031).
    assert audit["events"][0]["schema_version"] == 4
    assert json.loads(audit["events"][0]["stored"])["schema_version"] == 2
    assert [s["player_id"] for s in audit["game"]["seats"]] == [a.player_id, b.player_id]

    done = python_m_events_verify(audit, tmp_path)
    assert done.returncode == 0 and done.stdout.strip().endswith("VERIFIED"), done.stdout
    done = installed.verify(audit)
    assert done.returncode == 0 and done.stdout.strip().endswith("VERIFIED"), done.stdout

    # What the seat was served, seq 1 with the ids, is the audit's (served anchor)...
    (installed.home / "served.json").write_text(json.dumps(served[0]))
    anchor = ["--served", str(installed.home / "served.json"), "--seat", "0"]
    done = installed.verify(audit, *anchor)
    assert done.returncode == 0 and done.stdout.strip().endswith("VERIFIED"), done.stdout
    assert verify_audit(audit, anchors=Anchors(served=served[0], seat=0)).ok
    # ... and another id than the audit's seats give is caught.
    wrong = copy.deepcopy(served[0])
    wrong[0]["data"]["seats"][1]["player"] = a.player_id
    problems = verify_audit(audit, anchors=Anchors(served=wrong, seat=0)).problems
    assert [(p.check, p.seq, p.where) for p in problems] == [("served", 1, "data")]
    # The events served before this change (usernames) still match too.
    before = copy.deepcopy(served[0])
    before[0]["data"]["seats"] = json.loads(audit["events"][0]["stored"])["data"]["seats"]
    assert verify_audit(audit, anchors=Anchors(served=before, seat=0)).ok


# --- the data migration -----------------------------------------------------------------

def test_the_migration_gives_every_existing_account_a_player(players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    Player.objects.filter(user__username=b.username).delete()  # an account from before
    kept = Player.objects.get(user__username=a.username).id
    migration = importlib.import_module("accounts.migrations.0002_players")
    migration.players_for_existing_accounts(
        apps, SimpleNamespace(connection=SimpleNamespace(alias=connection.alias)))
    made = Player.objects.get(user__username=b.username)
    assert made.id.startswith("p_") and made.id != kept
    assert Player.objects.get(user__username=a.username).id == kept
