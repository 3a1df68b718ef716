"""games/core/frozen.py's `frozen_record`: a record is built as `dataclass(frozen=True)`
builds it, takes the same arguments, and has the shape of its copies (a dict of its fields,
sized for them, that `replace` then keeps). Every record the games copy is built so
(docs/benchmarks.md, "The shape of a copy")."""

from __future__ import annotations

import dataclasses
import inspect
import sys
from dataclasses import InitVar, dataclass, field
from typing import Any

import pytest

from games.core import frozen
from games.core.frozen import frozen_record, replace
from games.registry import GAMES
from tests.benchmarks import engines


def three() -> int:
    return 3


def seat_class(declare: Any) -> Any:
    """The same seat declared by `declare` (`frozen_record`, or the dataclass itself)."""

    class Seat:
        strikes: int
        hand: tuple[str, ...] = ()
        notes: list[str] = field(default_factory=list)
        marks: int = field(default=0, kw_only=True)
        stake: int = field(default_factory=three, kw_only=True)
        bids: list[int] = field(init=False, default_factory=list)

    return declare(Seat)


Seat = seat_class(frozen_record)
DataclassSeat = seat_class(dataclass(frozen=True))


def many_fields(count: int) -> Any:
    """A frozen record with `count` int fields, f0 .. f<count-1>, all 0."""
    names = [f"f{i}" for i in range(count)]
    return frozen_record(type(f"Many{count}", (), {
        "__annotations__": dict.fromkeys(names, int), **dict.fromkeys(names, 0)}))


def test_a_frozen_record_takes_the_arguments_its_dataclass_takes() -> None:
    def parameters(cls: Any) -> list[tuple[str, Any, Any]]:
        return [(p.name, p.kind, repr(p.default))
                for p in inspect.signature(cls).parameters.values()]

    def fields(cls: Any) -> list[tuple[Any, ...]]:
        return [(f.name, f.type, f.default, f.default_factory, f.kw_only, f.init)
                for f in dataclasses.fields(cls)]

    assert parameters(Seat) == parameters(DataclassSeat)
    assert fields(Seat) == fields(DataclassSeat)
    for arguments, keywords in [((2,), {}), ((2, ("jackpot",)), {"marks": 1}),
                                ((), {"strikes": 1, "notes": ["x"], "stake": 5})]:
        built, expected = Seat(*arguments, **keywords), DataclassSeat(*arguments, **keywords)
        assert vars(built) == vars(expected) and list(vars(built)) == list(vars(expected))
    for arguments, keywords in [((), {}), ((1, (), [], 2), {}), ((1,), {"strike": 1})]:
        with pytest.raises(TypeError):
            DataclassSeat(*arguments, **keywords)
        with pytest.raises(TypeError):
            Seat(*arguments, **keywords)


def test_a_frozen_record_is_the_frozen_dataclass_it_declares() -> None:
    seat = Seat(2, hand=("jackpot",))
    assert (seat.strikes, seat.hand, seat.notes, seat.marks, seat.stake) == (
        2, ("jackpot",), [], 0, 3)
    assert seat == Seat(strikes=2, hand=("jackpot",)) != Seat(2)
    # A default factory still runs per instance, for an argument or not.
    assert Seat(0).notes is not Seat(0).notes and Seat(0).bids is not Seat(0).bids
    assert repr(Seat(1)) == repr(DataclassSeat(1))
    assert repr(Seat(1)).endswith("Seat(strikes=1, hand=(), notes=[], marks=0, stake=3, bids=[])")
    assert dataclasses.is_dataclass(Seat) and Seat.__match_args__ == ("strikes", "hand", "notes")
    with pytest.raises(dataclasses.FrozenInstanceError):
        seat.strikes = 3  # type: ignore[misc]
    pair = many_fields(2)
    assert hash(pair()) == hash(pair(0, f1=0)) == hash((0, 0)) and pair() == pair(0, 0)


def test_a_frozen_record_runs_its_post_init_after_its_fields_are_set() -> None:
    @frozen_record
    class Die:
        face: int
        doubled: bool = False
        value: int = field(init=False)

        def __post_init__(self) -> None:
            object.__setattr__(self, "value", self.face * (2 if self.doubled else 1))

    assert (Die(3).value, Die(3, True).value, Die(face=2, doubled=True).value) == (3, 6, 4)
    assert list(vars(Die(1))) == ["face", "doubled", "value"]


def test_a_frozen_record_has_no_init_only_argument() -> None:
    class Die:
        face: int
        doubled: InitVar[bool] = False

    with pytest.raises(TypeError, match="InitVar"):
        frozen_record(Die)


def test_a_copy_of_a_frozen_record_changes_the_named_fields_only() -> None:
    seat = Seat(1, hand=("double",))
    assert (replace(seat, strikes=2), seat) == (Seat(2, hand=("double",)), Seat(1, ("double",)))
    with pytest.raises(TypeError, match="strike"):
        replace(seat, strike=2)


@pytest.mark.parametrize("count", [1, 3, 4, 10, 21, 30])
def test_a_frozen_record_has_the_size_of_its_copies(count: int) -> None:
    record = many_fields(count)()
    copy = replace(record, f0=1)
    sizes = [sys.getsizeof(vars(r)) for r in (record, copy, replace(copy, f0=2))]
    # The size a dict of these fields needs: one filled key by key (with 1 to 4 fields
    # and with 21, a copy of the dict CPython makes for a dataclass's instance is twice
    # as large).
    needed = sys.getsizeof(dict(zip(vars(record), vars(record).values())))
    assert sizes == [needed] * 3, (sizes, needed)


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_record_a_game_copies_keeps_its_size_in_the_copy(
        slug: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever `replace` copies in a game's playouts (its state, seats, turns, boards)
    is copied into a dict the size of the one it had, the size its fields need."""
    grown: set[str] = set()
    copied: set[str] = set()
    copy_of = frozen.replace

    def watched(record: Any, **changes: Any) -> Any:
        copy = copy_of(record, **changes)
        copied.add(type(record).__qualname__)
        fields = vars(copy)
        needed = sys.getsizeof(dict(zip(fields, fields.values())))
        if not sys.getsizeof(fields) == sys.getsizeof(vars(record)) == needed:
            grown.add(type(record).__qualname__)
        return copy

    for name, module in list(sys.modules.items()):
        if name.startswith("games.") and getattr(module, "replace", None) is copy_of:
            monkeypatch.setattr(module, "replace", watched)
    for players, seed in [(2, 0), (3, 1), (4, 2)]:
        engines.playout(GAMES[slug], players, seed)
    assert copied, f"{slug}: no copy was watched"
    assert not grown, f"{slug}: copies larger than their records: {sorted(grown)}"
