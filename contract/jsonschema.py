"""JSON Schemas from the games' types: the schemas games/core/messages.py writes
(OpenAPI 3.0's `nullable`) as OpenAPI 3.1 / JSON Schema 2020-12 writes them, and the small
rewrites every component of the contract goes through (a const `type`, closed empty
objects, names in CamelCase)."""

from __future__ import annotations

import copy
import re
from typing import Any, Mapping

JSON = Any
REF = "#/components/schemas/"
NULL = {"type": "null"}


def camel(text: str) -> str:
    """`snake-bones` -> `SnakeBones`, `call_spot_on` -> `CallSpotOn`."""
    return "".join(part[:1].upper() + part[1:] for part in re.split(r"[^A-Za-z0-9]+", text)
                   if part)


def ref(name: str) -> dict[str, str]:
    return {"$ref": REF + name}


# --- OpenAPI 3.0's `nullable` as OpenAPI 3.1 ----------------------------------------------

_MAPS = ("properties", "patternProperties", "$defs", "dependentSchemas")
_ONE = ("additionalProperties", "items", "not", "contains", "propertyNames", "contentSchema",
        "if", "then", "else", "unevaluatedProperties", "unevaluatedItems")
_LISTS = ("allOf", "anyOf", "oneOf", "prefixItems")


def openapi31(schema: JSON) -> JSON:
    """A JSON Schema written with OpenAPI 3.0's `nullable: true` (games/core/messages.py),
    as OpenAPI 3.1 (JSON Schema 2020-12) writes it."""
    if not isinstance(schema, Mapping):
        return schema
    out: dict[str, JSON] = {}
    for key, value in schema.items():
        if key in _MAPS and isinstance(value, Mapping):
            out[key] = {name: openapi31(sub) for name, sub in value.items()}
        elif key in _ONE and isinstance(value, Mapping):
            out[key] = openapi31(value)
        elif key in _LISTS and isinstance(value, list):
            out[key] = [openapi31(sub) for sub in value]
        else:
            out[key] = copy.deepcopy(value)
    if out.pop("nullable", False):
        return or_null(out)
    return out


def or_null(schema: dict[str, JSON]) -> dict[str, JSON]:
    """`schema`, or null."""
    schema = dict(schema)
    if "allOf" in schema and len(schema["allOf"]) == 1 and "$ref" in schema["allOf"][0]:
        inner = schema.pop("allOf")[0]
        return {"oneOf": [inner, NULL], **schema}
    if "$ref" in schema:
        inner = {"$ref": schema.pop("$ref")}
        return {"oneOf": [inner, NULL], **schema}
    if "oneOf" in schema and len(schema) <= 2 and set(schema) <= {"oneOf", "description"}:
        if NULL not in schema["oneOf"]:
            schema["oneOf"] = [*schema["oneOf"], NULL]
        return schema
    kind = schema.get("type")
    if isinstance(kind, str) and "const" not in schema:
        schema["type"] = [kind, "null"]
    elif isinstance(kind, list) and "const" not in schema:
        if "null" not in kind:
            schema["type"] = [*kind, "null"]
    else:
        described = {k: schema.pop(k) for k in ("description",) if k in schema}
        return {"anyOf": [schema, NULL], **described}
    if "enum" in schema and None not in schema["enum"]:
        schema["enum"] = [*schema["enum"], None]
    return schema


def const_type(schema: dict[str, JSON], value: str) -> dict[str, JSON]:
    """`schema` with its `type` property a const (`{"type": "string", "enum": [v]}` as
    messages.py writes it reads as a one-member enum class in generated clients)."""
    schema = dict(schema)
    props = dict(schema.get("properties") or {})
    props["type"] = {"type": "string", "const": value}
    schema["properties"] = props
    return schema


def closed_if_empty(schema: dict[str, JSON]) -> dict[str, JSON]:
    """An object without properties is closed: else generated clients make it a free-form
    dict, the very thing this contract avoids."""
    if schema.get("type") == "object" and not schema.get("properties") \
            and "additionalProperties" not in schema:
        return {**schema, "additionalProperties": False}
    return schema
