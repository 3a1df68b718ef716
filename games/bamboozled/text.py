"""The sentences of Bamboozled's events, for their reader (games/core/text.py)."""

from __future__ import annotations

from typing import Any

from games.core.text import (
    Message,
    Seat,
    Sentences,
    Text,
    as_text,
    card,
    dice,
    game_over,
    gettext,
    ngettext,
    private_of,
)

from . import events as e
from .state import CardUse


def _started(event: e.GameStarted, reader: int | None) -> Text:
    return (ngettext("Bamboozled starts with {count} player; {player} rolls first.",
                     "Bamboozled starts with {count} players; {player} rolls first.",
                     event.players, player=Seat(event.first_player)),)


def _cards(names: Any) -> str:
    return ", ".join(card(name) for name in names)


def _dealt(event: e.CardsDealt, reader: int | None) -> Text:
    own = private_of(event, reader)
    return as_text(
        ngettext("Action cards are dealt; {count} card stays in the deck.",
                 "Action cards are dealt; {count} cards stay in the deck.", event.deck_size),
        own and gettext("Your cards: {cards}.", cards=_cards(own.cards)))


def _round(event: e.RoundStarted, reader: int | None) -> Text:
    player, number = Seat(event.roller), event.round
    reasons = {
        "first_round": gettext("Round {round} starts: {player} rolls.",
                               round=number, player=player),
        "strike": gettext("Round {round} starts after the strike: {player} rolls.",
                          round=number, player=player),
        "fresh_start": gettext("Round {round} starts afresh: {player} rolls.",
                               round=number, player=player),
        "my_bad": gettext("Round {round} starts after My Bad: {player} rolls.",
                          round=number, player=player),
        "resigned": gettext("Round {round} starts after the resignation: {player} rolls.",
                            round=number, player=player),
    }
    return (reasons[event.reason],)


def _rolled(event: e.DiceRolled, reader: int | None) -> Text:
    player = Seat(event.seat)
    if event.dice is not None:
        first = gettext("{player} rolls {dice} in the open.", player=player,
                        dice=dice(event.dice))
    elif event.against:
        first = gettext("{player} rolls two dice under the cup, to tie or beat {score}.",
                        player=player, score=event.against)
    else:
        first = gettext("{player} rolls two dice under the cup.", player=player)
    own = private_of(event, reader)
    return as_text(first, own and gettext("You rolled {dice}.", dice=dice(own.dice)))


def _use(use: CardUse) -> str:
    return card(use.name)


def _declared(event: e.ScoreDeclared, reader: int | None) -> Text:
    player = Seat(event.seat)
    if event.card is not None:
        first = gettext("{player} plays {card}: the dice make {dice}, a score of {score}.",
                        player=player, card=_use(event.card), dice=dice(event.card_dice or ()),
                        score=event.score)
    else:
        first = gettext("{player} declares a score of {score}.", player=player,
                        score=event.score)
    own = private_of(event, reader)
    return as_text(
        first,
        None if event.responder is None else gettext("{player} responds.",
                                                     player=Seat(event.responder)),
        own and _own_declaration(own))


def _own_declaration(own: e.DeclarationPrivate) -> Message:
    if own.verdict == "card" and own.card is not None:
        return gettext("Your dice were {dice}, backed by {card} face down.",
                       dice=dice(own.dice), card=_use(own.card))
    if own.verdict == "bluff":
        return gettext("Your dice were {dice}: a bluff.", dice=dice(own.dice))
    return gettext("Your dice were {dice}: the truth.", dice=dice(own.dice))


def _accepted(event: e.DeclarationAccepted, reader: int | None) -> Text:
    own = private_of(event, reader)
    return as_text(
        gettext("{player} accepts {declarer}'s {score}.", player=Seat(event.seat),
                declarer=Seat(event.declarer), score=event.score),
        gettext("{player} was bamboozled.", player=Seat(event.seat))
        if event.bamboozled else None,
        own and gettext("Your face-down card {card} goes back to your hand.",
                        card=card(own.card_kept)))


def _refilled(event: e.DeckRefilled, reader: int | None) -> Text:
    return (ngettext("The {count} discarded card becomes the draw pile.",
                     "The {count} discarded cards become the draw pile.", event.cards),)


def _drawn(event: e.CardDrawn, reader: int | None) -> Text:
    own = private_of(event, reader)
    first = (gettext("{player} bamboozled and draws a card.", player=Seat(event.seat))
             if event.reason == "bamboozle" else
             gettext("{player} did not beat the score and draws a card.",
                     player=Seat(event.seat)))
    return as_text(first, own and gettext("You drew {card}.", card=card(own.card)))


def _pile_empty(event: e.DrawPileEmpty, reader: int | None) -> Text:
    return (gettext("{player} would draw a card, but none is left.", player=Seat(event.seat)),)


def _discarded(event: e.CardDiscarded, reader: int | None) -> Text:
    return (gettext("{player} discards {card}: too many cards in hand.",
                    player=Seat(event.seat), card=card(event.card)),)


def _reset(event: e.ScoreResetCardPlayed, reader: int | None) -> Text:
    return (gettext("{player} plays {card}: the score goes back to 0.",
                    player=Seat(event.seat), card=card(event.card)),)


