"""Real examples in openapi.yaml: captured from a game played through the API.

api/contract_examples.json is written by tests/contract/capture.py (one Snake Bones game
with a fixed seed, calling every operation) and checked by tests/contract/test_examples.py,
which replays it against the server and validates every example against the contract.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

EXAMPLES = Path(__file__).resolve().parent / "contract_examples.json"


def load() -> dict[str, list[dict[str, Any]]]:
    if not EXAMPLES.is_file():
        return {}
    return json.loads(EXAMPLES.read_text(encoding="utf-8"))


def add_examples(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """Postprocessing hook: each operation's captured requests and answers as `examples`."""
    captured = load()
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            if not isinstance(operation, dict):
                continue
            for example in captured.get(operation.get("operationId"), []):
                entry = {"summary": example.get("summary") or example["name"]}
                if "request" in example:
                    content = operation.get("requestBody", {}).get("content", {})
                    if "application/json" in content:
                        content["application/json"].setdefault("examples", {})[
                            example["name"]] = {**entry, "value": example["request"]}
                response = operation.get("responses", {}).get(str(example["status"]), {})
                content = response.get("content", {})
                media = example.get("media_type")
                if "response" in example and media in content:
                    content[media].setdefault("examples", {})[example["name"]] = {
                        **entry, "value": example["response"]}
    return result
