"""Generated strict readers: a posted action's JSON object, and each record inside one,
read as the codec's strict decoder reads them (games/core/codec.py: the same checks,
codes and messages), but as one function per class written from the class's own fields,
since every posted action is read (tests/games/test_core_action_reader.py compares the
two on every game's actions; docs/decisions/0037-the-engines-hot-path.md).
"""

from __future__ import annotations

import collections.abc
import dataclasses
import functools
import typing
from collections.abc import Callable
from typing import Any, Literal

from .codec import (
    Decoder, collection_reader, decoder, fields_of, json_name, malformed, nullable_of,
    unexpected_fields,
)


@functools.cache
def action_reader(cls: type) -> Callable[[Any], Any]:
    """A posted action's JSON object (its `type` included, already checked) read strictly
    as `cls`: what the strict decoder does with the object less its `type` (path
    "action"), generated once per class as one function (every posted action is read)."""
    assert "type" not in {json_name(f) for f, _ in fields_of(cls)}, \
        f"{cls.__name__}: 'type' is the action's own key"
    return _generated_reader(cls, action=True)


@functools.cache
def record_reader(cls: type) -> Decoder:
    """A dataclass inside a posted action, read as the strict decoder does (generated once
    per class, as `action_reader`)."""
    return _generated_reader(cls, action=False)


def _generated_reader(cls: type, action: bool) -> Callable[..., Any]:
    """The strict decoder's `decode_dataclass` for `cls` as one function: a value its
    hint takes as it is (an int, a string, a literal, ... `_as_it_is`) is checked inline,
    the others go through their field reader; the constructor is called with the fields
    in order (a missing optional field takes the field's default)."""
    fields = fields_of(cls)
    allowed = frozenset(json_name(f) for f, _ in fields) | ({"type"} if action else set())
    namespace: dict[str, Any] = {"cls": cls, "allowed": allowed, "Mapping": collections.abc.Mapping,
                                 "unexpected": unexpected_fields, "bad": malformed}
    lines = ["def read(raw):" if action else "def read(raw, path):"]
    if not action:
        lines += ["    if type(raw) is not dict and not isinstance(raw, Mapping):",
                  "        raise bad(path, 'must be an object')"]
    lines += ["    if not allowed.issuperset(raw):", "        raise unexpected(raw, allowed)"]
    arguments = []
    for i, (f, hint) in enumerate(fields):
        key = json_name(f)
        path = repr(f"action.{key}") if action else f"path + {'.' + key!r}"
        namespace[f"r{i}"] = _later(namespace, f"r{i}", hint)
        test = _as_it_is(hint, f"k{i}", namespace)
        read = f"v if {test} else r{i}(v, {path})" if test else f"r{i}(v, {path})"
        lines += [f"    if {key!r} in raw:", f"        v = raw[{key!r}]", f"        a{i} = {read}",
                  "    else:"]
        if f.default is not dataclasses.MISSING:
            namespace[f"d{i}"] = f.default
            lines.append(f"        a{i} = d{i}")
        elif f.default_factory is not dataclasses.MISSING:
            namespace[f"d{i}"] = f.default_factory
            lines.append(f"        a{i} = d{i}()")
        else:
            where = "'action'" if action else "path"
            lines.append(f"        raise bad({where}, {f'field {key!r} is missing'!r})")
        arguments.append(f"{f.name}=a{i}" if f.kw_only else f"a{i}")
    lines.append(f"    return cls({', '.join(arguments)})\n")
    exec("\n".join(lines), namespace)  # noqa: S102 - generated from the class's own fields
    return namespace["read"]  # type: ignore[no-any-return]


def _later(namespace: dict[str, Any], name: str, hint: Any) -> Decoder:
    """A field's strict reader, built when first used (records may refer to each other):
    a nested dataclass's generated `record_reader`, a tuple of them read item by item by
    it (Dark Knights' groups), else the strict decoder."""
    def first_use(raw: Any, path: str) -> Any:
        read = _field_reader(hint)
        namespace[name] = read
        return read(raw, path)
    return first_use


def _field_reader(hint: Any) -> Decoder:
    if dataclasses.is_dataclass(hint):
        return record_reader(hint)
    args = typing.get_args(hint)
    if typing.get_origin(hint) is tuple and len(args) == 2 and args[1] is Ellipsis \
            and dataclasses.is_dataclass(args[0]):
        return collection_reader(tuple, record_reader(args[0]), strict=True)
    return decoder(hint, True)


def _as_it_is(hint: Any, name: str, namespace: dict[str, Any]) -> str | None:
    """A test on `v` under which the strict decoder of `hint` gives `v` itself (an int, a
    string, a boolean, a literal string, or None where the hint allows it), or None."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint in (int, str):
        return f"type(v) is {hint.__name__}"
    if hint is bool:
        return "(v is True or v is False)"
    if origin is Literal and all(type(a) is str for a in args):
        namespace[name] = frozenset(args)
        return f"(type(v) is str and v in {name})"
    nullable = nullable_of(hint)
    inner = _as_it_is(nullable, name, namespace) if nullable is not None else None
    return f"(v is None or {inner})" if inner else None
