"""The actions a Bare Bones seat may post, one typed class each (docs/games/bare-bones.md).

Shapes are checked here, when an action is parsed (MalformedAction, HTTP 400): the
fields a played card takes, a roll named one way or the other, Full House's ascending
dice. Everything that depends on the game (the card in hand, the roll allowed...) is a
rule, checked by `decide`.
"""

from __future__ import annotations

from dataclasses import field
from itertools import pairwise
from typing import ClassVar, Literal

from games.core import MalformedAction
from games.core.frozen import frozen_record
from games.core.legal import IntRange, Subset
from games.core.messages import GameAction, Messages, doc

from .data import CARD_NAMES, STACK, SUPPLY_DICE, Colour, is_card

CARD = "a card's name: a Dice Card's colour, an Action Card's name, cant_touch_this_<colour>"

PARAMS: dict[str, tuple[str, ...]] = {
    "mimic": ("copy",), "yard_sale": ("returned",), "joyride": ("target",),
    "loan_shark": ("amount",),
}
"""The fields an Action Card takes when played (every other card takes none)."""

PARAM_FIELDS = ("copy", "returned", "target", "amount")
NO_PARAMS = (None, None, None, None)
TAKES: dict[str, frozenset[str]] = {card: frozenset(PARAMS.get(STACK[card], ()))
                                    for card in CARD_NAMES}
"""The fields each card takes when played (read for every `play_card` posted)."""


def malformed(message: str) -> MalformedAction:
    return MalformedAction("malformed_action", message)


# --- the draft and stage 1, playing cards ---------------------------------------------------

@frozen_record
class Draft(GameAction):
    """Pick a supply card costing 6 or less."""

    TYPE: ClassVar[str] = "draft"
    card: str = field(metadata=doc(CARD))


@frozen_record
class PlayCard(GameAction):
    """Play a card from the hand; Mimic, Yard Sale, Joyride and Loan Shark take one more
    field (and only they do)."""

    TYPE: ClassVar[str] = "play_card"
    CHOOSE: ClassVar = {"amount": IntRange}
    card: str = field(metadata=doc(CARD))
    copy: str | None = field(default=None, metadata=doc(
        "Mimic: the colour of a Dice Card in play", omit_none=True))
    returned: str | None = field(default=None, metadata=doc(
        "Yard Sale: another card of the hand, back to its supply stack", omit_none=True))
    target: int | None = field(default=None, metadata=doc(
        "Joyride: the opponent whose hand is revealed", omit_none=True))
    amount: int | None = field(default=None, metadata=doc(
        "Loan Shark: the coins borrowed, 1 to 20", omit_none=True))

    def __post_init__(self) -> None:
        if not is_card(self.card):
            return  # decide refuses it: no_such_card
        values = (self.copy, self.returned, self.target, self.amount)
        wanted = TAKES[self.card]
        if not wanted and values == NO_PARAMS:
            return  # most cards take no other field
        given = {name for name, value in zip(PARAM_FIELDS, values) if value is not None}
        if given != wanted:
            takes = ", ".join(sorted(wanted)) or "no other field"
            raise malformed(f"play_card {self.card} takes {takes}")

    def params(self) -> dict[str, object]:
        return {name: getattr(self, name) for name in PARAMS.get(STACK[self.card], ())}


@frozen_record
class DrawRed(GameAction):
    """Red's draw: one card for every two Red Dice Cards in play."""

    TYPE: ClassVar[str] = "draw_red"


@frozen_record
class StopPlaying(GameAction):
    """End card playing; the roll comes next."""

    TYPE: ClassVar[str] = "stop_playing"


@frozen_record
class Borrow(GameAction):
    """Joyride: borrow a Dice Card of the revealed hand."""

    TYPE: ClassVar[str] = "borrow"
    card: str = field(metadata=doc(CARD))


@frozen_record
class SwapReturn(GameAction):
    """Swap Meet: one card of the hand back to its supply stack."""

    TYPE: ClassVar[str] = "swap_return"
    card: str = field(metadata=doc(CARD))


@frozen_record
class SwapTake(GameAction):
    """Swap Meet: take a supply card costing at most the returned cards' total."""

    TYPE: ClassVar[str] = "swap_take"
    card: str = field(metadata=doc(CARD))


@frozen_record
class SwapFinish(GameAction):
    """Swap Meet: take nothing."""

    TYPE: ClassVar[str] = "swap_finish"


# --- stage 2, rolling and re-rolling --------------------------------------------------------

