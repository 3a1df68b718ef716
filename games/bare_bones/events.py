"""The events of Bare Bones, one typed class each (docs/games/bare-bones.md).

Every event is public but the cards drawn into a hand (`cards_drawn`'s private part, for
the drawing seat only). The JSON of each class is the one stored since the first games.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from typing import Any, ClassVar, Literal

from games.core.frozen import frozen_record
from games.core.messages import GameEvent, Messages, Record, doc
from games.core.outcome import Outcome

from .data import ACTION_CARDS, OPTIONS, Card, Colour, DrawReason
from .state import Die

ACTION_SET_SCHEMA = next(o.schema for o in OPTIONS if o.name == "action_set")


# --- setup and the draft -------------------------------------------------------------------

@frozen_record
class Options(Record):
    rounds: int = field(metadata=doc("rounds played", minimum=1, maximum=30))
    action_set: Any = field(metadata=doc(
        "a suggested set's name, 'random', or a list of 7 Action Card names",
        **ACTION_SET_SCHEMA))


@frozen_record
class GameStarted(GameEvent):
    TYPE: ClassVar[str] = "game_started"
    players: int
    options: Options
    action_cards: tuple[str, ...] = field(metadata=doc(
        "the 7 Action Card stacks, in supply order (low to high cost)"))
    first_player: int = field(metadata=doc("player 1: the first to draft and to play"))
    first_player_drawn: bool = field(metadata=doc("true: drawn by the roll-off"))
    roll_off: tuple[Mapping[int, tuple[int, ...]], ...] = field(metadata=doc(
        "each round of the roll-off: the four Blue dice of every seat still in it"))


@frozen_record
class CardDrafted(GameEvent):
    TYPE: ClassVar[str] = "card_drafted"
    seat: int
    card: Card
    pick: int = field(metadata=doc("the pick's number in the draft, from 0"))


# --- drawing --------------------------------------------------------------------------------

@frozen_record
class CardsPrivate(Record):
    cards: tuple[Card, ...] = field(metadata=doc("the cards drawn, in the order drawn"))


@frozen_record
class CardsDrawn(GameEvent):
    TYPE: ClassVar[str] = "cards_drawn"
    Private: ClassVar = CardsPrivate
    seat: int
    count: int
    reason: DrawReason = field(metadata=doc("the rule that draws: a new hand, Red, a bonus "
                                            "match, or the Action Card played"))
    hand_size: int
    draw_pile: int = field(metadata=doc("the draw pile's size after the draw"))
    private: Mapping[int, CardsPrivate] = field(default_factory=dict)


@frozen_record
class DiscardReshuffled(GameEvent):
    """The discard pile became the draw pile."""

    TYPE: ClassVar[str] = "discard_reshuffled"
    seat: int
    cards: int


# --- the start of a turn --------------------------------------------------------------------

@frozen_record
class TurnStarted(GameEvent):
    TYPE: ClassVar[str] = "turn_started"
    turn: int = field(metadata=doc("the turn's number over the whole game, from 0"))
    round: int
    seat: int
    coins: int = field(metadata=doc("coins carried over by Keep the Change"))
    extra_draws: int = field(metadata=doc("cards drawn now for last turn's bonus matches"))


@frozen_record
class CantTouchThisReturned(GameEvent):
    TYPE: ClassVar[str] = "cant_touch_this_returned"
    seat: int
    card: Card
    colour: Colour
    face: int


# --- playing cards ------------------------------------------------------------------------

@frozen_record
class CardPlayed(GameEvent):
    TYPE: ClassVar[str] = "card_played"
    seat: int
    card: Card
    units_used: int = field(metadata=doc("Action Units used this turn, this card included"))
    copy: Colour | None = field(default=None, metadata=doc("Mimic", omit_none=True))
    coins: int | None = field(default=None, metadata=doc(
        "Loan Shark: the coins borrowed; Yard Sale: the coins the returned card gives",
        omit_none=True))
    returned: Card | None = field(default=None, metadata=doc("Yard Sale", omit_none=True))
    target: int | None = field(default=None, metadata=doc("Joyride", omit_none=True))
    revealed: tuple[Card, ...] | None = field(default=None, metadata=doc(
        "Joyride: the target's hand; Full House: the rest of the own hand", omit_none=True))
    borrowing: bool | None = field(default=None, metadata=doc(
        "Joyride: the revealed hand holds a Dice Card to borrow", omit_none=True))
    by: Literal["full_house"] | None = field(default=None, metadata=doc(
        "a Dice Card Full House played", omit_none=True))


@frozen_record
class FullHouseDrew(GameEvent):
    """Full House draws face up: a Dice Card is played, an Action Card discarded."""

    TYPE: ClassVar[str] = "full_house_drew"
    seat: int
    card: Card
    played: bool


@frozen_record
class CardBorrowed(GameEvent):
    TYPE: ClassVar[str] = "card_borrowed"
    seat: int
    lender: int = field(metadata=doc("the seat the card comes from", json="from"))
    card: Card


@frozen_record
class CardReturned(GameEvent):
    TYPE: ClassVar[str] = "card_returned"
    seat: int
    card: Card
    value: int = field(metadata=doc("Swap Meet: the returned cards' total cost so far"))


@frozen_record
class SwapTaken(GameEvent):
    TYPE: ClassVar[str] = "swap_taken"
    seat: int
    card: Card


@frozen_record
class SwapFinished(GameEvent):
    TYPE: ClassVar[str] = "swap_finished"
    seat: int


@frozen_record
class PlayingStopped(GameEvent):
    TYPE: ClassVar[str] = "playing_stopped"
    seat: int


# --- dice ------------------------------------------------------------------------------------

@frozen_record
class DiceRolled(GameEvent):
    TYPE: ClassVar[str] = "dice_rolled"
    seat: int
    dice: tuple[Die, ...] = field(metadata=doc("in colour order; a die's index is its number "
                                               "in the turn"))


@frozen_record
class GreenRerolled(GameEvent):
    TYPE: ClassVar[str] = "green_rerolled"
    seat: int
    dice: tuple[int, ...]
    faces: tuple[int, ...]


@frozen_record
class DieRerolled(GameEvent):
    TYPE: ClassVar[str] = "die_rerolled"
    seat: int
    die: int
    face: int
    rerolls_left: int


@frozen_record
class FullHouseRerolled(GameEvent):
    TYPE: ClassVar[str] = "full_house_rerolled"
    seat: int
    dice: tuple[int, ...]
    faces: tuple[int, ...]


@frozen_record
class DiceKept(GameEvent):
    TYPE: ClassVar[str] = "dice_kept"
    seat: int


@frozen_record
class TurnScored(GameEvent):
    TYPE: ClassVar[str] = "turn_scored"
    seat: int
    dice: tuple[Die, ...]
    doubled: tuple[int, ...]
    removed: tuple[int, ...]
    doubled_by: Literal[tuple(ACTION_CARDS)] | None  # type: ignore[valid-type]
    blocked: tuple[int, ...] = field(metadata=doc("numbers blocked by Can't Touch This"))
    values: tuple[int, ...] = field(metadata=doc("what each die scores"))
    points: int
    coins_earned: int
    conversion: Literal["straight_cash", "point_pro"] | None
    loan_repaid: int
    loan_penalty: int
    coins: int = field(metadata=doc("coins to spend"))
    score: int = field(metadata=doc("the running score"))


# --- buying and the end of the turn -----------------------------------------------------

@frozen_record
class CardBought(GameEvent):
    TYPE: ClassVar[str] = "card_bought"
    seat: int
    card: Card
    cost: int
    coins: int = field(metadata=doc("coins left"))


@frozen_record
class BuyingEnded(GameEvent):
    TYPE: ClassVar[str] = "buying_ended"
    seat: int
    coins_left: int
    carried: int = field(metadata=doc("Keep the Change: coins for the next turn"))
    owed: int = field(metadata=doc("Loan Shark: coins to repay next turn"))


@frozen_record
class HotPotatoPlaced(GameEvent):
    TYPE: ClassVar[str] = "hot_potato_placed"
    seat: int
    onto: int | None = field(metadata=doc("the opponent's draw pile; null: own discard pile"))


@frozen_record
class CantTouchThisRolled(GameEvent):
    TYPE: ClassVar[str] = "cant_touch_this_rolled"
    seat: int
    card: Card
    colour: Colour
    face: int


@frozen_record
class BonusMatched(GameEvent):
    TYPE: ClassVar[str] = "bonus_matched"
    seat: int
    card: Card
    active: int = field(metadata=doc("the active player whose pair was matched"))


@frozen_record
class MatchingEnded(GameEvent):
    TYPE: ClassVar[str] = "matching_ended"
    seat: int


@frozen_record
class ReturnedCard(Record):
    """A borrowed card back to its owner's hand."""

    card: Card
    to: int