def _skip(event: e.SkipPlayed, reader: int | None) -> Text:
    return (gettext("{player} plays Skip: {responder} responds instead.",
                    player=Seat(event.seat), responder=Seat(event.responder)),)


def _skip_to_declarer(event: e.SkipPlayedToDeclarer, reader: int | None) -> Text:
    return (gettext("{player} plays Skip: {declarer} rolls again against their own score.",
                    player=Seat(event.seat), declarer=Seat(event.roll_again)),)


def _reverse(event: e.ReversePlayed, reader: int | None) -> Text:
    direction = (gettext("clockwise") if event.direction == "clockwise"
                 else gettext("counterclockwise"))
    return (gettext("{player} plays Reverse: play goes {direction} and {declarer} rolls "
                    "again against their own score.", player=Seat(event.seat),
                    direction=direction, declarer=Seat(event.roll_again)),)


def _revive(event: e.RevivePlayed, reader: int | None) -> Text:
    return as_text(
        ngettext("{player} plays Revive and returns a strike: {count} strike left.",
                 "{player} plays Revive and returns a strike: {count} strikes left.",
                 event.strikes, player=Seat(event.seat)),
        gettext("Played at once on the final strike.") if event.final_strike else None)


def _verdict(verdict: str) -> Message:
    if verdict == "bluff":
        return gettext("It was a bluff.")
    if verdict == "card":
        return gettext("A card backed it.")
    return gettext("The declaration was true.")


def _called(event: e.BluffCalled, reader: int | None) -> Text:
    caller, declarer = Seat(event.seat), Seat(event.declarer)
    first = (gettext("{player} plays My Bad and calls {declarer}'s {score}: the dice show "
                     "{dice}.", player=caller, declarer=declarer, score=event.score,
                     dice=dice(event.dice))
             if event.my_bad else
             gettext("{player} calls {declarer}'s {score}: the dice show {dice}.",
                     player=caller, declarer=declarer, score=event.score,
                     dice=dice(event.dice)))
    shown = (gettext("The face-down card was {card}, making {dice}.", card=_use(event.card),
                     dice=dice(event.card_dice or ())) if event.card is not None else None)
    return as_text(first, shown, _verdict(event.verdict))


def _not_beaten(event: e.ScoreNotBeaten, reader: int | None) -> Text:
    return (gettext("{player} rolls {dice}: not enough to beat {score}.",
                    player=Seat(event.seat), dice=dice(event.dice), score=event.score),)


def _strike(event: e.StrikeTaken, reader: int | None) -> Text:
    player, count = Seat(event.seat), event.strikes
    if event.reason == "bluff_caught":
        return (ngettext("{player} is caught bluffing and takes a strike: {count} in all.",
                         "{player} is caught bluffing and takes a strike: {count} in all.",
                         count, player=player),)
    if event.reason == "wrong_call":
        return (ngettext("{player} called wrongly and takes a strike: {count} in all.",
                         "{player} called wrongly and takes a strike: {count} in all.",
                         count, player=player),)
    return (ngettext("{player} did not beat the score and takes a strike: {count} in all.",
                     "{player} did not beat the score and takes a strike: {count} in all.",
                     count, player=player),)


def _discards(cards: Any) -> Message | None:
    if not cards:
        return None
    return gettext("Their hand goes to the discards: {cards}.", cards=_cards(cards))


def _out(event: e.PlayerOut, reader: int | None) -> Text:
    return as_text(gettext("{player} is out, in place {place}.", player=Seat(event.seat),
                           place=event.place), _discards(event.discarded))


def _resigned(event: e.PlayerResigned, reader: int | None) -> Text:
    return as_text(
        gettext("{player} resigns, in place {place}.", player=Seat(event.seat),
                place=event.place),
        _discards(event.discarded),
        gettext("The claim is void: a new round starts.") if event.claim_voided else None)


TEXTS: dict[str, Sentences] = {
    e.GameStarted.TYPE: _started, e.CardsDealt.TYPE: _dealt, e.RoundStarted.TYPE: _round,
    e.DiceRolled.TYPE: _rolled, e.ScoreDeclared.TYPE: _declared,
    e.DeclarationAccepted.TYPE: _accepted, e.DeckRefilled.TYPE: _refilled,
    e.CardDrawn.TYPE: _drawn, e.DrawPileEmpty.TYPE: _pile_empty,
    e.CardDiscarded.TYPE: _discarded, e.ScoreResetCardPlayed.TYPE: _reset,
    e.SkipPlayed.TYPE: _skip, e.SkipPlayedToDeclarer.TYPE: _skip_to_declarer,
    e.ReversePlayed.TYPE: _reverse, e.RevivePlayed.TYPE: _revive,
    e.BluffCalled.TYPE: _called, e.ScoreNotBeaten.TYPE: _not_beaten,
    e.StrikeTaken.TYPE: _strike, e.PlayerOut.TYPE: _out, e.PlayerResigned.TYPE: _resigned,
    e.GameOver.TYPE: game_over,
}
"""Each event type's sentences, by type."""