@frozen_record
class Roll(GameAction):
    """Roll the chosen dice, named in one of two ways (exactly one of the fields):
    `supply_dice`, the dice of the supply by number (what `legal_actions` offers), or
    `dice`, their colours."""

    TYPE: ClassVar[str] = "roll"
    CHOOSE: ClassVar = {"supply_dice": Subset}
    dice: tuple[Colour, ...] | None = field(default=None, metadata=doc(
        "the colours of the dice to roll, in any order", omit_none=True))
    supply_dice: tuple[int, ...] | None = field(default=None, metadata=doc(
        "the supply's dice to roll, by number, distinct: Blue 0-3, Yellow 4-7, Red 8-11, "
        "Purple 12-15, Green 16-19, Black 20-23, White 24-27 (die n has the colour "
        "n // 4 in that order)", omit_none=True))

    def __post_init__(self) -> None:
        if (self.dice is None) == (self.supply_dice is None):
            raise malformed("a roll names its dice by 'supply_dice' or by 'dice', not both")
        numbers = self.supply_dice or ()
        if any(not 0 <= n < SUPPLY_DICE for n in numbers):
            raise malformed(f"'supply_dice' are numbers from 0 to {SUPPLY_DICE - 1}")
        if len(set(numbers)) != len(numbers):
            raise malformed("'supply_dice' names each die once")


@frozen_record
class RerollGreen(GameAction):
    """Green: re-roll every Green die, once a turn."""

    TYPE: ClassVar[str] = "reroll_green"


@frozen_record
class RerollDie(GameAction):
    """Re-Re-Roll: re-roll one die."""

    TYPE: ClassVar[str] = "reroll_die"
    die: int = field(metadata=doc("the die's index in the turn's dice"))


@frozen_record
class RerollFullHouse(GameAction):
    """Full House: re-roll any of the dice, once."""

    TYPE: ClassVar[str] = "reroll_full_house"
    CHOOSE: ClassVar = {"dice": Subset}
    dice: tuple[int, ...] = field(metadata=doc(
        "the dice's indices in the turn's dice: at least one, ascending, each once"))

    def __post_init__(self) -> None:
        if not self.dice or any(b <= a for a, b in pairwise(self.dice)):
            raise malformed("'dice' lists at least one die, ascending, once")


@frozen_record
class KeepDice(GameAction):
    """Stop re-rolling."""

    TYPE: ClassVar[str] = "keep_dice"


# --- stage 3, the scoring choice -------------------------------------------------------------

@frozen_record
class ChooseDoubled(GameAction):
    """Which dice the doubling card doubles (one of the listed sets)."""

    TYPE: ClassVar[str] = "choose_doubled"
    dice: tuple[int, ...] = field(metadata=doc("the doubled dice's indices"))


@frozen_record
class ChooseParity(GameAction):
    """Odds or Evens: the numbers kept (and doubled); the others are removed."""

    TYPE: ClassVar[str] = "choose_parity"
    keep: Literal["odd", "even"]


# --- stages 4 and 5: buying, Hot Potatoes, bonus matching -------------------------------------

@frozen_record
class Buy(GameAction):
    """Buy a supply card (onto the discard pile)."""

    TYPE: ClassVar[str] = "buy"
    card: str = field(metadata=doc(CARD))


@frozen_record
class EndBuying(GameAction):
    TYPE: ClassVar[str] = "end_buying"


@frozen_record
class PlaceHotPotato(GameAction):
    """Put a Hot Potato played this turn onto an opponent's draw pile, or (null) onto
    the own discard pile."""

    TYPE: ClassVar[str] = "place_hot_potato"
    onto: int | None = field(default=None, metadata=doc(
        "an opponent's seat; null (or absent): the own discard pile"))


@frozen_record
class BonusMatch(GameAction):
    """The next player lays a third Dice Card of a colour with two copies in play."""

    TYPE: ClassVar[str] = "bonus_match"
    card: str = field(metadata=doc(CARD))


@frozen_record
class EndMatching(GameAction):
    TYPE: ClassVar[str] = "end_matching"


# --- resigning (every game) --------------------------------------------------------------------

@frozen_record
class Resign(GameAction):
    """(Ruling) Leave the game for good, in or out of turn: the seat's cards leave play and
    it is ranked below every player who did not resign."""

    TYPE: ClassVar[str] = "resign"


ACTIONS = Messages(Draft, PlayCard, DrawRed, StopPlaying, Borrow, SwapReturn, SwapTake,
                   SwapFinish, Roll, RerollGreen, RerollDie, RerollFullHouse, KeepDice,
                   ChooseDoubled, ChooseParity, Buy, EndBuying, PlaceHotPotato, BonusMatch,
                   EndMatching, Resign)
