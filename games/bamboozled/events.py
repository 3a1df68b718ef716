"""The events of Bamboozled, one typed class each (docs/games/bamboozled.md).

Until schema version 2 the five cards played outside a declaration were one event,
`card_played`, in five shapes told apart by their keys. Each shape is now an event type
of its own, written at schema version 2 with the same data (games/verify/upcasters.py
reads a stored `card_played` as its new type); `CARD_PLAYED_V1` names them.
"""

from __future__ import annotations

from dataclasses import field
from typing import Any, ClassVar, Literal, Mapping

from games.core.frozen import frozen_record
from games.core.messages import JSON, GameEvent, Messages, Record, doc
from games.core.outcome import Outcome

from .state import CardName, CardUse, Direction, Options, Verdict


@frozen_record
class GameStarted(GameEvent):
    TYPE: ClassVar[str] = "game_started"
    players: int
    options: Options
    first_player: int = field(metadata=doc("the first roller"))
    first_player_drawn: bool = field(metadata=doc("true when a die drew the first roller"))
    deck_size: int = field(metadata=doc("action cards in the game"))
    direction: Direction


@frozen_record
class DealtPrivate(Record):
    cards: tuple[CardName, ...]


@frozen_record
class CardsDealt(GameEvent):
    TYPE: ClassVar[str] = "cards_dealt"
    Private: ClassVar = DealtPrivate
    hand_sizes: tuple[int, ...] = field(metadata=doc("each seat's hand size, by seat"))
    deck_size: int
    private: Mapping[int, DealtPrivate] = field(default_factory=dict)


@frozen_record
class RoundStarted(GameEvent):
    TYPE: ClassVar[str] = "round_started"
    round: int
    roller: int
    reason: Literal["first_round", "strike", "fresh_start", "my_bad", "resigned"]


@frozen_record
class DicePrivate(Record):
    dice: tuple[int, ...]


@frozen_record
class DiceRolled(GameEvent):
    """The roller rolls two dice: seen only by them (kids rules: open, in `dice`)."""

    TYPE: ClassVar[str] = "dice_rolled"
    Private: ClassVar = DicePrivate
    seat: int
    against: int = field(metadata=doc("the score to tie or beat (0: any)"))
    dice: tuple[int, ...] | None = field(default=None, metadata=doc(
        "kids rules only: the open dice", omit_none=True))
    private: Mapping[int, DicePrivate] = field(default_factory=dict)


@frozen_record
class DeclarationPrivate(Record):
    dice: tuple[int, ...]
    card: CardUse | None = field(metadata=doc("the after-roll card played face down"))
    verdict: Verdict


@frozen_record
class ScoreDeclared(GameEvent):
    """A declaration. Hidden rolls: `seat`, `score`, `responder`, with the dice, the
    face-down card and the verdict private to the declarer. Kids rules (open rolls):
    `seat`, `score`, `card` and `card_dice` (both null without a card) and `next`."""

    TYPE: ClassVar[str] = "score_declared"
    Private: ClassVar = DeclarationPrivate
    seat: int
    score: int
    responder: int | None = field(default=None, metadata=doc(
        "hidden rolls: the seat to respond", omit_none=True))
    card: CardUse | None = field(default=None, metadata=doc(
        "kids rules: the after-roll card played openly, or null", omit_none=True))
    card_dice: tuple[int, ...] | None = field(default=None, metadata=doc(
        "kids rules: the dice as the card makes them, or null", omit_none=True))
    next: int | None = field(default=None, metadata=doc(
        "kids rules: the seat to roll next", omit_none=True))
    private: Mapping[int, DeclarationPrivate] = field(default_factory=dict)

    def public_json(self) -> dict[str, JSON]:
        data = super().public_json()
        if self.next is None:
            return data
        # The open declaration of the kids rules writes `card` and `card_dice`, null or not.
        return {"seat": data["seat"], "score": data["score"], "card": data.get("card"),
                "card_dice": data.get("card_dice"), "next": data["next"]}


@frozen_record
class KeptPrivate(Record):
    card_kept: CardName = field(metadata=doc("the face-down card, back in the hand"))


@frozen_record
class DeclarationAccepted(GameEvent):
    TYPE: ClassVar[str] = "declaration_accepted"
    Private: ClassVar = KeptPrivate
    seat: int
    declarer: int
    score: int
    bamboozled: bool = field(metadata=doc("the declaration was a bluff or card-backed: "
                                          "the declarer draws a card"))
    private: Mapping[int, KeptPrivate] = field(default_factory=dict)


@frozen_record
class DeckRefilled(GameEvent):
    TYPE: ClassVar[str] = "deck_refilled"
    cards: int = field(metadata=doc("the discards that became the draw pile"))


@frozen_record
class DrawnPrivate(Record):
    card: CardName


DrawReason = Literal["bamboozle", "not_beaten"]


@frozen_record
class CardDrawn(GameEvent):
    TYPE: ClassVar[str] = "card_drawn"
    Private: ClassVar = DrawnPrivate
    seat: int
    reason: DrawReason
    hand_size: int
    deck_size: int
    private: Mapping[int, DrawnPrivate] = field(default_factory=dict)


@frozen_record
class DrawPileEmpty(GameEvent):
    """A draw with no card left in the pile nor the discards: nothing is drawn."""

    TYPE: ClassVar[str] = "draw_pile_empty"
    seat: int
    reason: DrawReason


@frozen_record
class CardDiscarded(GameEvent):
    TYPE: ClassVar[str] = "card_discarded"
    seat: int
    card: CardName
    reason: Literal["hand_limit"]
    hand_size: int


