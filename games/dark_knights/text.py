"""The sentences of Dark Knights' events, for their reader (games/core/text.py).

Every event is public: a reader's text is everyone's."""

from __future__ import annotations

from games.core.text import (
    Message,
    Seat,
    Sentences,
    Text,
    as_text,
    game_over,
    gettext,
    ngettext,
    seats,
)

from . import events as e


def _started(event: e.GameStarted, reader: int | None) -> Text:
    return (ngettext("Dark Knights starts with {count} player; {player} plays first.",
                     "Dark Knights starts with {count} players; {player} plays first.",
                     event.players, player=Seat(event.first_player)),)


def _turn(event: e.TurnStarted, reader: int | None) -> Text:
    if event.last_turn:
        return (gettext("{player} takes their last turn.", player=Seat(event.seat)),)
    return (gettext("{player}'s turn.", player=Seat(event.seat)),)


def _die(die: e.ShownDie) -> Message:
    if die.shade == "dark":
        return gettext("dark {face}", face=die.face)
    return gettext("light {face}", face=die.face)


def _rolled(event: e.DiceRolled, reader: int | None) -> Text:
    return (gettext("{player} rolls {dice}.", player=Seat(event.seat),
                    dice=tuple(_die(d) for d in event.dice)),)


def _set_aside(event: e.DiceSetAside, reader: int | None) -> Text:
    count = sum(len(group.dice) for group in event.groups)
    return (ngettext("{player} sets {count} die aside: the set scores {score}.",
                     "{player} sets {count} dice aside: the set scores {score}.",
                     count, player=Seat(event.seat), score=event.set_score),)


def _completed(event: e.SetCompleted, reader: int | None) -> Text:
    return (gettext("{player} completes a set worth {score}: {total} this turn so far.",
                    player=Seat(event.seat), score=event.set_score, total=event.turn_total),)


def _busted(event: e.TurnBusted, reader: int | None) -> Text:
    return (ngettext("{player} busts and loses {count} point.",
                     "{player} busts and loses {count} points.",
                     event.points_lost, player=Seat(event.seat)),)


def _held(event: e.TurnHeld, reader: int | None) -> Text:
    return (ngettext("{player} holds and banks {count} point: {score} in all.",
                     "{player} holds and banks {count} points: {score} in all.",
                     event.turn_total, player=Seat(event.seat), score=event.score),)


def _final_round(event: e.FinalRoundStarted, reader: int | None) -> Text:
    return as_text(
        gettext("{player} reaches {score}: the final round starts.",
                player=Seat(event.seat), score=event.score),
        gettext("Last turns: {players}.", players=seats(event.last_turns))
        if event.last_turns else None)


def _resigned(event: e.PlayerResigned, reader: int | None) -> Text:
    return (gettext("{player} resigns; their score stays.", player=Seat(event.seat)),)


TEXTS: dict[str, Sentences] = {
    e.GameStarted.TYPE: _started, e.TurnStarted.TYPE: _turn, e.DiceRolled.TYPE: _rolled,
    e.DiceSetAside.TYPE: _set_aside, e.SetCompleted.TYPE: _completed,
    e.TurnBusted.TYPE: _busted, e.TurnHeld.TYPE: _held,
    e.FinalRoundStarted.TYPE: _final_round, e.PlayerResigned.TYPE: _resigned,
    e.GameOver.TYPE: game_over,
}
"""Each event type's sentences, by type."""
