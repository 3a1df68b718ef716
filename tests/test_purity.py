"""games/ stays pure: standard library only, no clock, no global random number generator."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

GAMES = Path(__file__).resolve().parent.parent / "games"
FORBIDDEN_MODULES = {"django", "rest_framework", "celery", "events", "api", "random", "time",
                     "secrets", "os", "requests"}
FORBIDDEN_CALLS = {"now", "utcnow", "today"}


def imported_roots(tree: ast.AST) -> set[str]:
    roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


def test_games_import_only_the_standard_library_and_themselves() -> None:
    stdlib = set(sys.stdlib_module_names)
    files = sorted(GAMES.rglob("*.py"))
    assert files
    for path in files:
        tree = ast.parse(path.read_text(), filename=str(path))
        roots = imported_roots(tree)
        assert not roots & FORBIDDEN_MODULES, f"{path}: imports {roots & FORBIDDEN_MODULES}"
        outside = {r for r in roots if r not in stdlib and r not in {"games", "__future__"}}
        assert not outside, f"{path}: imports {outside} from outside the standard library"
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr in FORBIDDEN_CALLS:
                raise AssertionError(f"{path}:{node.lineno}: reads the clock ({node.attr})")
