"""Typed messages: one small frozen dataclass per action type, event type and view.

A record's JSON shape and its JSON Schema both come from its field annotations, so the
rules, the stored events and the public contract cannot drift apart:

    @dataclass(frozen=True)
    class BidMade(GameEvent):
        TYPE: ClassVar[str] = "bid_made"
        seat: int
        quantity: int = field(metadata=doc("how many dice", minimum=1))

Supported field types: int, str, bool, float, None, Literal[...], X | None, tuple[X, ...],
list[X], Mapping[str, X] / dict[str, X] (keys written as strings; int keys become
"0", "1", ...), and nested `Record` dataclasses. `metadata=doc(...)` adds a description,
bounds (`minimum`, `maximum`) and a JSON name where the field's name is a Python keyword
(`json="from"`).

- `Record`: a value inside a message (a bid, a payment, a seat of a view).
- `GameAction`: an action a seat posts; `TYPE` is its `type`. Parsed strictly: a wrong
  shape is a `MalformedAction` (HTTP 400), never a crash.
- `GameEvent`: an event; `TYPE` is its `type`. Its public fields are the event's `data`.
  An event with a private part per seat sets `Private` to a `Record` class and carries
  the parts in its `private` field (`{seat: Private(...)}`).
"""

from __future__ import annotations

import collections.abc
import dataclasses
import functools
import types
import typing
from typing import Any, ClassVar, Literal, Mapping, TypeVar, Union

from .errors import MalformedAction
from .events import Event

JSON = Any
R = TypeVar("R", bound="Record")
SEQUENCES = (tuple, list, collections.abc.Sequence)
MAPPINGS = (dict, collections.abc.Mapping)


def doc(description: str = "", *, json: str | None = None, omit_none: bool = False,
        **schema: Any) -> dict[str, Any]:
    """Field metadata: a description, extra JSON Schema keywords, a JSON name, and
    `omit_none` for a field left out of the JSON (and not required) when it is None."""
    return {"description": description, "json": json, "omit_none": omit_none,
            "schema": schema}


def _omitted(f: dataclasses.Field, value: Any) -> bool:
    return value is None and bool(f.metadata and f.metadata.get("omit_none"))


class Record:
    """A frozen dataclass with a JSON shape derived from its annotations."""

    def to_json(self) -> dict[str, JSON]:
        out: dict[str, JSON] = {}
        for name, json_name, encode, omit_none in _writers(type(self)):
            value = getattr(self, name)
            if value is None and omit_none:
                continue
            out[json_name] = encode(value)
        return out

    @classmethod
    def from_json(cls: type[R], raw: Any) -> R:
        """Decode trusted JSON (stored events): a mismatch is a bug, raised as is."""
        return _decode(cls, raw, strict=False, path=cls.__name__)

    @classmethod
    def json_schema(cls, ref: "RefNamer | None" = None) -> dict[str, JSON]:
        return _object_schema(cls, ref or inline_refs)


class GameAction(Record):
    TYPE: ClassVar[str]
    # Fields a legal-actions `Choice` may leave to choose, with their domain's class
    # (games.core.legal.IntRange or Subset); the contract types them.
    CHOOSE: ClassVar[Mapping[str, type]] = {}

    def to_json(self) -> dict[str, JSON]:
        return {"type": self.TYPE, **super().to_json()}

    @classmethod
    def json_schema(cls, ref: "RefNamer | None" = None) -> dict[str, JSON]:
        return _typed_schema(cls, ref, closed=True)


