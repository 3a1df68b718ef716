"""The top-level packages keep their layers (docs/architecture.md,
docs/decisions/0009-packages-beside-api.md): who may import whom.

Imports are read statically (every `import` and `from ... import` of every module, those
inside functions too, relative ones resolved), so an import hidden in a function counts.
tests/test_purity.py keeps games/ pure; tests/service/test_import_layers.py the parts of
events/.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
OURS = {"config", "games", "events", "accounts", "api", "contract", "infra"}
HTTP = {"rest_framework", "drf_spectacular", "corsheaders", "servestatic", "uvicorn"}


def imports(path: Path) -> set[str]:
    """The absolute names of the modules `path` imports."""
    package = list(path.relative_to(ROOT).parent.parts)  # a module's, or an __init__'s own
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[:len(package) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            found.add(source)
            found.update(f"{source}.{alias.name}" for alias in node.names)
    return found


def modules_of(package: str) -> list[Path]:
    files = sorted((ROOT / package).rglob("*.py"))
    assert files, package
    return files


def offending(package: str, forbidden: set[str], allowed: set[str] = frozenset()) -> list[str]:
    """`module imports name` for every import under `package` of a forbidden module (a
    name or any module under it) that is not an allowed one."""
    bad = []
    for path in modules_of(package):
        for name in sorted(imports(path)):
            if name in allowed or any(name.startswith(a + ".") for a in allowed):
                continue
            if any(name == f or name.startswith(f + ".") for f in forbidden):
                bad.append(f"{path.relative_to(ROOT)} imports {name}")
    return bad


def test_the_checker_resolves_relative_imports() -> None:
    assert "accounts.models" in imports(ROOT / "accounts" / "services.py")
    assert "events.errors" in imports(ROOT / "accounts" / "services.py")
    assert offending("api", {"accounts"}), "api/ calls accounts: the checker must see it"


def test_contract_knows_no_http_database_or_service() -> None:
    """contract/ is generated from the games' types alone: no Django, no DRF, no store."""
    forbidden = HTTP | {"django", "config", "events", "accounts", "api", "infra"}
    assert offending("contract", forbidden) == []


def test_contract_imports_only_the_standard_library_and_games() -> None:
    stdlib = set(sys.stdlib_module_names) | {"__future__"}
    outside = [f"{path.relative_to(ROOT)} imports {name}" for path in modules_of("contract")
               for name in imports(path)
               if name.split(".")[0] not in stdlib | {"games", "contract"}]
    assert outside == []


def test_accounts_never_import_the_http_layer_or_the_event_store() -> None:
    """accounts/ is a service: api/ calls it, never the other way round; of events/ it
    uses only the service errors (events/errors.py), which api/errors.py answers."""
    forbidden = HTTP | {"api", "config", "events", "contract"}
    assert offending("accounts", forbidden, allowed={"events.errors"}) == []


def test_infra_depends_on_django_alone() -> None:
    forbidden = HTTP | OURS - {"infra"}
    assert offending("infra", forbidden) == []


@pytest.mark.parametrize("package", ["api", "events", "accounts", "contract", "infra"])
def test_nothing_but_config_reaches_into_config(package: str) -> None:
    """config/ wires the service (settings, URLs, the ASGI/WSGI applications, Celery's
    app); what the other packages share with it (the request id, giving connections back)
    lives in infra/."""
    assert offending(package, {"config"}) == []


def test_events_know_neither_the_http_layer_nor_accounts() -> None:
    assert offending("events", HTTP | {"api", "accounts", "contract"}) == []


def test_the_access_token_table_is_the_one_api_made() -> None:
    """Moving AccessToken to accounts moved no row (accounts/migrations/0001)."""
    from accounts.models import AccessToken

    assert AccessToken._meta.app_label == "accounts"
    assert AccessToken._meta.db_table == "api_accesstoken"
