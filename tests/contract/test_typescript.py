"""TypeScript clients (issue #14, item 6): the types openapi-typescript generates from
openapi.yaml type-check a small client (tests/contract/ts/client.ts) under `tsc --strict`:
a full flow (register, create, join, start, legal actions with their IntRange / Subset
choices, an action, a game read as its own game type, its events). Optional request
fields must stay optional in the generated types (a `default` in a request schema made
them required), and every game payload must be a type of its own."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from tests.contract.node_tools import ROOT, run, tool

CLIENT = ROOT / "tests" / "contract" / "ts" / "client.ts"
TSC = ("--strict", "--noEmit", "--target", "ES2022", "--lib", "ES2022,DOM", "--module",
       "ES2022", "--moduleResolution", "bundler", "--skipLibCheck", "false")


def generate(tmp_path: Path) -> Path:
    schema = tmp_path / "schema.d.ts"
    generated = run(tool("openapi-typescript"), ROOT / "openapi.yaml", "-o", schema)
    assert generated.returncode == 0 and schema.is_file(), generated.stdout + generated.stderr
    return schema


def test_the_client_type_checks_against_the_generated_types(tmp_path: Path) -> None:
    generate(tmp_path)
    shutil.copy(CLIENT, tmp_path / "client.ts")
    checked = run(tool("tsc"), *TSC, "client.ts", cwd=tmp_path)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_optional_request_fields_are_optional(tmp_path: Path) -> None:
    types = generate(tmp_path).read_text()
    create = types.split("        CreateGameRequest: {", 1)[1].split("\n        };", 1)[0]
    for name in ("options", "seed_commitment", "turn_timeout", "autoplay_after"):
        assert f"\n            {name}?: " in create, f"CreateGameRequest.{name} is required"
    for name in ("game_type", "seats"):
        assert f"\n            {name}: " in create, f"CreateGameRequest.{name} is optional"


# The `unknown`s left in the generated types: the JSON-Schema documents of
# /game-types/{slug} (any JSON Schema; an option's default is any value of its schema),
# by component and property. Nothing else is left untyped (issue #33, item 5).
UNKNOWN_ALLOWED = sorted([
    ("GameType", "options_schema"), ("GameTypeDetail", "options_schema"),
    ("Option", "default"), ("Option", "schema"),
    *(("GameTypeSchemas", name) for name in ("action", "legal_action", "view", "event",
                                             "events", "outcome", "options")),
])
COMPONENT = re.compile(r"^        ([A-Za-z0-9]+): ")
UNKNOWN = re.compile(r"^ +(\[key: string\]|[a-z_]+)\??: unknown(\[\])?;")


def unknowns(types: str) -> list[tuple[str, str]]:
    """(component, property) of every `unknown` in the components' schemas (an open
    object's `[key: string]: unknown` under the property that holds it)."""
    schemas = types.split("export interface components {", 1)[1].split("    responses:", 1)[0]
    found, component, prop = [], "", ""
    for line in schemas.splitlines():
        if match := COMPONENT.match(line):
            component = match.group(1)
        elif match := re.match(r"^            ([a-z_]+)\??: ", line):
            prop = match.group(1)
        if match := UNKNOWN.match(line):
            name = match.group(1)
            found.append((component, prop if name == "[key: string]" else name))
    return sorted(found)


def test_no_unknown_but_the_json_schema_documents(tmp_path: Path) -> None:
    assert unknowns(generate(tmp_path).read_text()) == UNKNOWN_ALLOWED
