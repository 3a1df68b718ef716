"""Unused code in games/, events/, api/ and config/, found by vulture (issue #32 item 5).

vulture reads the four packages, the tests (code the tests use counts as used: rules
helpers and bot policies they drive), tests/vulture_allowlist.py (what frameworks call)
and the dotted names config/ gives frameworks as strings. It reports:

- at 90 % confidence and more, anything: unused imports, unused arguments, unreachable
  code;
- at 60 %, the defined names: unused functions, methods, classes and properties.

Unused variables and attributes at 60 % are not reported: nearly all are TypedDict keys
(the views' and events' shapes), DRF and Django class attributes and settings, which
frameworks and clients read by name.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ["games", "events", "api", "config", "accounts", "contract", "infra"]
ALLOWLIST = ROOT / "tests" / "vulture_allowlist.py"
MIN_CONFIDENCE = 60
DEFINED = re.compile(r"unused (function|method|class|property) ")
CONFIDENCE = re.compile(r"\((\d+)% confidence")
DOTTED = re.compile(r"""["'](?:%s)(?:\.\w+)*\.(\w+)["']""" % "|".join(PACKAGES))


def configured_names() -> list[str]:
    """The last part of every dotted name of our packages that config/ gives as a string
    ("api.parsers.SafeJSONParser", "events.sweep", "api.errors.not_found_view")."""
    names: set[str] = set()
    for path in sorted((ROOT / "config").glob("*.py")):
        names.update(DOTTED.findall(path.read_text()))
    return sorted(names)


def reported(line: str) -> bool:
    if not line.startswith(tuple(f"{p}/" for p in PACKAGES)):
        return False   # a test's own leftovers are not this check's business
    match = CONFIDENCE.search(line)
    return match is not None and (int(match.group(1)) >= 90 or bool(DEFINED.search(line)))


def findings(tmp_path: Path) -> list[str]:
    configured = tmp_path / "configured_names.py"
    configured.write_text("\n".join(configured_names()) + "\n")
    run = subprocess.run(
        [sys.executable, "-m", "vulture", *PACKAGES, "tests", str(ALLOWLIST), str(configured),
         "--min-confidence", str(MIN_CONFIDENCE), "--exclude", "*/migrations/*"],
        cwd=ROOT, capture_output=True, text=True)
    assert run.returncode in (0, 3), run.stderr   # 3: unused code found
    return [line for line in run.stdout.splitlines() if reported(line)]


def test_configured_names_are_read() -> None:
    names = configured_names()
    assert {"SafeJSONParser", "sweep", "not_found_view", "tidy"} <= set(names)


def test_no_unused_code(tmp_path: Path) -> None:
    found = findings(tmp_path)
    assert not found, ("unused code (remove it, or if a framework calls it add it to "
                       "tests/vulture_allowlist.py with why):\n" + "\n".join(found))
