"""The Node.js tools the contract tests run (package.json / package-lock.json at the
repository root pin them; `npm ci` installs them into node_modules, as .ci/run does)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BIN = ROOT / "node_modules" / ".bin"
# No telemetry, no update notice: the tools run offline and print only their findings.
ENV = {**os.environ, "REDOCLY_TELEMETRY": "off", "REDOCLY_SUPPRESS_UPDATE_NOTICE": "true",
       "NO_UPDATE_NOTIFIER": "1"}


def tool(name: str) -> Path:
    """node_modules/.bin/<name>; skipped when node_modules is not installed here, failed in
    CI (where .ci/run installs it)."""
    path = BIN / name
    if not path.exists() or shutil.which("node") is None:
        reason = (f"node_modules/.bin/{name} is not installed: run `npm ci` at the repository "
                  "root (Node.js 20+)")
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    return path


def run(*args: str | Path, cwd: Path = ROOT, timeout: int = 300) -> subprocess.CompletedProcess:
    return subprocess.run([str(a) for a in args], cwd=cwd, env=ENV, capture_output=True,
                          text=True, timeout=timeout)
