"""The rules' frozen records, built and copied cheaply: every event, action, state and
view of a game is one, and the fold is the hot path of every replay and every playout.

`@frozen_record` declares a record: `dataclass(frozen=True)`, whose fields, defaults,
equality, hash and repr it keeps, with an `__init__` generated once per class that takes
the arguments the dataclass's own takes and gives the new instance its fields as one dict,
built in one display (then runs the class's `__post_init__`, if it has one). The
dataclass's own `__init__` sets each field through `object.__setattr__`, a call per field;
building records was the largest own cost left in every game's profile (decision 0037,
"One dict per record": 5-10% fewer instructions per event in four games). The dict is
sized for its fields, so a copy of it keeps that size (docs/benchmarks.md, "The shape of a
copy"). A record's arguments are its fields: an `InitVar` is refused.

`replace(record, **changes)` is `dataclasses.replace` for a record whose fields are plain
values: it copies the instance's fields and sets the changed ones, without running
`__init__` (and `__post_init__`) over every field again. Use it only on classes with no
`__post_init__` and no attribute other than their fields (no cached properties): what is
in the instance is copied as it is. A name that is not a field is a TypeError. The copy is
given a new dict of its fields rather than filling the dict its fresh instance would make
on first use: attributes read from that filled dict cost about 2.8x as much as from an
instance built by `__init__` (CPython 3.11; docs/benchmarks.md, "Fourth pass"), and the
rules read a state's fields far more often than they copy it.
"""

from __future__ import annotations

import dataclasses
import inspect
from typing import Any, Callable, TypeVar, dataclass_transform

T = TypeVar("T")


def replace(record: T, **changes: Any) -> T:
    """A copy of a frozen record with some fields changed."""
    fields = record.__dict__
    copied = fields | changes
    if len(copied) != len(fields):  # a name that is not a field was added
        unknown = sorted(changes.keys() - fields.keys())
        raise TypeError(f"no field(s) {unknown} in {type(record).__name__}")
    copy = _new(record.__class__)
    _set_fields(copy, "__dict__", copied)
    return copy


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field,))
def frozen_record(cls: type[T]) -> type[T]:
    """`@dataclass(frozen=True)` with an `__init__` that gives the instance its fields in
    one dict (the module's docstring says why)."""
    record = dataclasses.dataclass(frozen=True)(cls)
    init = _fields_init(record)
    if list(inspect.signature(init).parameters) != list(
            inspect.signature(record.__init__).parameters):
        raise TypeError(f"{record.__qualname__}: a frozen record's arguments are its fields"
                        " (no InitVar)")
    record.__init__ = init  # type: ignore[misc]
    return record


class _Absent:
    """The default of a parameter whose field has a default factory: the factory runs
    when the argument is absent, as in the dataclass's own `__init__`."""

    def __repr__(self) -> str:
        return "<factory>"


_ABSENT = _Absent()


def _fields_init(cls: type) -> Callable[..., None]:
    """An `__init__` for the dataclass `cls` taking the arguments its dataclass `__init__`
    takes, in the same order, with the same defaults."""
    scope: dict[str, Any] = {"_set_fields": _set_fields, "_ABSENT": _ABSENT}
    positional: list[str] = []
    keyword_only: list[str] = []
    factories: list[str] = []
    entries: list[str] = []
    for number, field in enumerate(dataclasses.fields(cls)):
        if not field.init:  # set by `__post_init__`, a class default, or its factory
            if field.default_factory is not dataclasses.MISSING:
                scope[f"_factory{number}"] = field.default_factory
                entries.append(f"{field.name!r}: _factory{number}()")
            continue
        parameter = field.name
        if field.default is not dataclasses.MISSING:
            scope[f"_default{number}"] = field.default
            parameter += f"=_default{number}"
        elif field.default_factory is not dataclasses.MISSING:
            scope[f"_factory{number}"] = field.default_factory
            parameter += "=_ABSENT"
            factories.append(f"    if {field.name} is _ABSENT: {field.name} = _factory{number}()")
        (keyword_only if field.kw_only else positional).append(parameter)
        entries.append(f"{field.name!r}: {field.name}")
    parameters = ["self", *positional, *(["*", *keyword_only] if keyword_only else [])]
    body = [*factories, f"    _set_fields(self, '__dict__', {{{', '.join(entries)}}})"]
    if hasattr(cls, "__post_init__"):
        body.append("    self.__post_init__()")
    exec(f"def __init__({', '.join(parameters)}) -> None:\n" + "\n".join(body), scope)
    init = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    return init  # type: ignore[no-any-return]


_new = object.__new__
_set_fields = object.__setattr__
