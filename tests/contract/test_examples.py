"""openapi.yaml's examples are real (issue #11, item 3): captured from a game played through
the API (tests/contract/capture.py), replayed here against the server, and valid against
the contract's schemas."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
import yaml
from jsonschema import Draft202012Validator

from api.examples import EXAMPLES, load
from tests.contract.capture import capture, normalized

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def spec() -> dict[str, Any]:
    return yaml.safe_load((ROOT / "openapi.yaml").read_text())


def operations(spec: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {op["operationId"]: op for ops in spec["paths"].values() for op in ops.values()}


@pytest.mark.django_db(transaction=True)
def test_the_examples_are_what_the_server_answers() -> None:
    fresh = capture()
    if os.environ.get("DICE_UPDATE_EXAMPLES"):
        EXAMPLES.write_text(json.dumps(fresh, indent=1, ensure_ascii=False) + "\n",
                            encoding="utf-8")
    stored = load()
    assert sorted(fresh) == sorted(stored), "run with DICE_UPDATE_EXAMPLES=1 to capture anew"
    for operation, examples in stored.items():
        assert normalized(fresh[operation]) == normalized(examples), (
            f"{operation}: the server answers otherwise now; if that is meant, capture the "
            "examples anew (DICE_UPDATE_EXAMPLES=1, see tests/contract/capture.py)")


def test_every_operation_has_a_real_example(spec: dict[str, Any]) -> None:
    for operation_id, operation in operations(spec).items():
        for status, response in operation["responses"].items():
            if status.startswith("2"):
                for media, content in response.get("content", {}).items():
                    assert content.get("examples"), (operation_id, status, media)
        body = operation.get("requestBody", {}).get("content", {}).get("application/json")
        if body is not None:
            assert body.get("examples"), (operation_id, "request")


def test_every_example_fits_its_schema(spec: dict[str, Any]) -> None:
    components = {"components": spec["components"]}

    def check(where: str, schema: dict[str, Any], value: Any) -> None:
        validator = Draft202012Validator({**schema, **components})
        errors = sorted(validator.iter_errors(value), key=str)
        assert not errors, f"{where}: {errors[0].message} at {list(errors[0].absolute_path)}"

    checked = 0
    for operation_id, operation in operations(spec).items():
        body = operation.get("requestBody", {}).get("content", {}).get("application/json")
        for name, example in (body or {}).get("examples", {}).items():
            check(f"{operation_id} request {name}", body["schema"], example["value"])
            checked += 1
        for status, response in operation["responses"].items():
            for media, content in response.get("content", {}).items():
                if not media.endswith("json"):
                    continue
                for name, example in content.get("examples", {}).items():
                    check(f"{operation_id} {status} {name}", content["schema"],
                          example["value"])
                    checked += 1
    assert checked >= 30
