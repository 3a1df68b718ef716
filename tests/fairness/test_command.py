"""`manage.py verify_game`: a readable verdict, exit status 1 on failure, --file."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from events.models import Game, Seat

from .play import audit_of, finished, seated

ROOT = Path(__file__).resolve().parents[2]


def verify_game(*args: str) -> tuple[str, int]:
    out = io.StringIO()
    try:
        call_command("verify_game", *args, stdout=out)
    except CommandError as exc:
        return out.getvalue() + f"\n{exc}", exc.returncode
    return out.getvalue(), 0


def test_a_finished_game_verifies(players, tmp_path) -> None:
    game_id, everyone, _ = finished(players, "snake-bones", seed=61)
    text, status = verify_game(game_id, "--export", str(tmp_path / "audit.json"))
    assert status == 0, text
    for check in ("chain", "seed", "dice", "replay"):
        assert f"  {check:<7}ok" in text
    assert text.strip().endswith("VERIFIED")
    exported = json.loads((tmp_path / "audit.json").read_text())
    served = audit_of(everyone[0], game_id)
    assert exported == {k: v for k, v in served.items() if k != "verdict"}
    text, status = verify_game("--file", str(tmp_path / "audit.json"), "--json")
    assert status == 0 and json.loads(text) == served["verdict"]


def test_an_altered_file_fails_and_names_the_event(players, tmp_path) -> None:
    game_id, everyone, _ = finished(players, "snake-bones", seed=62)
    audit = audit_of(everyone[0], game_id)
    event = audit["events"][4]
    event["actor"] = "seat:1" if event["actor"] != "seat:1" else "seat:0"
    path = tmp_path / "altered.json"
    path.write_text(json.dumps(audit))
    text, status = verify_game("--file", str(path))
    assert status == 1
    assert f"[chain] seq {event['seq']} (hash)" in text and "NOT VERIFIED" in text


def test_a_changed_client_seed_or_server_seed_in_the_database_is_named(players) -> None:
    game_id, _, _ = finished(players, "snake-bones", seed=63)
    Seat.objects.filter(game_id=game_id, number=1).update(client_seed="chosen after the fact")
    text, status = verify_game(game_id)
    assert status == 1 and "[seed] game (game.seats[1].client_seed)" in text
    game = Game.objects.get(id=game_id)
    Game.objects.filter(id=game_id).update(server_seed=game.server_seed[::-1])
    text, status = verify_game(game_id)
    assert status == 1 and "[seed] game (game.server_seed)" in text


def test_a_running_game_is_verified_without_printing_its_seed(players) -> None:
    game_id, _ = seated(players, "snake-bones")
    text, status = verify_game(game_id)
    assert status == 0, text
    assert "has not ended" in text and Game.objects.get(id=game_id).server_seed not in text
    _, status = verify_game(game_id, "--export", "/tmp/never-written.json")
    assert status == 2


def test_bad_arguments(players) -> None:
    with pytest.raises(CommandError):
        call_command("verify_game")
    assert verify_game(str(uuid.uuid4()))[1] == 2
    assert verify_game("not-a-uuid")[1] == 2
    assert verify_game("--file", "/nonexistent/audit.json")[1] == 2
    a, b = players(2)
    lobby = a.create("snake-bones", 2)
    assert verify_game(lobby["id"])[1] == 2


def test_the_command_exits_non_zero_from_the_shell(players, tmp_path) -> None:
    game_id, everyone, _ = finished(players, "snake-bones", seed=64)
    audit = audit_of(everyone[0], game_id)
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    good.write_text(json.dumps(audit))
    audit["events"][2]["draws"] = [[0, 6, 7]]
    bad.write_text(json.dumps(audit))
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings_test"}
    command = [sys.executable, "manage.py", "verify_game", "--file"]
    ok = subprocess.run(command + [str(good)], cwd=ROOT, env=env, capture_output=True, text=True)
    assert ok.returncode == 0, ok.stderr
    failed = subprocess.run(command + [str(bad)], cwd=ROOT, env=env, capture_output=True,
                            text=True)
    assert failed.returncode == 1 and "NOT VERIFIED" in failed.stdout
