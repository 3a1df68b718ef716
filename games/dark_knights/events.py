"""The events of Dark Knights, one typed class each (docs/games/dark-knights.md).

Every event is public: no seat sees more than another, so no event has a private part.
"""

from __future__ import annotations

from dataclasses import field
from functools import cache, lru_cache
from typing import ClassVar, Literal

from games.core.frozen import frozen_record
from games.core.messages import GameEvent, Messages, Record, doc
from games.core.outcome import Outcome

from .actions import Group
from .combinations import combination_score
from .data import shade_of
from .state import Combination, Die, Options, combination, die_showing


# --- the records events (and the view) are made of ---------------------------------------

@frozen_record
class ShownDie(Record):
    """One of the six dice showing a face."""

    die: int = field(metadata=doc("the die's number: 0-2 dark, 3-5 light",
                                  minimum=0, maximum=5))
    shade: Literal["dark", "light"]
    face: int = field(metadata=doc("1 (an ace) to 6", minimum=1, maximum=6))

    def to_die(self) -> Die:
        return die_showing(self.die, self.face)


@frozen_record
class ShownCombination(Record):
    """A combination of the current set, with its value and score."""

    index: int = field(metadata=doc("its place in the set (what additions name)"))
    value: int = field(metadata=doc("the value its dice match (1 while only dark aces)"))
    dice: tuple[ShownDie, ...]
    dark: int = field(metadata=doc("how many of its dice are dark"))
    light: int = field(metadata=doc("how many of its dice are light"))
    only_dark_aces: bool
    score: int

    def to_combination(self) -> Combination:
        return combination(tuple([(d.die, d.face) for d in self.dice]), self.value)


@cache   # one per die and face: 36 at most
def shown_die(die: int, face: int) -> ShownDie:
    """The (immutable, shared) record of die `die` showing `face`."""
    return ShownDie(die=die, shade=shade_of(die), face=face)  # type: ignore[arg-type]


def shown_dice(dice: tuple[Die, ...]) -> tuple[ShownDie, ...]:
    return tuple([shown_die(d.die, d.face) for d in dice])


def shown_combinations(combinations: tuple[Combination, ...]) -> tuple[ShownCombination, ...]:
    return tuple([shown_combination(i, c) for i, c in enumerate(combinations)])


# Shared, as they are immutable: each set-aside and hold shows the whole set again. Keyed
# on a combination (1,067 exist: state.combination) and its place in the set (0-2).
@lru_cache(maxsize=4096)
def shown_combination(index: int, c: Combination) -> ShownCombination:
    return ShownCombination(index=index, value=c.value, dice=shown_dice(c.dice), dark=c.dark,
                            light=c.light, only_dark_aces=c.only_dark_aces,
                            score=combination_score(c))


@frozen_record
class Joined(Record):
    """A die a hold put into its combination."""

    die: int
    combination: int = field(metadata=doc("the index of the combination it joined"))


# --- the events ---------------------------------------------------------------------------

@frozen_record
class GameStarted(GameEvent):
    TYPE: ClassVar[str] = "game_started"
    players: int
    options: Options
    first_player: int
    first_player_drawn: bool = field(metadata=doc(
        "true when no first player was named and it was drawn with a die"))


@frozen_record
class TurnStarted(GameEvent):
    TYPE: ClassVar[str] = "turn_started"
    seat: int
    last_turn: bool = field(metadata=doc("true during the final round"))


@frozen_record
class DiceRolled(GameEvent):
    TYPE: ClassVar[str] = "dice_rolled"
    seat: int
    dice: tuple[ShownDie, ...] = field(metadata=doc("the dice rolled, in die order"))


@frozen_record
class DiceSetAside(GameEvent):
    TYPE: ClassVar[str] = "dice_set_aside"
    seat: int
    groups: tuple[Group, ...] = field(metadata=doc(
        "the dice named, normalised: additions by combination index, then new "
        "combinations by value, die numbers sorted"))
    combinations: tuple[ShownCombination, ...] = field(metadata=doc(
        "the whole current set afterwards"))
    set_score: int


@frozen_record
class SetCompleted(GameEvent):
    """A roll-through: all six dice are in combinations; the set is scored."""

    TYPE: ClassVar[str] = "set_completed"
    seat: int
    combinations: tuple[ShownCombination, ...] = field(metadata=doc("the completed set"))
    set_score: int
    turn_total: int = field(metadata=doc("the turn total after adding the set"))


@frozen_record
class TurnBusted(GameEvent):
    TYPE: ClassVar[str] = "turn_busted"
    seat: int
    points_lost: int = field(metadata=doc("the turn total of completed sets, lost"))


@frozen_record
class TurnHeld(GameEvent):
    TYPE: ClassVar[str] = "turn_held"
    seat: int
    joined: tuple[Joined, ...] = field(metadata=doc("the table dice the hold forced in"))
    combinations: tuple[ShownCombination, ...] = field(metadata=doc("the set after joining"))
    set_score: int
    turn_total: int
    score: int = field(metadata=doc("the seat's new banked score"))


@frozen_record
class FinalRoundStarted(GameEvent):
    TYPE: ClassVar[str] = "final_round_started"
    seat: int = field(metadata=doc("the seat that reached the target"))
    score: int
    last_turns: tuple[int, ...] = field(metadata=doc("the seats owed a last turn, in order"))


@frozen_record
class PlayerResigned(GameEvent):
    """A seat resigned (RULINGS, Resigning): it leaves the turn order and any last turn
    owed; in its own turn, the turn ends there, nothing banked. Its score is kept."""

    TYPE: ClassVar[str] = "player_resigned"
    seat: int


@frozen_record
class GameOver(Outcome, GameEvent):
    TYPE: ClassVar[str] = "game_over"


EVENTS = Messages(GameStarted, TurnStarted, DiceRolled, DiceSetAside, SetCompleted,
                  TurnBusted, TurnHeld, FinalRoundStarted, PlayerResigned, GameOver)