# --- the cards played outside a declaration (card_played before schema version 2) --------

@frozen_record
class ScoreResetCardPlayed(GameEvent):
    """Fresh Start or My Bad played by the responder: the score goes back to 0 and the
    card player rolls (after My Bad's call, unless it ends the game); what the card does
    follows (`round_started` reason fresh_start, or `bluff_called` with my_bad)."""

    TYPE: ClassVar[str] = "score_reset_card_played"
    seat: int
    card: Literal["fresh_start", "my_bad"]


@frozen_record
class SkipPlayed(GameEvent):
    """Skip played by the responder: the next player in direction responds instead."""

    TYPE: ClassVar[str] = "skip_played"
    seat: int
    card: Literal["skip"]
    responder: int = field(metadata=doc("the seat that responds now"))


@frozen_record
class SkipPlayedToDeclarer(GameEvent):
    """Skip played when the next player would be the declarer (two players left): the
    declarer rolls again against their own score."""

    TYPE: ClassVar[str] = "skip_played_to_declarer"
    seat: int
    card: Literal["skip"]
    roll_again: int = field(metadata=doc("the declarer, who rolls again"))


@frozen_record
class ReversePlayed(GameEvent):
    """Reverse played by the responder: the direction flips (not with two players left)
    and the declarer rolls again against their own score."""

    TYPE: ClassVar[str] = "reverse_played"
    seat: int
    card: Literal["reverse"]
    direction: Direction = field(metadata=doc("the direction of play from now on"))
    roll_again: int = field(metadata=doc("the declarer, who rolls again"))


@frozen_record
class RevivePlayed(GameEvent):
    """Revive returns one strike: played on the player's own turn, or at once on
    receiving the final strike."""

    TYPE: ClassVar[str] = "revive_played"
    seat: int
    card: Literal["revive"]
    strikes: int = field(metadata=doc("the player's strikes after the one returned"))
    final_strike: bool = field(metadata=doc("played at once on receiving the final strike"))


# A stored card_played (schema version 1) by the keys it has beside seat and card.
CARD_PLAYED_V1: dict[frozenset[str], type[GameEvent]] = {
    frozenset(): ScoreResetCardPlayed,
    frozenset({"responder"}): SkipPlayed,
    frozenset({"roll_again"}): SkipPlayedToDeclarer,
    frozenset({"direction", "roll_again"}): ReversePlayed,
    frozenset({"strikes", "final_strike"}): RevivePlayed,
}


def card_played_type(data: Mapping[str, Any]) -> str:
    """The event type a stored `card_played` (schema version 1) reads as now."""
    return CARD_PLAYED_V1[frozenset(data) - {"seat", "card"}].TYPE


# -----------------------------------------------------------------------------------------

@frozen_record
class BluffCalled(GameEvent):
    """A call (plain, or made with My Bad): the declarer's dice and face-down card are
    shown and judged."""

    TYPE: ClassVar[str] = "bluff_called"
    seat: int = field(metadata=doc("the caller"))
    declarer: int
    score: int
    my_bad: bool
    dice: tuple[int, ...]
    card: CardUse | None = field(metadata=doc("the face-down card, revealed"))
    card_dice: tuple[int, ...] | None = field(metadata=doc("the dice as the card makes them"))
    verdict: Verdict


@frozen_record
class ScoreNotBeaten(GameEvent):
    """Kids rules: the roller's dice (with any card) do not beat the open score."""

    TYPE: ClassVar[str] = "score_not_beaten"
    seat: int
    score: int
    set_by: int | None = field(metadata=doc("who declared the score (null: nobody yet)"))
    dice: tuple[int, ...]


@frozen_record
class StrikeTaken(GameEvent):
    TYPE: ClassVar[str] = "strike_taken"
    seat: int
    reason: Literal["bluff_caught", "wrong_call", "not_beaten"]
    strikes: int


@frozen_record
class PlayerOut(GameEvent):
    TYPE: ClassVar[str] = "player_out"
    seat: int
    place: int = field(metadata=doc("the player's final place (2: runner-up)"))
    discarded: tuple[CardName, ...] = field(metadata=doc("the hand, put on the discards"))


@frozen_record
class GameOver(Outcome, GameEvent):
    TYPE: ClassVar[str] = "game_over"


CARD_PLAYED = (ScoreResetCardPlayed, SkipPlayed, SkipPlayedToDeclarer, ReversePlayed,
               RevivePlayed)


@frozen_record
class PlayerResigned(GameEvent):
    """A seat resigned (RULINGS, "Resigning"): out at once, as if put out now."""

    TYPE: ClassVar[str] = "player_resigned"
    seat: int
    place: int = field(metadata=doc("the player's final place (2: runner-up)"))
    discarded: tuple[CardName, ...] = field(metadata=doc(
        "the hand (with a card it held face down), put on the discards face up"))
    claim_voided: bool = field(metadata=doc(
        "the resigning seat held the turn or the claim: the claim is voided and the next "
        "player still in starts a new round (`round_started` reason `resigned`)"))


EVENTS = Messages(GameStarted, CardsDealt, RoundStarted, DiceRolled, ScoreDeclared,
                  DeclarationAccepted, DeckRefilled, CardDrawn, DrawPileEmpty, CardDiscarded,
                  *CARD_PLAYED, BluffCalled, ScoreNotBeaten, StrikeTaken, PlayerOut,
                  PlayerResigned, GameOver)
