"""events/ shows its parts: no import loop between its modules, the write path imports
neither the clocks nor the webhooks (they listen), and only tasks.py knows Celery.

Imports are read statically (every `import` and `from ... import` of every module, those
inside functions too), so a loop hidden in a function-level import fails here as well.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EVENTS = ROOT / "events"
WIRING = {"events.apps"}  # wires the parts together once, at start-up


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in EVENTS.rglob("*.py")
            if "migrations" not in p.parts and "management" not in p.parts}


def is_package(name: str, known: dict[str, Path]) -> bool:
    return name in known and known[name].name == "__init__.py"


def imports_of(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The modules of events/ that `name` imports (a `from X import y` of a submodule y
    counts as importing X.y), plus the packages they run the __init__ of first."""
    package = name if is_package(name, known) else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            submodules = [f"{source}.{alias.name}" for alias in node.names
                          if f"{source}.{alias.name}" in known]
            # `from X import y` of a submodule y needs X.y (and X's __init__ started);
            # of any other name, X itself.
            targets = submodules if len(submodules) == len(node.names) else [source, *submodules]
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if not target or target == name:
                continue
            found.add(target)
            parent = target.rpartition(".")[0]
            while parent and parent != "events":  # its packages' __init__ run first
                if parent != name and not name.startswith(parent + "."):
                    found.add(parent)
                parent = parent.rpartition(".")[0]
    return found


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imports_of(name, path, known) for name, path in known.items()
            if name not in WIRING}


def cycle_in(edges: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt in WIRING:
                continue
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(edges):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_the_checker_finds_a_loop() -> None:
    assert cycle_in({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle_in({"a": {"b"}, "b": set()}) is None


def test_no_module_of_events_imports_itself_back() -> None:
    assert cycle_in(graph()) is None, " -> ".join(cycle_in(graph()) or [])


def test_the_parts_are_packages() -> None:
    for part in ("store", "writes", "clocks", "webhooks", "audits", "live"):
        assert (EVENTS / part / "__init__.py").exists(), part


def test_the_write_path_knows_neither_clocks_nor_webhooks() -> None:
    for name, targets in graph().items():
        if name.startswith(("events.writes", "events.store", "events.live")):
            bad = {t for t in targets
                   if t.startswith(("events.clocks", "events.webhooks", "events.tasks",
                                    "events.audits"))}
            assert not bad, f"{name} imports {bad}"


def test_only_tasks_knows_celery() -> None:
    for name, path in modules().items():
        tree = ast.parse(path.read_text())
        celery = [n for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))
                  and any(a.name.split(".")[0] == "celery" for a in getattr(n, "names", []))
                  or isinstance(n, ast.ImportFrom) and (n.module or "").split(".")[0] == "celery"]
        assert not celery or name == "events.tasks", f"{name} imports celery"
        if name != "events.tasks":
            assert "events.tasks" not in imports_of(name, path, modules()) or name in WIRING, name


@pytest.mark.parametrize("first", [
    "events.tasks", "events.writes.actions", "events.writes.head", "events.clocks.timeouts",
    "events.clocks.reactions", "events.webhooks.outbox", "events.webhooks.reactions",
    "events.webhooks.delivery", "events.store.fold", "events.audits", "events.selectors"])
def test_each_module_imports_first_in_a_fresh_interpreter(first: str) -> None:
    """Each module imported before any other of events/ (the app's wiring held back until
    after it), in a new interpreter: a loop would leave some name half-defined."""
    code = ("import os, importlib, django\n"
            "os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'config.settings_test')\n"
            "from events.apps import EventsConfig\n"
            "ready, EventsConfig.ready = EventsConfig.ready, lambda self: None\n"
            "django.setup()\n"
            f"importlib.import_module({first!r})\n"
            "from django.apps import apps\n"
            "ready(apps.get_app_config('events'))\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                          check=False,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
