"""Lint: pycodestyle's errors (long lines among them) and pyflakes over the whole
repository, by ruff with pyproject.toml's `[tool.ruff]` (rules E and F, lines up to 100
characters; Django's generated migrations left out).

Fix what it reports rather than silencing it; where a finding is intended (a script's
import after `django.setup()`, a fixture imported for pytest to find), `# noqa: <code>` on
that line says so, with why.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The probes below are read from stdin under this file's own name, so that ruff applies the
# settings it applies to this file (the name picks the settings; the text is the probe's).
PROBE_NAME = str(Path(__file__).resolve().relative_to(ROOT))


def ruff(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache",
                           "--output-format", "concise", *args],
                          cwd=ROOT, input=stdin, capture_output=True, text=True)


def test_the_code_is_clean() -> None:
    run = ruff(".")
    assert run.returncode == 0, f"ruff check reports:\n{run.stdout}{run.stderr}"


def test_the_configured_rules_are_checked() -> None:
    """The project's settings, read as for any file of ours: an unused import, a line of
    101 characters and an undefined name are each reported (so the clean run above is not
    clean because nothing was checked)."""
    probe = "import os\n\nx = " + '"' + "y" * 95 + '"' + "\nprint(undefined_name)\n"
    run = ruff("--stdin-filename", PROBE_NAME, "-", stdin=probe)
    assert run.returncode == 1, run.stderr
    assert {"F401", "E501", "F821"} <= {word for line in run.stdout.splitlines()
                                        for word in line.split()}, run.stdout


def test_a_line_of_100_characters_passes() -> None:
    run = ruff("--stdin-filename", PROBE_NAME, "-", stdin="x = " + '"' + "y" * 94 + '"' + "\n")
    assert run.returncode == 0, run.stdout
