"""The sentences of Bare Bones' events, for their reader (games/core/text.py).

Every event is public but the cards drawn into a hand (for the drawing seat only)."""

from __future__ import annotations

from typing import Any

from games.core.text import (
    Message,
    Seat,
    Sentences,
    Text,
    as_text,
    card,
    game_over,
    gettext,
    ngettext,
    private_of,
)

from . import events as e
from .data import ACTION_CARDS, CANT_TOUCH_THIS


def _colour(colour: str) -> Message | str:
    names = {"blue": gettext("Blue"), "yellow": gettext("Yellow"), "red": gettext("Red"),
             "purple": gettext("Purple"), "green": gettext("Green"), "black": gettext("Black"),
             "white": gettext("White")}
    return names.get(colour) or card(colour)


def _card(name: str) -> Message | str:
    """An Action Card by its printed title (a proper name), a Dice Card by its colour."""
    if name in ACTION_CARDS:
        return ACTION_CARDS[name].title
    if name.startswith(CANT_TOUCH_THIS):
        return gettext("Can't Touch This ({colour})",
                       colour=_colour(name.removeprefix(CANT_TOUCH_THIS + "_")))
    return _colour(name)


def _cards(names: Any) -> tuple[Message | str, ...]:
    return tuple(_card(name) for name in names)


def _dice(dice: Any) -> tuple[Message, ...]:
    return tuple(gettext("{colour} {face}", colour=_colour(d.colour), face=d.face)
                 for d in dice)


def _faces(faces: Any) -> str:
    return ", ".join(str(face) for face in faces)


def _started(event: e.GameStarted, reader: int | None) -> Text:
    return (
        ngettext("Bare Bones starts with {count} player; {player} drafts and plays first.",
                 "Bare Bones starts with {count} players; {player} drafts and plays first.",
                 event.players, player=Seat(event.first_player)),
        gettext("The Action Cards: {cards}.", cards=_cards(event.action_cards)))


def _drafted(event: e.CardDrafted, reader: int | None) -> Text:
    return (gettext("{player} drafts {card}.", player=Seat(event.seat), card=_card(event.card)),)


def _reason(reason: str) -> Message | str:
    if reason == "new_hand":
        return gettext("a new hand")
    if reason == "bonus_match":
        return gettext("a bonus match")
    return _card(reason)


def _drawn(event: e.CardsDrawn, reader: int | None) -> Text:
    own = private_of(event, reader)
    return as_text(
        ngettext("{player} draws {count} card ({reason}).",
                 "{player} draws {count} cards ({reason}).",
                 event.count, player=Seat(event.seat), reason=_reason(event.reason)),
        own and gettext("You drew {cards}.", cards=_cards(own.cards)))


def _reshuffled(event: e.DiscardReshuffled, reader: int | None) -> Text:
    return (ngettext("{player} shuffles {count} discarded card into a new draw pile.",
                     "{player} shuffles {count} discarded cards into a new draw pile.",
                     event.cards, player=Seat(event.seat)),)


def _turn(event: e.TurnStarted, reader: int | None) -> Text:
    return as_text(
        gettext("Round {round}: {player}'s turn.", round=event.round, player=Seat(event.seat)),
        ngettext("{count} coin carried over.", "{count} coins carried over.", event.coins)
        if event.coins else None,
        ngettext("{count} card drawn for last turn's bonus matches.",
                 "{count} cards drawn for last turn's bonus matches.", event.extra_draws)
        if event.extra_draws else None)


def _ctt_returned(event: e.CantTouchThisReturned, reader: int | None) -> Text:
    return (gettext("The {colour} die on {player}'s {card} goes back to the supply.",
                    colour=_colour(event.colour), player=Seat(event.seat),
                    card=_card(event.card)),)


def _played(event: e.CardPlayed, reader: int | None) -> Text:
    return as_text(
        gettext("{player} plays {card}.", player=Seat(event.seat), card=_card(event.card)),
        None if event.copy is None else gettext("It copies {colour}.",
                                                colour=_colour(event.copy)),
        None if event.returned is None else gettext("{card} goes back to the supply.",
                                                    card=_card(event.returned)),
        None if event.coins is None else ngettext("{count} coin.", "{count} coins.",
                                                  event.coins),
        None if event.target is None else gettext("{player}'s hand is shown: {cards}.",
                                                  player=Seat(event.target),
                                                  cards=_cards(event.revealed or ())),
        gettext("The rest of the hand is shown: {cards}.", cards=_cards(event.revealed))
        if event.target is None and event.revealed else None)


def _full_house_drew(event: e.FullHouseDrew, reader: int | None) -> Text:
    if event.played:
        return (gettext("Full House draws {card}: it is played.", card=_card(event.card)),)
    return (gettext("Full House draws {card}: it is discarded.", card=_card(event.card)),)


def _borrowed(event: e.CardBorrowed, reader: int | None) -> Text:
    return (gettext("{player} borrows {card} from {lender}.", player=Seat(event.seat),
                    card=_card(event.card), lender=Seat(event.lender)),)


def _returned(event: e.CardReturned, reader: int | None) -> Text:
    return (gettext("{player} returns {card} to the supply: {value} so far.",
                    player=Seat(event.seat), card=_card(event.card), value=event.value),)


def _swap_taken(event: e.SwapTaken, reader: int | None) -> Text:
    return (gettext("{player} takes {card} from the supply.", player=Seat(event.seat),
                    card=_card(event.card)),)


def _swap_finished(event: e.SwapFinished, reader: int | None) -> Text:
    return (gettext("{player} finishes the Swap Meet.", player=Seat(event.seat)),)