@frozen_record
class TurnEnded(GameEvent):
    TYPE: ClassVar[str] = "turn_ended"
    seat: int
    turn: int
    discarded: tuple[Card, ...] = field(metadata=doc("the rest of the hand, face up"))
    played: tuple[Card, ...] = field(metadata=doc("the own cards of the play area"))
    returned: tuple[ReturnedCard, ...]


@frozen_record
class PlayerResigned(GameEvent):
    """(Ruling) The seat left the game: its hand, piles, play area and Can't Touch This
    leave play (the die goes back to the supply), its coins and loan leave the game, its
    running score is kept. When it was the active player its turn ends at once and the
    cards it had borrowed go back to their owners' hands (`returned`)."""

    TYPE: ClassVar[str] = "player_resigned"
    seat: int
    returned: tuple[ReturnedCard, ...] = field(default=(), metadata=doc(
        "the resigning active player's borrowed cards, back to their owners' hands"))


# --- the end ---------------------------------------------------------------------------------

@frozen_record
class Breakdown(Record):
    """A seat's final total and what it is made of."""

    running: int
    final_point_value: int
    hot_potatoes: int
    loan_owed: int
    cards: int
    total: int


@frozen_record
class Final(Outcome):
    """The outcome with each seat's breakdown."""

    breakdown: Mapping[int, Breakdown] = field(default_factory=dict)


@frozen_record
class GameOver(Final, GameEvent):
    TYPE: ClassVar[str] = "game_over"


EVENTS = Messages(
    GameStarted, CardDrafted, CardsDrawn, DiscardReshuffled, TurnStarted, CantTouchThisReturned,
    CardPlayed, FullHouseDrew, CardBorrowed, CardReturned, SwapTaken, SwapFinished,
    PlayingStopped, DiceRolled, GreenRerolled, DieRerolled, FullHouseRerolled, DiceKept,
    TurnScored, CardBought, BuyingEnded, HotPotatoPlaced, CantTouchThisRolled, BonusMatched,
    MatchingEnded, TurnEnded, GameOver, PlayerResigned,
)
