"""Checks option values against the small JSON-schema subset the games use."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from .rules import Option

_TYPES: dict[str, tuple[type, ...]] = {
    "boolean": (bool,),
    "integer": (int,),
    "number": (int, float),
    "string": (str,),
    "array": (list, tuple),
    "object": (dict,),
    "null": (type(None),),
}


class InvalidOptions(ValueError):
    """Options that do not fit a game's option schema."""


def _type_ok(value: Any, type_name: str) -> bool:
    if type_name in ("integer", "number") and isinstance(value, bool):
        return False
    return isinstance(value, _TYPES[type_name])


def check_value(value: Any, schema: Mapping[str, Any], where: str) -> None:
    """Raise InvalidOptions unless `value` fits `schema` (type, enum, range, items)."""
    if "anyOf" in schema:
        errors = []
        for alternative in schema["anyOf"]:
            try:
                check_value(value, alternative, where)
                return
            except InvalidOptions as exc:
                errors.append(str(exc))
        raise InvalidOptions(f"{where}: fits none of the allowed forms ({'; '.join(errors)})")
    types = schema.get("type")
    if types is not None:
        names = [types] if isinstance(types, str) else list(types)
        if not any(_type_ok(value, t) for t in names):
            raise InvalidOptions(f"{where}: expected {' or '.join(names)}")
    if "enum" in schema and value not in schema["enum"]:
        raise InvalidOptions(f"{where}: must be one of {schema['enum']}")
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if "minimum" in schema and value < schema["minimum"]:
            raise InvalidOptions(f"{where}: must be at least {schema['minimum']}")
        if "maximum" in schema and value > schema["maximum"]:
            raise InvalidOptions(f"{where}: must be at most {schema['maximum']}")
    if isinstance(value, (list, tuple)):
        if "minItems" in schema and len(value) < schema["minItems"]:
            raise InvalidOptions(f"{where}: needs at least {schema['minItems']} items")
        if "maxItems" in schema and len(value) > schema["maxItems"]:
            raise InvalidOptions(f"{where}: takes at most {schema['maxItems']} items")
        if schema.get("uniqueItems") and len(set(map(repr, value))) != len(value):
            raise InvalidOptions(f"{where}: items must be distinct")
        if "items" in schema:
            for i, item in enumerate(value):
                check_value(item, schema["items"], f"{where}[{i}]")


def resolve_options(options: Sequence[Option], given: Mapping[str, Any] | None) -> dict[str, Any]:
    """The full option set of a game: the given values checked, defaults for the rest."""
    given = dict(given or {})
    known = {o.name for o in options}
    unknown = sorted(set(given) - known)
    if unknown:
        raise InvalidOptions(f"unknown option(s): {', '.join(unknown)}")
    resolved: dict[str, Any] = {}
    for option in options:
        value = given.get(option.name, option.default)
        check_value(value, option.schema, option.name)
        resolved[option.name] = value
    return resolved


def options_schema(options: Sequence[Option]) -> dict[str, Any]:
    """The JSON schema of a game's whole options object."""
    return {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            o.name: {**o.schema, "default": o.default, "description": o.description}
            for o in options
        },
    }
