"""A JSON codec for the rules' states: frozen dataclasses of JSON scalars, tuples,
mappings, optionals and other such dataclasses, as their type hints declare them.

`encode(state)` writes a dataclass as an object of its init fields (a field computed in
`__post_init__` is not written: decoding calls the constructor, which computes it again);
`decode(cls, raw)` rebuilds it from its hints, so tuples come back as tuples and mapping
keys declared `int` as ints. Nothing but the hints says how to read the JSON: no class
names are stored and no code is loaded from the data (unlike pickle), so a snapshot is as
safe to read as any other JSON. Types outside that vocabulary raise TypeError when their
codec is built; the event store keys every snapshot by the rules' code version anyway.
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from typing import Any, Callable

JSON = Any
Decoder = Callable[[JSON], Any]
_SCALARS = (int, float, str, bool, type(None))


def encode(value: Any) -> JSON:
    """The JSON of a state (or any value made of what `decode` reads)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: encode(getattr(value, f.name)) for f in _init_fields(type(value))}
    if isinstance(value, (tuple, list)):
        return [encode(item) for item in value]
    if isinstance(value, typing.Mapping):
        return {str(key): encode(item) for key, item in value.items()}
    if isinstance(value, (frozenset, set)):
        return sorted(encode(item) for item in value)
    if isinstance(value, _SCALARS):
        return value
    raise TypeError(f"cannot encode {type(value).__name__}")


def decode(cls: type, raw: JSON) -> Any:
    """The value of type `cls` that `raw` (from `encode`) is."""
    return _decoder(cls)(raw)


@functools.cache
def _init_fields(cls: type) -> tuple[dataclasses.Field, ...]:
    return tuple(f for f in dataclasses.fields(cls) if f.init)


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


@functools.cache
def _decoder(hint: Any) -> Decoder:
    if hint is Any:
        return lambda raw: raw
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _dataclass_decoder(hint)
    if hint in _SCALARS or hint is float:
        return lambda raw: raw
    if isinstance(hint, typing.TypeVar):
        raise TypeError(f"cannot decode a type variable {hint}")
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is typing.Literal:
        return lambda raw: raw
    if origin in (typing.Union, types.UnionType):
        return _union_decoder(args)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item = _decoder(args[0])
            return lambda raw: tuple(item(x) for x in raw)
        if args == ((),) or not args:
            return lambda raw: tuple(raw)
        items = tuple(_decoder(a) for a in args)
        return lambda raw: tuple(d(x) for d, x in zip(items, raw))
    if origin in (list, typing.Sequence, _abc("Sequence")):
        item = _decoder(args[0]) if args else _decoder(Any)
        make = list if origin is list else tuple
        return lambda raw: make(item(x) for x in raw)
    if origin in (frozenset, set, _abc("Set")):
        item = _decoder(args[0]) if args else _decoder(Any)
        make = set if origin is set else frozenset
        return lambda raw: make(item(x) for x in raw)
    if origin in (dict, typing.Mapping, _abc("Mapping")):
        key = _key_decoder(args[0] if args else str)
        value = _decoder(args[1]) if args else _decoder(Any)
        return lambda raw: {key(k): value(v) for k, v in raw.items()}
    if hint in (tuple, list, dict):
        return lambda raw: hint(raw)
    raise TypeError(f"no JSON codec for {hint!r}")


def _abc(name: str) -> Any:
    import collections.abc

    return getattr(collections.abc, name)


def _key_decoder(hint: Any) -> Decoder:
    if hint is int:
        return int
    if hint is str or hint is Any:
        return lambda raw: raw
    raise TypeError(f"mapping keys must be int or str, not {hint!r}")


def _union_decoder(args: tuple[Any, ...]) -> Decoder:
    present = [a for a in args if a is not type(None)]
    if len(present) == 1:
        inner = _decoder(present[0])
        return lambda raw: None if raw is None else inner(raw)
    if all(a in _SCALARS or typing.get_origin(a) is typing.Literal for a in present):
        return lambda raw: raw
    raise TypeError(f"no JSON codec for a union of {args!r}")


def _dataclass_decoder(cls: type) -> Decoder:
    hints = _hints(cls)
    fields = [(f.name, _decoder(hints[f.name])) for f in _init_fields(cls)]

    def build(raw: JSON) -> Any:
        return cls(**{name: read(raw[name]) for name, read in fields if name in raw})
    return build