class GameEvent(Record):
    TYPE: ClassVar[str]
    Private: ClassVar[type[Record] | None] = None

    def public_json(self) -> dict[str, JSON]:
        out: dict[str, JSON] = {}
        for name, json_name, encode, omit_none in _writers(type(self)):
            value = getattr(self, name)
            if name == "private" or (value is None and omit_none):
                continue
            out[json_name] = encode(value)
        return out

    def to_json(self) -> dict[str, JSON]:
        return self.to_event().to_dict()

    def to_event(self) -> Event:
        private = getattr(self, "private", None) or {}
        return Event(self.TYPE, self.public_json(),
                     {int(seat): part.to_json() for seat, part in private.items()})

    @classmethod
    def from_event(cls, event: Event) -> "GameEvent":
        data = {**event.data}
        if any(f.name == "private" for f, _ in _fields(cls)):
            data["private"] = dict(event.private)
        return _decode(cls, data, strict=False, path=cls.TYPE)

    @classmethod
    def json_schema(cls, ref: "RefNamer | None" = None) -> dict[str, JSON]:
        """The schema of the event's public `data` (every field is always written)."""
        return _object_schema(cls, ref or inline_refs, skip=("private",), all_required=True,
                              closed=False)

    @classmethod
    def private_schema(cls, ref: "RefNamer | None" = None) -> dict[str, JSON] | None:
        """The schema of one seat's private part, if the event has any."""
        if cls.Private is None:
            return None
        return _object_schema(cls.Private, ref or inline_refs, all_required=True, closed=False)


# --- registries -------------------------------------------------------------------------

class Messages:
    """A game's action or event types, by `type`."""

    def __init__(self, *kinds: type) -> None:
        self.by_type: dict[str, type] = {}
        for kind in kinds:
            assert kind.TYPE not in self.by_type, f"two message classes for {kind.TYPE!r}"
            self.by_type[kind.TYPE] = kind

    def __iter__(self) -> typing.Iterator[type]:
        return iter(self.by_type.values())

    def __contains__(self, kind: str) -> bool:
        return kind in self.by_type

    def parse_action(self, raw: Any) -> GameAction:
        """A posted action, checked for shape: MalformedAction (400) when it is not one of
        this game's actions with the right fields and types."""
        if not isinstance(raw, Mapping):
            raise MalformedAction("malformed_action", "an action is a JSON object")
        kind = raw.get("type")
        if not isinstance(kind, str):
            raise MalformedAction("malformed_action", "an action needs a string field 'type'")
        if kind not in self.by_type:
            raise MalformedAction("unknown_action_type",
                                  f"unknown action type {kind!r}; known: {sorted(self.by_type)}")
        body = {k: v for k, v in raw.items() if k != "type"}
        return _decode(self.by_type[kind], body, strict=True, path="action")

    def parse_event(self, event: Event) -> GameEvent:
        return self.by_type[event.type].from_event(event)


# --- encoding and decoding --------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def _fields(cls: type) -> tuple[tuple[dataclasses.Field, Any], ...]:
    hints = typing.get_type_hints(cls)
    return tuple((f, hints[f.name]) for f in dataclasses.fields(cls))


@functools.lru_cache(maxsize=None)
def _writers(cls: type) -> tuple[tuple[str, str, typing.Callable[[Any], JSON], bool], ...]:
    """(field name, JSON name, encoder, omit when None) for each field of a record."""
    return tuple((f.name, _json_name(f), _encoder(hint),
                  bool(f.metadata and f.metadata.get("omit_none")))
                 for f, hint in _fields(cls))


def _json_name(f: dataclasses.Field) -> str:
    return (f.metadata.get("json") if f.metadata else None) or f.name


def _encode(value: Any, hint: Any) -> JSON:
    return _encoder(hint)(value)


def _identity(value: Any) -> Any:
    return value


