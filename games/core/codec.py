"""The one JSON codec of the rules: values read and written as their type hints say.

It serves the typed messages (games/core/messages.py: actions, events, views, outcomes)
and the rules' states (snapshots, events/store/snapshots.py) alike. A dataclass is an
object of its init fields (named by `doc(json=...)` where a field's name is a Python
keyword, left out when None with `doc(omit_none=True)`); a field computed in
`__post_init__` is not written: decoding calls the constructor, which computes it again.

Supported hints: int, str, bool, float, None, Any, Literal[...], X | None, unions of
scalars and literals, tuple[X, ...], tuple[X, Y], list[X], Sequence[X], frozenset[X] /
set[X] (written sorted), Mapping[str | int, X] / dict (keys written as strings; int keys
read back as ints), and nested dataclasses. Other hints raise TypeError when their codec
is built. No class name is stored and nothing in the data can run code (unlike pickle).

Two modes of reading:

- strict (`decode(hint, raw, strict=True)`): input from clients. Every value is checked
  against its hint, unknown fields are refused; any mismatch is a `MalformedAction`
  (HTTP 400) naming the path of the bad value. Posted actions are read by generated
  readers with the same checks (games/core/readers.py).
- lenient (the default): stored data (events, snapshots) that this code wrote. Nothing
  is checked: values are only rebuilt (tuples, int keys, nested dataclasses), and a
  missing field takes its default.
"""

from __future__ import annotations

import collections.abc
import dataclasses
import functools
import types
import typing
from typing import Any, Callable, Literal, Union

from .errors import MalformedAction

JSON = Any
Encoder = Callable[[Any], JSON]
Decoder = Callable[[Any, str], Any]
SCALARS = (int, float, str, bool, type(None))
_PLAIN = frozenset(SCALARS)  # the exact classes `encode` writes as they are
SEQUENCES = (tuple, list, collections.abc.Sequence)
SETS = (frozenset, set, collections.abc.Set)
MAPPINGS = (dict, collections.abc.Mapping)


# --- fields ------------------------------------------------------------------------------

@functools.cache
def fields_of(cls: type) -> tuple[tuple[dataclasses.Field, Any], ...]:
    """A dataclass's init fields, each with its resolved type hint."""
    hints = typing.get_type_hints(cls)
    return tuple((f, hints[f.name]) for f in dataclasses.fields(cls) if f.init)


def json_name(f: dataclasses.Field) -> str:
    return (f.metadata.get("json") if f.metadata else None) or f.name


def omits_none(f: dataclasses.Field) -> bool:
    return bool(f.metadata and f.metadata.get("omit_none"))


def has_default(f: dataclasses.Field) -> bool:
    return f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING


# --- writing -----------------------------------------------------------------------------