def _stopped(event: e.PlayingStopped, reader: int | None) -> Text:
    return (gettext("{player} stops playing cards.", player=Seat(event.seat)),)


def _rolled(event: e.DiceRolled, reader: int | None) -> Text:
    return (gettext("{player} rolls {dice}.", player=Seat(event.seat), dice=_dice(event.dice)),)


def _green(event: e.GreenRerolled, reader: int | None) -> Text:
    return (gettext("{player} re-rolls Green dice: {faces}.", player=Seat(event.seat),
                    faces=_faces(event.faces)),)


def _die_rerolled(event: e.DieRerolled, reader: int | None) -> Text:
    return (ngettext("{player} re-rolls die {die}: {face} ({count} re-roll left).",
                     "{player} re-rolls die {die}: {face} ({count} re-rolls left).",
                     event.rerolls_left, player=Seat(event.seat), die=event.die,
                     face=event.face),)


def _full_house_rerolled(event: e.FullHouseRerolled, reader: int | None) -> Text:
    return (gettext("{player} re-rolls with Full House: {faces}.", player=Seat(event.seat),
                    faces=_faces(event.faces)),)


def _kept(event: e.DiceKept, reader: int | None) -> Text:
    return (gettext("{player} keeps the dice.", player=Seat(event.seat)),)


def _scored(event: e.TurnScored, reader: int | None) -> Text:
    return (
        ngettext("{player} scores {count} point: {score} in all.",
                 "{player} scores {count} points: {score} in all.",
                 event.points, player=Seat(event.seat), score=event.score),
        ngettext("{count} coin to spend.", "{count} coins to spend.", event.coins))


def _bought(event: e.CardBought, reader: int | None) -> Text:
    return (ngettext("{player} buys {card} for {count} coin.",
                     "{player} buys {card} for {count} coins.",
                     event.cost, player=Seat(event.seat), card=_card(event.card)),)


def _buying_ended(event: e.BuyingEnded, reader: int | None) -> Text:
    return as_text(
        ngettext("{player} stops buying with {count} coin left.",
                 "{player} stops buying with {count} coins left.",
                 event.coins_left, player=Seat(event.seat)),
        ngettext("{count} coin carried to the next turn.",
                 "{count} coins carried to the next turn.", event.carried)
        if event.carried else None,
        ngettext("{count} coin to repay next turn.", "{count} coins to repay next turn.",
                 event.owed) if event.owed else None)


def _hot_potato(event: e.HotPotatoPlaced, reader: int | None) -> Text:
    if event.onto is None:
        return (gettext("{player} puts Hot Potato on their own discard pile.",
                        player=Seat(event.seat)),)
    return (gettext("{player} puts Hot Potato on {target}'s draw pile.",
                    player=Seat(event.seat), target=Seat(event.onto)),)


def _ctt_rolled(event: e.CantTouchThisRolled, reader: int | None) -> Text:
    return (gettext("{player} sets a {colour} die showing {face} on {card}: no one may score "
                    "{face}.", player=Seat(event.seat), colour=_colour(event.colour),
                    face=event.face, card=_card(event.card)),)


def _matched(event: e.BonusMatched, reader: int | None) -> Text:
    return (gettext("{player} matches {active}'s pair with {card}.", player=Seat(event.seat),
                    active=Seat(event.active), card=_card(event.card)),)


def _matching_ended(event: e.MatchingEnded, reader: int | None) -> Text:
    return (gettext("{player} makes no more bonus matches.", player=Seat(event.seat)),)


def _turn_ended(event: e.TurnEnded, reader: int | None) -> Text:
    return (gettext("{player}'s turn ends.", player=Seat(event.seat)),)


def _resigned(event: e.PlayerResigned, reader: int | None) -> Text:
    return as_text(
        gettext("{player} resigns; their running score stays.", player=Seat(event.seat)),
        gettext("Borrowed cards go back: {cards}.", cards=_cards(r.card for r in event.returned))
        if event.returned else None)


TEXTS: dict[str, Sentences] = {
    e.GameStarted.TYPE: _started, e.CardDrafted.TYPE: _drafted, e.CardsDrawn.TYPE: _drawn,
    e.DiscardReshuffled.TYPE: _reshuffled, e.TurnStarted.TYPE: _turn,
    e.CantTouchThisReturned.TYPE: _ctt_returned, e.CardPlayed.TYPE: _played,
    e.FullHouseDrew.TYPE: _full_house_drew, e.CardBorrowed.TYPE: _borrowed,
    e.CardReturned.TYPE: _returned, e.SwapTaken.TYPE: _swap_taken,
    e.SwapFinished.TYPE: _swap_finished, e.PlayingStopped.TYPE: _stopped,
    e.DiceRolled.TYPE: _rolled, e.GreenRerolled.TYPE: _green,
    e.DieRerolled.TYPE: _die_rerolled, e.FullHouseRerolled.TYPE: _full_house_rerolled,
    e.DiceKept.TYPE: _kept, e.TurnScored.TYPE: _scored, e.CardBought.TYPE: _bought,
    e.BuyingEnded.TYPE: _buying_ended, e.HotPotatoPlaced.TYPE: _hot_potato,
    e.CantTouchThisRolled.TYPE: _ctt_rolled, e.BonusMatched.TYPE: _matched,
    e.MatchingEnded.TYPE: _matching_ended, e.TurnEnded.TYPE: _turn_ended,
    e.PlayerResigned.TYPE: _resigned, e.GameOver.TYPE: game_over,
}
"""Each event type's sentences, by type."""