@functools.lru_cache(maxsize=None)
def _encoder(hint: Any) -> typing.Callable[[Any], JSON]:
    """A function writing a value of type `hint` as JSON, built once per type."""
    origin = typing.get_origin(hint)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return lambda value: value.to_json()
    if origin in (Union, types.UnionType):
        inner = _encoder(next(a for a in typing.get_args(hint) if a is not type(None)))
        return lambda value: None if value is None else inner(value)
    if origin in MAPPINGS:
        item = _encoder((typing.get_args(hint) or (str, Any))[1])
        return lambda value: {str(k): item(v) for k, v in value.items()}
    if origin in SEQUENCES or hint in (tuple, list):
        item = _encoder((typing.get_args(hint) or (Any,))[0])
        return lambda value: [item(v) for v in value]
    if hint is Any:
        return _any_json
    return _identity


def _any_json(value: Any) -> JSON:
    if isinstance(value, Record):
        return value.to_json()
    if isinstance(value, Mapping):
        return {str(k): _any_json(v) for k, v in value.items()}
    if isinstance(value, (tuple, list)):
        return [_any_json(v) for v in value]
    return value


def _bad(strict: bool, path: str, message: str) -> Exception:
    if strict:
        return MalformedAction("malformed_action", f"{path}: {message}")
    return ValueError(f"{path}: {message}")


def _decode(hint: Any, raw: Any, *, strict: bool, path: str) -> Any:
    return _decoder(hint, strict)(raw, path)


Decoder = typing.Callable[[Any, str], Any]


@functools.lru_cache(maxsize=None)
def _decoder(hint: Any, strict: bool) -> Decoder:
    """A function reading JSON as type `hint`, built once per type: strictly for posted
    actions (MalformedAction on any mismatch), leniently for stored events."""
    origin = typing.get_origin(hint)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _record_decoder(hint, strict)
    if hint is Any:
        return lambda raw, path: raw
    if hint is type(None):
        return _checked(lambda raw: raw is None, "must be null", strict)
    if origin is Literal:
        allowed = typing.get_args(hint)
        booleans = any(isinstance(a, bool) for a in allowed)
        return _checked(lambda raw: raw in allowed and isinstance(raw, bool) == booleans,
                        f"must be one of {list(allowed)}", strict)
    if origin in (Union, types.UnionType):
        args = typing.get_args(hint)
        inner = _decoder(next(a for a in args if a is not type(None)), strict)
        nullable = type(None) in args
        return lambda raw, path: None if raw is None and nullable else inner(raw, path)
    if hint is bool:
        return _checked(lambda raw: isinstance(raw, bool), "must be true or false", strict)
    if hint is int:
        return _checked(lambda raw: isinstance(raw, int) and not isinstance(raw, bool),
                        "must be an integer", strict)
    if hint is float:
        number = _checked(lambda raw: isinstance(raw, (int, float)) and not isinstance(raw, bool),
                          "must be a number", strict)
        return lambda raw, path: float(number(raw, path))
    if hint is str:
        return _checked(lambda raw: isinstance(raw, str), "must be a string", strict)
    if origin in SEQUENCES or hint in (tuple, list):
        return _sequence_decoder(hint, origin, strict)
    if origin in MAPPINGS:
        return _mapping_decoder(hint, strict)
    raise TypeError(f"unsupported field type {hint!r}")


def _checked(test: typing.Callable[[Any], bool], message: str, strict: bool) -> Decoder:
    def decode(raw: Any, path: str) -> Any:
        if not test(raw):
            raise _bad(strict, path, message)
        return raw
    return decode


def _sequence_decoder(hint: Any, origin: Any, strict: bool) -> Decoder:
    item = _decoder((typing.get_args(hint) or (Any,))[0], strict)
    make = list if origin is list else tuple

    def decode(raw: Any, path: str) -> Any:
        if not isinstance(raw, list) and not (not strict and isinstance(raw, tuple)):
            raise _bad(strict, path, "must be a list")
        return make(item(v, f"{path}[{i}]" if strict else path) for i, v in enumerate(raw))
    return decode


