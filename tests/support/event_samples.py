"""Sample events of every type, built from each event class's own JSON Schema: a few
variants per type that take each enum value, both booleans, both null and not, and lists
of 0, 1 and 2 items, so that every branch of a type's sentences (games/<game>/text.py)
is written at least once. Seat numbers are 0 and 1; each event with a private part has
one for seat 0."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from games.core.errors import IllegalAction
from games.core.messages import GameEvent

VARIANTS = 8


def _value(schema: dict[str, Any], k: int) -> Any:
    for key in ("oneOf", "anyOf"):
        if key in schema:
            options = schema[key]
            return _value(options[k % len(options)], k)
    if "const" in schema:
        return schema["const"]
    if schema.get("nullable") and k % 2:
        return None
    if "enum" in schema:
        return schema["enum"][k % len(schema["enum"])]
    kind = schema.get("type")
    if kind == "integer":
        low, high = schema.get("minimum", 0), schema.get("maximum", 6)
        return max(low, min(high, k % 2 + (k // 2) % 3))
    if kind == "boolean":
        return k % 2 == 0
    if kind == "string":
        return "sample"
    if kind == "array":
        count = max(schema.get("minItems", 0), (2, 1, 0)[k % 3])
        return [_value(schema.get("items", {"type": "integer"}), k + i) for i in range(count)]
    if kind == "object":
        if "properties" in schema:
            return {name: _value(sub, k) for name, sub in schema["properties"].items()}
        values = schema.get("additionalProperties") or {"type": "integer"}
        return {"0": _value(values, k), "1": _value(values, k + 1)}
    return 1


def samples(kind: type[GameEvent]) -> Iterator[GameEvent]:
    """The variants of `kind` that make a valid event (a record may refuse a mix of
    fields: such a variant is left out)."""
    private = kind.private_schema()
    for k in range(VARIANTS):
        stored = {"type": kind.TYPE, "data": _value(kind.json_schema(), k),
                  "private": {"0": _value(private, k)} if private else {}}
        try:
            yield kind.from_json(stored)
        except (TypeError, ValueError, KeyError, IllegalAction):
            continue
