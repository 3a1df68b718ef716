"""The public contract: openapi.yaml is what the code generates; docs are served."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Iterator

import pytest
from django.core.management import call_command
from django.test import override_settings

ROOT = Path(__file__).resolve().parent.parent


# Settings that the schema reads, at their production defaults: the test settings lower
# them (short clocks), the committed contract documents what production serves.
PRODUCTION_DEFAULTS = {"DICE_MIN_TURN_TIMEOUT": 10}


def test_openapi_yaml_matches_the_generated_schema(tmp_path: Path) -> None:
    generated = tmp_path / "openapi.yaml"
    with override_settings(**PRODUCTION_DEFAULTS):
        call_command("spectacular", "--file", str(generated), "--validate", "--fail-on-warn")
    committed = (ROOT / "openapi.yaml").read_text()
    assert generated.read_text() == committed, (
        "openapi.yaml is stale: run `.venv/bin/python manage.py spectacular --file openapi.yaml`")


def test_schema_swagger_and_redoc_are_served(client, db) -> None:  # type: ignore[no-untyped-def]
    schema = client.get("/api/schema/")
    assert schema.status_code == 200 and b"/api/v1/games/{game_id}/actions" in schema.content
    for path in ("/api/docs/", "/api/redoc/"):
        page = client.get(path)
        assert page.status_code == 200 and b"<html" in page.content.lower()


def test_every_operation_documents_its_problem_responses() -> None:
    import yaml

    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text())
    for path, operations in spec["paths"].items():
        for method, operation in operations.items():
            codes = set(operation["responses"])
            assert codes & {"200", "201", "204"}, (method, path)
            problems = {c for c in codes if c.startswith("4")}
            assert problems, f"{method} {path} documents no error response"
            assert "429" in problems or path.startswith("/api/schema"), (method, path)
            for code in problems:
                content = operation["responses"][code]["content"]
                assert list(content) == ["application/problem+json"], (method, path, code)
                assert content["application/problem+json"]["schema"]["$ref"].endswith("/Problem")


# --- a tidy contract (issue #14, item 5) ----------------------------------------------------

TAGS = ["auth", "account", "game types", "matchmaking", "lobby", "play", "live", "audit",
        "players", "webhooks", "notifications"]
TIME_FIELD = re.compile(r"(_at|deadline|expires|_until|timestamp)$")


def _spec() -> dict[str, Any]:
    import yaml

    return yaml.safe_load((ROOT / "openapi.yaml").read_text())


def _operations(spec: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    for section in ("paths", "webhooks"):
        for path, operations in spec.get(section, {}).items():
            for method, operation in operations.items():
                if isinstance(operation, dict) and "responses" in operation:
                    yield f"{method.upper()} {path}", operation


def _objects(node: Any, where: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """Every object of the document, with where it is; examples are values, left out."""
    if isinstance(node, dict):
        yield where, node
        for key, value in node.items():
            if key not in ("example", "examples"):
                yield from _objects(value, f"{where}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _objects(value, f"{where}/{i}")


def test_tags_follow_a_games_life_each_described_and_used() -> None:
    spec = _spec()
    assert [tag["name"] for tag in spec["tags"]] == TAGS
    assert all(tag.get("description") for tag in spec["tags"])
    used = set()
    for where, operation in _operations(spec):
        assert len(operation.get("tags", [])) == 1 and operation["tags"][0] in TAGS, where
        used.add(operation["tags"][0])
    assert used == set(TAGS)
    tag_of = {op["operationId"]: op["tags"][0] for _, op in _operations(spec)}
    assert tag_of["stream_events"] == tag_of["list_events"] == "live"  # stream, long poll


def test_servers_and_licence() -> None:
    spec = _spec()
    assert spec["servers"] and all(server.get("url") and server.get("description")
                                   for server in spec["servers"])
    # The repository grants no licence: the contract says so, and invents none.
    assert spec["info"]["license"] == {"name": "Proprietary"}


def test_timestamps_are_date_times() -> None:
    """Every *_at, deadline, expires... is an RFC 3339 date-time, in requests, answers and
    webhooks alike (the service writes them as such strings)."""
    spec = _spec()
    found = 0
    for where, node in _objects({k: spec[k] for k in ("paths", "components", "webhooks")}):
        for name, prop in (node.get("properties") or {}).items():
            if TIME_FIELD.search(name) and isinstance(prop, dict):
                assert prop.get("format") == "date-time", f"{where}/properties/{name}"
                assert prop.get("type") in ("string", ["string", "null"]), f"{where}/{name}"
                found += 1
    assert found > 50  # recorded_at in every event of every game, created_at, deadline...


def test_component_names_read_as_written() -> None:
    names = list(_spec()["components"]["schemas"])
    generated = re.compile(r"RequestRequest$|Type\d+$|^Patched|\d+$|^(Events|Kind|Status|"
                           r"Type)Enum$|Inline")
    assert not [name for name in names if generated.search(name)]
    assert {"CreateWebhookRequest", "WebhookKindEnum", "GameTypeEnum",
            "GameStatusEnum"} <= set(names)
    # A request body's description is its own, not a mixin's docstring.
    schemas = _spec()["components"]["schemas"]
    assert not [name for name, schema in schemas.items()
                if "JSON strings only" in str(schema.get("description", ""))]


def test_one_component_per_enum_in_requests_and_answers() -> None:
    spec = _spec()
    schemas = spec["components"]["schemas"]
    named = {tuple(sorted(schema["enum"])): name for name, schema in schemas.items()
             if name.endswith("Enum")}
    assert len(named) == len([n for n in schemas if n.endswith("Enum")]), "two enums alike"
    for where, node in _objects({k: spec[k] for k in ("paths", "components", "webhooks")}):
        if isinstance(node.get("enum"), list) and not where.startswith(
                tuple(f"/components/schemas/{n}" for n in named.values())):
            assert tuple(sorted(map(str, node["enum"]))) not in named, where
    kind = {"$ref": "#/components/schemas/WebhookKindEnum"}
    assert schemas["CreateWebhookRequest"]["properties"]["events"]["items"] == kind
    assert schemas["Webhook"]["properties"]["events"]["items"] == kind
    # A delivery is oneOf one component per kind (decision 0031): every kind, once.
    mapping = schemas["Delivery"]["discriminator"]["mapping"]
    assert sorted(mapping) == sorted(schemas["WebhookKindEnum"]["enum"])
    for value, target in mapping.items():
        variant = schemas[target.rsplit("/", 1)[-1]]
        assert variant["properties"]["kind"] == {"type": "string", "const": value}


def test_request_schemas_have_no_defaults() -> None:
    """A `default` makes a field required in openapi-typescript's types: in a request it is
    told in words ("Omitted: 3.") instead."""
    spec = _spec()
    schemas = spec["components"]["schemas"]
    assert "default" not in schemas["CreateGameRequest"]["properties"]["autoplay_after"]
    assert "Omitted: 3." in schemas["CreateGameRequest"]["properties"]["autoplay_after"][
        "description"]
    for name in schemas:
        if name.endswith("Request") or name.endswith("GameOptions"):
            for where, node in _objects(schemas[name], name):
                assert "default" not in node or where.endswith("/properties"), where


def test_the_stream_documents_no_format_parameter() -> None:
    spec = _spec()
    stream = spec["paths"]["/api/v1/games/{game_id}/stream"]["get"]
    assert "format" not in {p["name"] for p in stream["parameters"]}


@pytest.mark.django_db(transaction=True)
def test_the_stream_is_server_sent_events_whatever_format_says(players) -> None:  # type: ignore[no-untyped-def]
    from tests.support.api import BASE, table
    from tests.support.live import drain

    a, b = players(2)
    game_id = table(a, [b], "snake-bones")
    for fmt in ("json", "sse", "xml"):
        response = a.client.get(f"{BASE}/games/{game_id}/stream",
                                {"timeout": 1, "format": fmt},
                                headers={"Accept": "text/event-stream"})
        assert response.status_code == 200, (fmt, response.status_code)
        assert response["Content-Type"].startswith("text/event-stream"), fmt
        assert "retry: 2000" in drain(response)