def _mapping_decoder(hint: Any, strict: bool) -> Decoder:
    key, value = typing.get_args(hint) or (str, Any)
    item = _decoder(value, strict)

    def decode(raw: Any, path: str) -> Any:
        if not isinstance(raw, Mapping):
            raise _bad(strict, path, "must be an object")
        out = {}
        for k, v in raw.items():
            if key is int:
                try:
                    k = int(k)
                except (TypeError, ValueError):
                    raise _bad(strict, path, f"key {k!r} must be a number") from None
            out[k] = item(v, f"{path}.{k}" if strict else path)
        return out
    return decode


def _record_decoder(cls: type, strict: bool) -> Decoder:
    fields = [(f.name, _json_name(f), f.default is not dataclasses.MISSING
               or f.default_factory is not dataclasses.MISSING) for f, _ in _fields(cls)]
    names = {json_name for _, json_name, _ in fields}
    hints = [hint for _, hint in _fields(cls)]
    decoders: list[Decoder] = []  # filled on first use: records may refer to each other

    def decode(raw: Any, path: str) -> Any:
        if not strict and isinstance(raw, cls):
            return raw
        if not isinstance(raw, Mapping):
            raise _bad(strict, path, "must be an object")
        if strict:
            extra = sorted(str(key) for key in set(raw) - names)  # keys may be non-strings
            if extra:
                raise MalformedAction("malformed_action",
                                      f"unexpected field(s): {', '.join(extra)}")
        if not decoders:
            decoders.extend(_decoder(hint, strict) for hint in hints)
        values: dict[str, Any] = {}
        for (name, json_name, optional), field_decoder in zip(fields, decoders):
            if json_name not in raw:
                if optional:
                    continue
                raise _bad(strict, path, f"field {json_name!r} is missing")
            values[name] = field_decoder(raw[json_name], f"{path}.{json_name}" if strict else path)
        return cls(**values)
    return decode


# --- JSON Schema ------------------------------------------------------------------------

RefNamer = typing.Callable[[type], dict[str, JSON]]


def inline_refs(cls: type) -> dict[str, JSON]:
    """Nested records written out in place (the default outside the contract)."""
    return _object_schema(cls, inline_refs)


def _typed_schema(cls: type, ref: RefNamer | None, *, closed: bool) -> dict[str, JSON]:
    schema = _object_schema(cls, ref or inline_refs, closed=closed)
    schema["properties"] = {"type": {"type": "string", "enum": [cls.TYPE]},
                            **schema["properties"]}
    schema["required"] = ["type", *schema.get("required", [])]
    return schema


def _object_schema(cls: type, ref: RefNamer, skip: tuple[str, ...] = (),
                   all_required: bool = False, closed: bool = True) -> dict[str, JSON]:
    properties: dict[str, JSON] = {}
    required: list[str] = []
    for f, hint in _fields(cls):
        if f.name in skip:
            continue
        name = _json_name(f)
        prop = _schema_of(hint, ref)
        meta = f.metadata or {}
        if meta.get("description"):
            prop = {**prop, "description": meta["description"]}
        prop.update(meta.get("schema") or {})
        properties[name] = prop
        if meta.get("omit_none"):
            continue
        if all_required or (f.default is dataclasses.MISSING
                            and f.default_factory is dataclasses.MISSING):
            required.append(name)
    schema: dict[str, JSON] = {"type": "object", "properties": properties}
    if closed:
        schema["additionalProperties"] = False
    if required:
        schema["required"] = required
    if cls.__doc__ and not cls.__doc__.startswith(f"{cls.__name__}("):
        schema["description"] = " ".join(cls.__doc__.split())
    return schema


def _schema_of(hint: Any, ref: RefNamer) -> dict[str, JSON]:
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
        schema = _schema_of(inner[0], ref)
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
        return {"type": "array", "items": _schema_of(item, ref)}
    if origin in MAPPINGS:
        _, item = typing.get_args(hint) or (str, Any)
        return {"type": "object", "additionalProperties": _schema_of(item, ref)}
    raise TypeError(f"unsupported field type {hint!r}")
