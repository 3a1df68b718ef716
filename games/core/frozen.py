"""Cheap copies of the rules' frozen states: the fold is the hot path of every replay.

`replace(record, **changes)` is `dataclasses.replace` for a state whose fields are plain
values: it copies the instance's fields and sets the changed ones, without running
`__init__` (and `__post_init__`) over every field again. Use it only on classes with no
`__post_init__` and no attribute other than their fields (no cached properties): what is
in the instance is copied as it is. A name that is not a field is a TypeError.

The copy is given a new dict of its fields rather than filling the dict its fresh
instance would make on first use: attributes read from that filled dict cost about 2.8x
as much as from an instance built by `__init__` (CPython 3.11; docs/benchmarks.md,
"Fourth pass"), and the rules read a state's fields far more often than they copy it.
"""

from __future__ import annotations

from typing import Any, TypeVar

T = TypeVar("T")


def replace(record: T, **changes: Any) -> T:
    """A copy of a frozen dataclass with some fields changed."""
    fields = record.__dict__
    copied = {**fields, **changes}
    if len(copied) != len(fields):  # a name that is not a field was added
        unknown = sorted(changes.keys() - fields.keys())
        raise TypeError(f"no field(s) {unknown} in {type(record).__name__}")
    copy = _new(record.__class__)
    _set_fields(copy, "__dict__", copied)
    return copy


_new = object.__new__
_set_fields = object.__setattr__
