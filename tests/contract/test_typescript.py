"""TypeScript clients (issue #14, item 6): the types openapi-typescript generates from
openapi.yaml type-check a small client (tests/contract/ts/client.ts) under `tsc --strict`:
a full flow (register, create, join, start, legal actions with their IntRange / Subset
choices, an action, a game read as its own game type, its events). Optional request
fields must stay optional in the generated types (a `default` in a request schema made
them required), and every game payload must be a type of its own."""

from __future__ import annotations

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
