"""Every module of `games/` can be the first one a program imports.

A cycle between two modules (a game's `bot.py` naming a level that imports `bot.py` back)
works only in the order the registry happens to import them, and breaks a tool, a test or
a worker that imports the other module first. Each module is imported in a fresh
interpreter, after no other module of the package.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# One interpreter: before each import, every module of `games` is forgotten, so each is
# imported as if it were the program's first (about 8 s, against a second each apart).
IMPORT_EACH_FIRST = """
import importlib, sys
failed = []
for name in sys.argv[1:]:
    for loaded in [m for m in sys.modules if m == "games" or m.startswith("games.")]:
        del sys.modules[loaded]
    try:
        importlib.import_module(name)
    except Exception as error:
        failed.append(f"{name}: {error!r}")
print("\\n".join(failed))
"""


def rules_modules() -> list[str]:
    """Every module of games/, by dotted name (`__main__` modules run, so are left out)."""
    paths = (ROOT / "games").rglob("*.py")
    return sorted(".".join(p.relative_to(ROOT).with_suffix("").parts) for p in paths
                  if p.name not in ("__init__.py", "__main__.py"))


def test_every_module_of_the_rules_imports_first() -> None:
    modules = rules_modules()
    assert "games.bare_bones.strong" in modules and "games.core.rules" in modules
    done = subprocess.run([sys.executable, "-c", IMPORT_EACH_FIRST, *modules], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "", f"modules that fail when imported first:\n{done.stdout}"
