"""The immutable state of a game of Dark Knights, and the dice and combinations in it."""

from __future__ import annotations

from dataclasses import field
from functools import lru_cache

from games.core.frozen import frozen_record
from games.core.messages import Record, doc

from .actions import Group
from .data import (
    ACE, ALL_DICE, DARK, DARK_ACES_ALONE_VALUE, LIGHT_ACE_VALUE, OVER, shade_of,
)


@frozen_record
class Options(Record):
    target: int = field(metadata=doc("the banked score that wins"))
    final_round: bool = field(metadata=doc(
        "when a seat reaches the target, every other seat gets one last turn"))


def is_wild(shade: str, face: int) -> bool:
    """A dark ace is wild."""
    return face == ACE and shade == DARK


def matching_value(shade: str, face: int) -> int | None:
    """The value a die matches on: a light ace is 10; a wild dark ace has none of its own."""
    if is_wild(shade, face):
        return None
    return LIGHT_ACE_VALUE if face == ACE else face


@frozen_record
class Die:
    """One of the six dice (by its fixed number) showing a face.

    `shade`, `wild` and `value` follow from the number and face (worked out once).
    """

    die: int
    face: int
    shade: str = field(init=False, compare=False, repr=False)
    wild: bool = field(init=False, compare=False, repr=False)
    value: int | None = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        shade = shade_of(self.die)
        object.__setattr__(self, "shade", shade)
        object.__setattr__(self, "wild", is_wild(shade, self.face))
        object.__setattr__(self, "value", matching_value(shade, self.face))


@lru_cache(maxsize=None)   # bounded: 6 dice x 6 faces
def die_showing(die: int, face: int) -> Die:
    """The (immutable, shared) die `die` showing `face`."""
    return Die(die=die, face=face)


@frozen_record
class Combination:
    """Dice set aside together. `value` is 1 while it holds only dark aces.

    `only_dark_aces`, `dark` and `light` follow from the dice (worked out once).
    """

    dice: tuple[Die, ...]
    value: int
    only_dark_aces: bool = field(init=False, compare=False, repr=False)
    dark: int = field(init=False, compare=False, repr=False)
    light: int = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        dark = sum(1 for d in self.dice if d.shade == DARK)
        object.__setattr__(self, "only_dark_aces", all(d.wild for d in self.dice))
        object.__setattr__(self, "dark", dark)
        object.__setattr__(self, "light", len(self.dice) - dark)

    @classmethod
    def of(cls, dice: tuple[Die, ...]) -> "Combination":
        values = {d.value for d in dice if not d.wild}
        value = values.pop() if values else DARK_ACES_ALONE_VALUE
        return combination(tuple(sorted([(d.die, d.face) for d in dice])), value)


# Every distinct combination (its dice as die numbers and faces, and its value): 1,067
# exist (every 2 or more of the six dice whose faces match), about 1,000 of them built
# in 333 random games. Shared, as they are immutable: each set-aside and hold builds
# and folds the whole set again.
@lru_cache(maxsize=4096)
def combination(dice: tuple[tuple[int, int], ...], value: int) -> Combination:
    """The combination of these dice (die number, face) with this value."""
    return Combination(dice=tuple(die_showing(n, f) for n, f in dice), value=value)


@frozen_record
class TurnRecord:
    """A finished turn as the table saw it (the view's `last_turn`)."""

    seat: int
    rolls: tuple[tuple[Die, ...], ...]            # every roll, in order
    set_asides: tuple[tuple[Group, ...], ...]     # every set-aside, in order
    sets: tuple[int, ...]                         # scores of the sets completed and banked
    combinations: tuple[Combination, ...]         # the last set as the turn ended
    result: str                                   # "banked" or "busted"
    points: int                                   # banked, or lost
    score: int                                    # the seat's banked score afterwards


@frozen_record
class State:
    players: int
    target: int
    final_round: bool
    first_player: int
    scores: tuple[int, ...]
    current: int
    phase: str
    table: tuple[Die, ...] = ()
    combinations: tuple[Combination, ...] = ()
    turn_total: int = 0
    last_turns: tuple[int, ...] | None = None   # seats still owed a last turn
    target_reached_by: int | None = None
    winners: tuple[int, ...] = ()
    # What the table saw of this turn so far, and of the last finished turn.
    rolls: tuple[tuple[Die, ...], ...] = ()
    set_asides: tuple[tuple[Group, ...], ...] = ()
    sets: tuple[int, ...] = ()
    last_turn: TurnRecord | None = None
    resigned: tuple[int, ...] = ()              # seats that resigned, in the order they left

    @property
    def over(self) -> bool:
        return self.phase == OVER

    @property
    def in_play(self) -> tuple[int, ...]:
        """The seats still playing: every seat but those that resigned."""
        if not self.resigned:
            return tuple(range(self.players))
        return tuple(s for s in range(self.players) if s not in self.resigned)

    @property
    def dice_to_roll(self) -> tuple[int, ...]:
        """The dice a roll throws now: every die not in a combination."""
        held = {d.die for c in self.combinations for d in c.dice}
        return tuple([n for n in ALL_DICE if n not in held])

    def options(self) -> Options:
        return Options(target=self.target, final_round=self.final_round)
