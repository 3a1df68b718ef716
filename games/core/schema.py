"""The JSON Schema of a typed message, from the same field annotations as its JSON
(games/core/codec.py reads and writes it; games/core/messages.py holds the classes)."""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any, Literal, Union

from .codec import MAPPINGS, SEQUENCES, fields_of, has_default, json_name, omits_none

JSON = Any
RefNamer = typing.Callable[[type], dict[str, JSON]]


def inline_refs(cls: type) -> dict[str, JSON]:
    """Nested records written out in place (the default outside the contract)."""
    return object_schema(cls, inline_refs)


def typed_schema(cls: type, ref: RefNamer | None, *, closed: bool) -> dict[str, JSON]:
    """A message with its `type` as a constant first property."""
    schema = object_schema(cls, ref or inline_refs, closed=closed)
    schema["properties"] = {"type": {"type": "string", "enum": [cls.TYPE]},  # type: ignore[attr-defined]
                            **schema["properties"]}
    schema["required"] = ["type", *schema.get("required", [])]
    return schema


def object_schema(cls: type, ref: RefNamer, skip: tuple[str, ...] = (),
                  all_required: bool = False, closed: bool = True) -> dict[str, JSON]:
    properties: dict[str, JSON] = {}
    required: list[str] = []
    for f, hint in fields_of(cls):
        if f.name in skip:
            continue
        name = json_name(f)
        prop = schema_of(hint, ref)
        meta = f.metadata or {}
        if meta.get("description"):
            prop = {**prop, "description": meta["description"]}
        prop.update(meta.get("schema") or {})
        properties[name] = prop
        if omits_none(f):
            continue
        if all_required or not has_default(f):
            required.append(name)
    schema: dict[str, JSON] = {"type": "object", "properties": properties}
    if closed:
        schema["additionalProperties"] = False
    if required:
        schema["required"] = required
    if cls.__doc__ and not cls.__doc__.startswith(f"{cls.__name__}("):
        schema["description"] = " ".join(cls.__doc__.split())
    return schema


def schema_of(hint: Any, ref: RefNamer) -> dict[str, JSON]:
    origin = typing.get_origin(hint)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return ref(hint)
    if hint is Any:
        return {}
    if origin is Literal:
        values = list(typing.get_args(hint))
        kind = {bool: "boolean", int: "integer", str: "string"}[type(values[0])]
        return {"type": kind, "enum": values}
    if origin in (Union, types.UnionType):
        args = typing.get_args(hint)
        inner = [a for a in args if a is not type(None)]
        schema = schema_of(inner[0], ref)
        if type(None) in args:
            if "$ref" in schema:
                return {"allOf": [schema], "nullable": True}
            return {**schema, "nullable": True}
        return schema
    simple = {bool: "boolean", int: "integer", float: "number", str: "string"}
    if hint in simple:
        return {"type": simple[hint]}
    if origin in SEQUENCES or hint in (tuple, list):
        item = (typing.get_args(hint) or (Any,))[0]
        return {"type": "array", "items": schema_of(item, ref)}
    if origin in MAPPINGS:
        _, item = typing.get_args(hint) or (str, Any)
        return {"type": "object", "additionalProperties": schema_of(item, ref)}
    raise TypeError(f"unsupported field type {hint!r}")
