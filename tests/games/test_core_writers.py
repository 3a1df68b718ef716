"""The core's fast paths keep the shapes the slow ones had (games/core/codec.py's
generated writers, games/core/frozen.py's copies): key order as the fields are declared,
`type` first, a field left out when None where its metadata says so, and a copy that
refuses a name that is not a field."""

from __future__ import annotations

from collections import OrderedDict, namedtuple
from dataclasses import dataclass, field
from enum import IntEnum
from types import MappingProxyType
from typing import ClassVar

import pytest

from games.core import codec
from games.core.frozen import replace
from games.core.legal import sample
from games.core.messages import GameAction, Record, doc


@dataclass(frozen=True)
class Inner(Record):
    n: int


@dataclass(frozen=True)
class Sample(GameAction):
    TYPE: ClassVar[str] = "sample"
    first: int
    maybe: int | None = field(default=None, metadata=doc(omit_none=True))
    dice: tuple[int, ...] = ()
    by_seat: dict[int, Inner] = field(default_factory=dict)
    renamed: int = field(default=0, metadata=doc(json="from"))


def test_keys_come_in_the_order_of_the_fields_type_first() -> None:
    written = Sample(first=1, maybe=2, dice=(3, 4), by_seat={0: Inner(5)}).to_json()
    assert list(written) == ["type", "first", "maybe", "dice", "by_seat", "from"]
    assert written == {"type": "sample", "first": 1, "maybe": 2, "dice": [3, 4],
                       "by_seat": {"0": {"n": 5}}, "from": 0}


def test_a_field_left_out_when_none_leaves_the_others_in_order() -> None:
    assert list(Sample(first=1).to_json()) == ["type", "first", "dice", "by_seat", "from"]
    assert list(codec.write_fields(Sample(first=1))) == ["first", "dice", "by_seat", "from"]


def test_a_copy_changes_the_named_fields_only() -> None:
    before = Sample(first=1, dice=(2,))
    after = replace(before, first=7)
    assert (after, before) == (Sample(first=7, dice=(2,)), Sample(first=1, dice=(2,)))


def test_a_copy_refuses_a_name_that_is_not_a_field() -> None:
    with pytest.raises(TypeError, match="firts"):
        replace(Sample(first=1), firts=2)


def test_sample_reads_a_range_with_both_ends_included() -> None:
    item = {"type": "bid", "quantity": 2, "choose": {"face": {"minimum": 3, "maximum": 6}}}
    assert sample(item, lambda n: n - 1)["face"] == 6
    assert sample(item, lambda n: 0) == {"type": "bid", "quantity": 2, "face": 3}


class Level(IntEnum):
    LOW = 1


Pair = namedtuple("Pair", "left right")


def test_any_value_is_written_alike_by_its_exact_class_or_a_subclass() -> None:
    """`encode` writes a value of exactly a plain class at once, and anything else by the
    general checks: both give the same JSON (keys as strings, sequences as lists)."""
    plain = {1: (2, "SB", [None, True, 1.5]), "k": {3: Inner(4)}}
    assert codec.encode(plain) == {"1": [2, "SB", [None, True, 1.5]], "k": {"3": {"n": 4}}}
    assert codec.encode(MappingProxyType({1: Pair(2, Level.LOW)})) == {"1": [2, 1]}
    assert codec.encode(OrderedDict([(5, (6,))])) == {"5": [6]}
    assert codec.encode(frozenset({3, 1})) == [1, 3]
    assert codec.encode([Inner(7), (Inner(8),)]) == [{"n": 7}, [{"n": 8}]]
    with pytest.raises(TypeError, match="cannot encode object"):
        codec.encode([object()])
