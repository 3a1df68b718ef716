"""The public contract: openapi.yaml is what the code generates; docs are served."""

from __future__ import annotations

from pathlib import Path

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
