"""Cheap copies of the rules' frozen states: the fold is the hot path of every replay.

`replace(record, **changes)` is `dataclasses.replace` for a state whose fields are plain
values: it copies the instance's fields and sets the changed ones, without running
`__init__` (and `__post_init__`) over every field again. Use it only on classes with no
`__post_init__` and no attribute other than their fields (no cached properties): what is
in the instance is copied as it is. A name that is not a field is a TypeError.
"""

from __future__ import annotations

from typing import Any, TypeVar

T = TypeVar("T")


def replace(record: T, **changes: Any) -> T:
    """A copy of a frozen dataclass with some fields changed."""
    copy = _new(record.__class__)
    fields = copy.__dict__
    fields.update(record.__dict__)
    size = len(fields)
    fields.update(changes)
    if len(fields) != size:  # a name that is not a field was added
        unknown = sorted(changes.keys() - record.__dict__.keys())
        raise TypeError(f"no field(s) {unknown} in {type(record).__name__}")
    return copy


_new = object.__new__
