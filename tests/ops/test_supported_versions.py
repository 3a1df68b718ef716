"""The supported versions (README "Supported versions"): the pins let pip install Django's
LTS and its current release, and `dev.py test --latest` says what it needs.

The second pass itself (`dev.py test --latest`, the newest Django the pins allow) is what
proves the suite passes there; these checks hold in either pass, without a network.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from importlib.metadata import distributions
from pathlib import Path

from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[2]

# Django's LTS (the floor) and its current release: bump CURRENT when Django releases.
LTS, CURRENT = "5.2", "6.1"


def project_requirements() -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = [r for group in project["optional-dependencies"].values() for r in group]
    return [Requirement(r) for r in [*project["dependencies"], *extras]]


def test_the_pins_allow_djangos_lts_and_its_current_release() -> None:
    django = [r for r in project_requirements() if r.name.lower() == "django"]
    assert len(django) == 1
    assert django[0].specifier.contains(LTS) and django[0].specifier.contains(CURRENT)


def test_no_installed_package_blocks_djangos_current_release() -> None:
    """Every installed distribution that requires Django (not only for an extra of its own)
    admits its current release: what pip would have to satisfy beside `Django==CURRENT`."""
    blocking = []
    for dist in distributions():
        if dist.metadata["Name"] == "dice-games":  # its pins: pyproject.toml, checked above
            continue
        for line in dist.requires or []:
            requirement = Requirement(line)
            needed = requirement.marker is None or requirement.marker.evaluate({"extra": ""})
            if (requirement.name.lower() == "django" and needed
                    and not requirement.specifier.contains(CURRENT)):
                blocking.append(f"{dist.metadata['Name']}: {line}")
    assert blocking == []


def test_latest_without_python_3_12_says_what_it_needs() -> None:
    env = {k: v for k, v in os.environ.items() if k != "DICE_LATEST_PYTHON"}
    done = subprocess.run([sys.executable, str(ROOT / "dev.py"), "test", "--latest"],
                          cwd=ROOT, env={**env, "PATH": str(ROOT / "no-such-dir")},
                          capture_output=True, text=True, timeout=60)
    assert done.returncode != 0
    assert "needs Python 3.12 or newer" in done.stderr
