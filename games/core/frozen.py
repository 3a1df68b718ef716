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

A class that `replace` copies is marked `@copyable`, so that the instances its
`__init__` builds have the shape of their copies (docs/benchmarks.md, "The shape of a
copy"): a dict of the fields sized for them. Without it, the first copy of an instance
built by `__init__` may get a dict table twice the size its fields need (CPython 3.11: with
1 to 4 fields, and with 21, as Bamboozled's state has: 832 bytes instead of 464), and each
later copy clones that table, for the rest of the game.
"""

from __future__ import annotations

import functools
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


def copyable(cls: type[T]) -> type[T]:
    """Mark a frozen dataclass that `replace` copies (a game's state and the parts of it
    that change): each instance its `__init__` builds is given its fields as a new dict
    built field by field, the size that `replace` then keeps for every copy. Apply it
    above `@dataclass(frozen=True)`."""
    build = cls.__init__

    @functools.wraps(build)
    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        build(self, *args, **kwargs)
        # Field by field, not `dict(self.__dict__)`: a dict's copy clones its table, the
        # oversized one included.
        _set_fields(self, "__dict__", {name: value for name, value in self.__dict__.items()})

    cls.__init__ = __init__  # type: ignore[misc]
    return cls


_new = object.__new__
_set_fields = object.__setattr__
