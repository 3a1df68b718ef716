"""games/core/frozen.py's `copyable`: a state built by `__init__` has the shape of its
copies (a dict of its fields, sized for them, that `replace` then keeps), and stays the
frozen dataclass it was. Every record the games copy is built so (docs/benchmarks.md,
"The shape of a copy")."""

from __future__ import annotations

import dataclasses
import sys
from dataclasses import dataclass, field, make_dataclass
from typing import Any

import pytest

from games.core import frozen
from games.core.frozen import copyable, replace
from games.registry import GAMES
from tests.benchmarks import engines


@copyable
@dataclass(frozen=True)
class Seat:
    strikes: int
    hand: tuple[str, ...] = ()
    notes: list[str] = field(default_factory=list)


def many_fields(count: int) -> Any:
    """A copyable frozen dataclass with `count` int fields, f0 .. f<count-1>, all 0."""
    return copyable(make_dataclass(f"Many{count}", [(f"f{i}", int, field(default=0))
                                                    for i in range(count)], frozen=True))


def test_a_copyable_record_is_built_as_its_dataclass_builds_it() -> None:
    seat = Seat(2, hand=("jackpot",))
    assert (seat.strikes, seat.hand, seat.notes) == (2, ("jackpot",), [])
    assert seat == Seat(strikes=2, hand=("jackpot",)) != Seat(2)
    assert Seat(0).notes is not Seat(0).notes  # a default factory still runs per instance
    assert repr(Seat(1)) == "Seat(strikes=1, hand=(), notes=[])"
    assert list(vars(seat)) == ["strikes", "hand", "notes"]
    with pytest.raises(TypeError):
        Seat()  # type: ignore[call-arg]
    with pytest.raises(dataclasses.FrozenInstanceError):
        seat.strikes = 3  # type: ignore[misc]


def test_a_copy_of_a_copyable_record_changes_the_named_fields_only() -> None:
    seat = Seat(1, hand=("double",))
    assert (replace(seat, strikes=2), seat) == (Seat(2, hand=("double",)), Seat(1, ("double",)))


@pytest.mark.parametrize("count", [1, 3, 4, 10, 21, 30])
def test_a_copyable_record_has_the_size_of_its_copies(count: int) -> None:
    record = many_fields(count)()
    copy = replace(record, f0=1)
    sizes = [sys.getsizeof(vars(r)) for r in (record, copy, replace(copy, f0=2))]
    # The size a dict of these fields needs: one filled key by key (with 1 to 4 fields
    # and with 21, a copy of the dict CPython makes for the instance is twice as large).
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
