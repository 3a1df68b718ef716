"""The standalone verifier: a wheel of games/ alone, installed offline into a fresh venv,
checks audits of all five games from outside the repository, with a clean environment.

One wheel build and one venv per module (`python3 dev.py verifier` builds the same).
"""

from __future__ import annotations

import copy
import importlib.util
import json
import os
import subprocess
import sys
import zipfile
from email.parser import Parser
from pathlib import Path
from typing import Any

import pytest

from games.core.fairness import seed_commitment

from .play import GAME_TYPES, chooser_for, followed
from .tampering import (GAME_ID, SEEDS, SERVER_SEED, committed_audit, forged, rehash,
                        scheme_tamperings)

ROOT = Path(__file__).resolve().parents[2]
OLD_AUDITS = Path(__file__).resolve().parent / "old_audits"


def load_dev() -> Any:
    spec = importlib.util.spec_from_file_location("dice_dev", ROOT / "dev.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Installed:
    """A fresh venv holding nothing but the wheel; commands run outside the repo."""

    def __init__(self, base: Path, wheel: Path) -> None:
        self.wheel, self.home = wheel, base / "home"
        self.venv = base / "venv"
        self.bin = self.venv / ("Scripts" if os.name == "nt" else "bin")
        self.home.mkdir()
        subprocess.run([sys.executable, "-m", "venv", str(self.venv)], check=True,
                       env=self.env(), cwd=self.home)
        self.run("python", "-m", "pip", "install", "-q", "--no-index", "--no-deps",
                 "--disable-pip-version-check", str(wheel), check=True)

    def env(self) -> dict[str, str]:
        """No PYTHONPATH, no DJANGO_SETTINGS_MODULE, no virtualenv of ours: a bare shell."""
        return {"PATH": os.pathsep.join([str(getattr(self, "bin", "")), os.defpath]),
                "HOME": str(self.home), "LANG": "C.UTF-8"}

    def run(self, program: str, *args: str, check: bool = False) -> subprocess.CompletedProcess:
        done = subprocess.run([str(self.bin / program), *args], cwd=self.home, env=self.env(),
                              capture_output=True, text=True, timeout=300)
        if check:
            assert done.returncode == 0, done.stdout + done.stderr
        return done

    def verify(self, audit: dict[str, Any], *args: str, name: str = "audit.json"
               ) -> subprocess.CompletedProcess:
        path = self.home / name
        path.write_text(json.dumps(audit), encoding="utf-8")
        return self.run("dice-verify", str(path), *args)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    base = tmp_path_factory.mktemp("standalone")
    wheel = load_dev().build_verifier(base / "dist", sys.executable)
    return Installed(base, wheel)


def test_the_wheel_holds_the_games_package_alone_with_its_own_metadata(installed) -> None:
    with zipfile.ZipFile(installed.wheel) as wheel:
        names = wheel.namelist()
        info = [n for n in names if not n.startswith("games/")]
        assert all(n.startswith("dice_games_verify-") and ".dist-info/" in n for n in info)
        assert {"games/registry.py", "games/verify/cli.py", "games/verify/__main__.py",
                "games/snake_bones/__init__.py", "games/bare_bones/__init__.py"} <= set(names)
        assert not any(n.endswith((".toml", ".md")) or "__pycache__" in n for n in names)
        meta_name = next(n for n in info if n.endswith("METADATA"))
        meta = Parser().parsestr(wheel.read(meta_name).decode())
        entry_points = wheel.read(next(n for n in info if n.endswith("entry_points.txt")))
    assert meta["Name"] == "dice-games-verify" and not meta.get_all("Requires-Dist")
    assert "dice-verify = games.verify.cli:main" in entry_points.decode()
    assert "exit status" in meta.get_payload().lower()  # the README is its description


def test_the_installed_verifier_imports_nothing_of_the_service(installed) -> None:
    code = ("import games, importlib.util as u; print(games.__file__); "
            "print([m for m in ('django', 'events', 'api', 'config', 'rest_framework') "
            "if u.find_spec(m)])")
    done = installed.run("python", "-c", code, check=True)
    where, missing = done.stdout.splitlines()
    assert Path(where).is_relative_to(installed.venv) and missing == "[]"


@pytest.mark.parametrize("slug", GAME_TYPES)
def test_dice_verify_replays_every_game_type_and_catches_a_change(installed, audit_for,
                                                                  slug: str) -> None:
    audit = audit_for(slug)
    done = installed.verify(audit)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.strip().endswith("VERIFIED") and "  replay ok" in done.stdout
    bad = copy.deepcopy(audit)
    bad["events"][3]["recorded_at"] = "2000-01-01T00:00:00.000000Z"
    done = installed.verify(bad, name="tampered.json")
    assert done.returncode == 1, done.stdout + done.stderr
    assert "[chain] seq 4 (hash)" in done.stdout and "NOT VERIFIED" in done.stdout


def test_the_anchors_from_the_command_line(installed, players) -> None:
    audit, shown, served = followed(players, "snake-bones", seed=34)
    (installed.home / "served.json").write_text(json.dumps(served[1]))
    served_args = ["--served", str(installed.home / "served.json"), "--seat", "1"]
    done = installed.verify(audit, "--commitment", shown, *served_args)
    assert done.returncode == 0 and done.stdout.strip().endswith("VERIFIED"), done.stdout

    fake = forged(audit, "f0" * 32, chooser_for("snake-bones", 8))
    assert installed.verify(fake, name="forged.json").returncode == 0
    done = installed.verify(fake, "--commitment", shown, name="forged.json")
    assert done.returncode == 1 and "[commitment] game (game.server_seed_hash)" in done.stdout

    late = copy.deepcopy(audit)  # one event's time changed, every hash recomputed
    late["events"][2]["recorded_at"] = "2000-01-01T00:00:00.000000Z"
    rehash(late)
    assert installed.verify(late, name="late.json").returncode == 0
    done = installed.verify(late, *served_args, name="late.json")
    assert done.returncode == 1 and "[served] seq 3 (recorded_at)" in done.stdout, done.stdout


def test_python_m_games_verify_and_its_exit_statuses(installed, audit_for) -> None:
    audit = audit_for("snake-bones")
    path = installed.home / "m.json"
    path.write_text(json.dumps(audit))
    done = installed.run("python", "-m", "games.verify", str(path))
    assert done.returncode == 0 and done.stdout.strip().endswith("VERIFIED")
    assert installed.run("dice-verify", str(installed.home / "missing.json")).returncode == 2
    assert installed.run("dice-verify").returncode == 2
    assert installed.run("dice-verify", str(path), "--commitment", "xyz").returncode == 2


@pytest.mark.parametrize("slug", GAME_TYPES)
def test_dice_verify_checks_a_scheme_3_game_and_names_a_withheld_seat(installed,
                                                                      slug: str) -> None:
    """A scheme 3 game built from games/ alone as the service records it: verified; with
    seat 1 withholding, still verified, and the seed line and --json name the seat."""
    audit = committed_audit(slug, SERVER_SEED, GAME_ID, list(SEEDS), chooser_for(slug, 5))
    done = installed.verify(audit)
    assert done.returncode == 0 and done.stdout.strip().endswith("VERIFIED"), done.stdout
    assert "withheld" not in done.stdout
    assert json.loads(installed.verify(audit, "--json").stdout)["withheld"] == []
    withholding = committed_audit(slug, SERVER_SEED, GAME_ID, [SEEDS[0], ""],
                                  chooser_for(slug, 5), withheld=(1,),
                                  commitments=[seed_commitment(seed) for seed in SEEDS])
    done = installed.verify(withholding, name="withheld.json")
    assert done.returncode == 0 and done.stdout.strip().endswith("VERIFIED"), done.stdout
    seed_line = next(line for line in done.stdout.splitlines() if line.startswith("  seed "))
    assert seed_line.endswith("client seeds match; seat 1 withheld its seed"), seed_line
    verdict = json.loads(installed.verify(withholding, "--json", name="withheld.json").stdout)
    assert verdict["ok"] and verdict["withheld"] == [1]


@pytest.mark.parametrize("name", sorted(scheme_tamperings("snake-bones", chooser_for(
    "snake-bones", 5))))
def test_dice_verify_refuses_every_scheme_tampering(installed, name: str) -> None:
    audit, where = scheme_tamperings("snake-bones", chooser_for("snake-bones", 5))[name]
    done = installed.verify(audit, name="scheme.json")
    assert done.returncode == 1 and "NOT VERIFIED" in done.stdout, done.stdout
    assert where in done.stdout, done.stdout
    assert "[chain]" not in done.stdout  # every hash was recomputed: only the seed rules see it


@pytest.mark.parametrize("name", sorted(path.name for path in OLD_AUDITS.glob("*.json")))
def test_dice_verify_keeps_verifying_old_games_unchanged(installed, name: str) -> None:
    """Games stored before scheme 3 (tests/fairness/old_audits: table_seated v1, v2, v3,
    schemes 1 and 2) verify as they did, with the verdict the service gave then and no
    `withheld` (there was nothing to withhold)."""
    audit = json.loads((OLD_AUDITS / name).read_text(encoding="utf-8"))
    assert audit["events"][0]["schema_version"] <= 3
    done = installed.verify(audit, name=name)
    assert done.returncode == 0 and done.stdout.strip().endswith("VERIFIED"), done.stdout
    verdict = json.loads(installed.verify(audit, "--json", name=name).stdout)
    assert verdict == audit["verdict"] and "withheld" not in verdict
