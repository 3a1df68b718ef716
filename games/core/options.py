"""A game's options (variants chosen at creation) and the checks of their values against
the small JSON-schema subset the games use."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from .frozen import frozen_record

JSON = Any

_TYPES: dict[str, tuple[type, ...]] = {
    "boolean": (bool,),
    "integer": (int,),
    "number": (int, float),
    "string": (str,),
    "array": (list, tuple),
    "object": (dict,),
    "null": (type(None),),
}


@frozen_record
class Option:
    """A variant chosen at creation. `schema` is the JSON schema of its value."""

    name: str
    default: JSON
    schema: Mapping[str, JSON]
    description: str


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
    """The full option set of a game: the given values checked, defaults for the rest.

    A value that is the option's own default object is not checked again: every default
    is checked once, when its game is registered (`check_defaults`). A value equal to the
    default but another object (a parsed request's) is checked like any other."""
    given = given or {}
    resolved = {option.name: given.get(option.name, option.default) for option in options}
    unknown = sorted(name for name in given if name not in resolved)
    if unknown:
        raise InvalidOptions(f"unknown option(s): {', '.join(map(str, unknown))}")
    for option in options:
        value = resolved[option.name]
        if value is not option.default:
            check_value(value, option.schema, option.name)
    return resolved


def check_defaults(options: Sequence[Option]) -> None:
    """Raise InvalidOptions unless every option's default fits its own schema."""
    for option in options:
        check_value(option.default, option.schema, f"{option.name} (its default)")


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