def encode(value: Any) -> JSON:
    """The JSON of a value, from its own type (a state, a record, or plain JSON). A value
    of exactly a scalar, list, tuple or dict class is written at once, as the general
    checks below would write it: most values reaching here are such (a field typed `Any`,
    as a face that is a number or "SB"), and the checks for a dataclass and a Mapping cost
    each several times a plain class look-up."""
    kind = value.__class__
    if kind in _PLAIN:
        return value
    if kind is list or kind is tuple:
        return [encode(item) for item in value]
    if kind is dict:
        return {str(key): encode(item) for key, item in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return encoder(type(value))(value)
    if isinstance(value, collections.abc.Mapping):
        return {str(key): encode(item) for key, item in value.items()}
    if isinstance(value, (tuple, list)):
        return [encode(item) for item in value]
    if isinstance(value, (frozenset, set)):
        return sorted(encode(item) for item in value)
    if isinstance(value, SCALARS):
        return value
    raise TypeError(f"cannot encode {type(value).__name__}")


# The generated writers by class (plain dicts: looked up on every message written).
_WRITERS: dict[type, Callable[[Any], dict[str, JSON]]] = {}
_TYPED_WRITERS: dict[type, Callable[[Any], dict[str, JSON]]] = {}


def write_fields(value: Any) -> dict[str, JSON]:
    """A dataclass's fields as a JSON object (a Record's `to_json` before its own keys)."""
    write = _WRITERS.get(type(value))
    if write is None:
        write = _WRITERS[type(value)] = _fields_writer(type(value), False)
    return write(value)


def write_typed(value: Any) -> dict[str, JSON]:
    """A message's `type` (its class's TYPE), then its fields (a GameAction's JSON)."""
    write = _TYPED_WRITERS.get(type(value))
    if write is None:
        write = _TYPED_WRITERS[type(value)] = typed_writer(type(value))
    return write(value)


def typed_writer(cls: type) -> Callable[[Any], dict[str, JSON]]:
    """The function `write_typed` calls for a value of class `cls` (built once)."""
    return _fields_writer(cls, True)


@functools.cache
def _fields_writer(cls: type, typed: bool) -> Callable[[Any], dict[str, JSON]]:
    """The writer of a dataclass's fields (after its `type` if `typed`), generated once
    per class as one function (a dict display: the fold and the legal actions write many
    small records)."""
    namespace: dict[str, Any] = {}
    leading = [f"'type': {cls.TYPE!r}"] if typed else []  # up to the first field left out
    later: list[str] = []  # then one statement per field, in order
    for i, (f, hint) in enumerate(fields_of(cls)):
        write_value, nullable = encoder(hint), nullable_of(hint)
        if nullable is not None:  # X | None: None tested here, not in one more call
            write_value = encoder(nullable)
        if write_value is not _identity:
            namespace[f"w{i}"] = write_value
        key, read = repr(json_name(f)), f"value.{f.name}"
        written = read if write_value is _identity else f"w{i}({read})"
        if nullable is not None and write_value is not _identity:
            written = f"(None if {read} is None else {written})"
        if omits_none(f):
            later.append(f"    if {read} is not None:\n        out[{key}] = {written}\n")
        elif later:
            later.append(f"    out[{key}] = {written}\n")
        else:
            leading.append(f"{key}: {written}")
    source = ("def write(value):\n    out = {" + ", ".join(leading) + "}\n"
              + "".join(later) + "    return out\n")
    exec(source, namespace)  # noqa: S102 - generated from the class's own field names
    return namespace["write"]  # type: ignore[no-any-return]


def nullable_of(hint: Any) -> Any:
    """X for a hint `X | None` (one type and None), else None."""
    args = typing.get_args(hint)
    present = [a for a in args if a is not type(None)]
    if typing.get_origin(hint) in (Union, types.UnionType) and len(present) == 1 < len(args):
        return present[0]
    return None


def _identity(value: Any) -> Any:
    return value


def _is_plain(hint: Any) -> bool:
    """A hint whose values are written as they are (scalars and literals)."""
    return hint in SCALARS or typing.get_origin(hint) is Literal


@functools.cache
def encoder(hint: Any) -> Encoder:
    """A function writing a value of type `hint` as JSON, built once per type."""
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        own = getattr(hint, "to_json", None)  # a Record's: its own JSON
        if own is None:
            return _fields_writer(hint, False)
        if own is write_fields or own is write_typed:  # a Record's (an action's) fields
            write = _fields_writer(hint, own is write_typed)
            return lambda value: write(value) if value.__class__ is hint else value.to_json()
        return lambda value: value.to_json()
    if hint is Any:
        return encode
    if _is_plain(hint):
        return _identity
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (Union, types.UnionType):
        if nullable_of(hint) is None:
            return encode
        inner = encoder(nullable_of(hint))
        return _identity if inner is _identity else (
            lambda value: None if value is None else inner(value))
    if origin in MAPPINGS or hint is dict:
        item = encoder(args[1] if args else Any)
        if item is _identity:
            return lambda value: {str(k): v for k, v in value.items()}
        return lambda value: {str(k): item(v) for k, v in value.items()}
    if origin in SETS:
        item = encoder(args[0] if args else Any)
        return lambda value: sorted(item(v) for v in value)
    if origin is tuple and args and args[-1] is not Ellipsis and args != ((),):
        items = tuple(encoder(a) for a in args)
        return lambda value: [write(v) for write, v in zip(items, value)]
    if origin in SEQUENCES or hint in (tuple, list):
        item = encoder(args[0] if args else Any)
        if item is _identity:
            return list
        return lambda value: [item(v) for v in value]
    return _identity


# --- reading -----------------------------------------------------------------------------

def decode(hint: Any, raw: JSON, *, strict: bool = False, path: str = "") -> Any:
    """The value of type `hint` that `raw` is: strictly (client input: MalformedAction on
    any mismatch) or leniently (stored data this code wrote: trusted, only rebuilt)."""
    return decoder(hint, strict)(raw, path or getattr(hint, "__name__", "value"))


def malformed(path: str, message: str) -> MalformedAction:
    return MalformedAction("malformed_action", f"{path}: {message}")


def _trusted(raw: Any, path: str) -> Any:
    return raw


@functools.cache
def decoder(hint: Any, strict: bool) -> Decoder:
    """A function reading JSON as type `hint`, built once per type and mode."""
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _dataclass_decoder(hint, strict)
    if hint is Any:
        return _trusted
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (Union, types.UnionType):
        return _union_decoder(args, strict)
    if origin in SEQUENCES or origin in SETS or hint in (tuple, list):
        return _collection_decoder(hint, origin, args, strict)
    if origin in MAPPINGS or hint is dict:
        return _mapping_decoder(args, strict)
    if not strict:
        if hint in SCALARS or origin is Literal:
            return _trusted
        raise TypeError(f"no JSON codec for {hint!r}")
    return _checked_scalar(hint, origin, args)


def _checked(test: Callable[[Any], bool], message: str) -> Decoder:
    def decode_checked(raw: Any, path: str) -> Any:
        if not test(raw):
            raise malformed(path, message)
        return raw
    return decode_checked


def _checked_int(raw: Any, path: str) -> int:
    if type(raw) is int or (isinstance(raw, int) and not isinstance(raw, bool)):
        return raw  # type: ignore[no-any-return]
    raise malformed(path, "must be an integer")


def _checked_scalar(hint: Any, origin: Any, args: tuple[Any, ...]) -> Decoder:
    if hint is type(None):
        return _checked(lambda raw: raw is None, "must be null")
    if origin is Literal:
        booleans = any(isinstance(a, bool) for a in args)
        return _checked(lambda raw: raw in args and isinstance(raw, bool) == booleans,
                        f"must be one of {list(args)}")
    if hint is bool:
        return _checked(lambda raw: isinstance(raw, bool), "must be true or false")
    if hint is int:
        return _checked_int
    if hint is float:
        number = _checked(lambda raw: isinstance(raw, (int, float)) and not isinstance(raw, bool),
                          "must be a number")
        return lambda raw, path: float(number(raw, path))
    if hint is str:
        return _checked(lambda raw: isinstance(raw, str), "must be a string")
    raise TypeError(f"no strict JSON codec for {hint!r}")


def _union_decoder(args: tuple[Any, ...], strict: bool) -> Decoder:
    present = [a for a in args if a is not type(None)]
    nullable = type(None) in args
    if len(present) == 1:
        inner = decoder(present[0], strict)
        return lambda raw, path: None if raw is None and nullable else inner(raw, path)
    if not strict and all(a in SCALARS or typing.get_origin(a) is Literal for a in present):
        return _trusted
    raise TypeError(f"no JSON codec for a union of {args!r}")


def _collection_decoder(hint: Any, origin: Any, args: tuple[Any, ...], strict: bool) -> Decoder:
    if origin is tuple and args and args[-1] is not Ellipsis and args != ((),):
        if strict:
            raise TypeError(f"no strict JSON codec for {hint!r}")
        items = tuple(decoder(a, strict) for a in args)
        return lambda raw, path: tuple(read(v, path) for read, v in zip(items, raw))
    item = decoder(args[0] if args and args != ((),) else Any, strict)
    make: type = {list: list, set: set, frozenset: frozenset,
                  collections.abc.Set: frozenset}.get(origin or hint, tuple)
    return collection_reader(make, item, strict)


def collection_reader(make: type, item: Decoder, strict: bool) -> Decoder:
    """A JSON list read as a `make` (tuple, list, set, ...) of items each read by `item`;
    strictly, anything but a list is refused and each item's path names its index."""
    def decode_collection(raw: Any, path: str) -> Any:
        if strict and not isinstance(raw, list):
            raise malformed(path, "must be a list")
        if strict:
            return make(item(v, f"{path}[{i}]") for i, v in enumerate(raw))
        return make(item(v, path) for v in raw)
    return decode_collection


def _mapping_decoder(args: tuple[Any, ...], strict: bool) -> Decoder:
    key, value = args or (str, Any)
    if key not in (int, str, Any):
        raise TypeError(f"mapping keys must be int or str, not {key!r}")
    item = decoder(value, strict)

    def decode_mapping(raw: Any, path: str) -> Any:
        if strict and not isinstance(raw, collections.abc.Mapping):
            raise malformed(path, "must be an object")
        out = {}
        for k, v in raw.items():
            if key is int:
                try:
                    k = int(k)
                except (TypeError, ValueError):
                    raise malformed(path, f"key {k!r} must be a number") from None
            out[k] = item(v, f"{path}.{k}" if strict else path)
        return out
    return decode_mapping


def _dataclass_decoder(cls: type, strict: bool) -> Decoder:
    fields = [(f.name, json_name(f), has_default(f)) for f, _ in fields_of(cls)]
    names = {key for _, key, _ in fields}
    decoders: list[Decoder] = []  # filled on first use: dataclasses may refer to each other

    def decode_dataclass(raw: Any, path: str) -> Any:
        if not strict and isinstance(raw, cls):
            return raw
        if strict:
            if type(raw) is not dict and not isinstance(raw, collections.abc.Mapping):
                raise malformed(path, "must be an object")
            if not names.issuperset(raw):
                raise unexpected_fields(raw, names)
        if not decoders:
            # Built whole, then stored in one step: a thread that reads the list while
            # another builds it sees it empty or complete, never a part of the fields.
            built = [decoder(hint, strict) for _, hint in fields_of(cls)]
            decoders[:] = built
        values: dict[str, Any] = {}
        for (name, key, optional), read in zip(fields, decoders):
            if key in raw:
                values[name] = read(raw[key], f"{path}.{key}" if strict else path)
            elif strict and not optional:  # lenient: the constructor names a missing field
                raise malformed(path, f"field {key!r} is missing")
        return cls(**values)
    return decode_dataclass


def unexpected_fields(raw: Any, names: collections.abc.Set[str]) -> MalformedAction:
    """The refusal of an object with keys other than `names`."""
    extra = sorted(str(key) for key in set(raw) - names)  # keys may be non-strings
    return MalformedAction("malformed_action", f"unexpected field(s): {', '.join(extra)}")
