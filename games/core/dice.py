"""Dice come into the rules only through a `Dice` object passed to setup/decide.

The rules call `dice.roll(sides)`; shuffles and random picks are built on it, so
every random outcome is a sequence of die rolls that a verifier can recompute.
"""

from __future__ import annotations

from typing import Protocol, Sequence, TypeVar

T = TypeVar("T")


class Dice(Protocol):
    def roll(self, sides: int) -> int:
        """A uniform integer in 1..sides."""
        ...


def roll_many(dice: Dice, count: int, sides: int = 6) -> tuple[int, ...]:
    roll = dice.roll
    return tuple([roll(sides) for _ in range(count)])


def pick(dice: Dice, items: Sequence[T]) -> T:
    """One item chosen uniformly: items[roll(len) - 1]."""
    return items[dice.roll(len(items)) - 1]


def shuffle(dice: Dice, items: Sequence[T]) -> tuple[T, ...]:
    """Fisher-Yates: for i from n-1 down to 1, swap i with roll(i + 1) - 1."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = dice.roll(i + 1) - 1
        out[i], out[j] = out[j], out[i]
    return tuple(out)


class ScriptedDice:
    """Dice for tests: hands out the given results in order and checks their range."""

    def __init__(self, results: Sequence[int] = ()) -> None:
        self._results = list(results)
        self.used = 0

    def roll(self, sides: int) -> int:
        if self.used >= len(self._results):
            raise AssertionError(f"scripted dice exhausted (asked for a d{sides})")
        value = self._results[self.used]
        if not 1 <= value <= sides:
            raise AssertionError(f"scripted result {value} is not on a d{sides}")
        self.used += 1
        return value

    @property
    def remaining(self) -> int:
        return len(self._results) - self.used


class NoDice:
    """Dice for calls that must not roll (evolve, view): any roll is a bug."""

    def roll(self, sides: int) -> int:
        raise AssertionError("this step must not roll dice")
