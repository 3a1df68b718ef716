"""The sentences of Skip-Bo Dice's events, for their reader (games/core/text.py).

Every event is public: a reader's text is everyone's."""

from __future__ import annotations

from typing import Any

from games.core.text import (
    Message,
    Seat,
    Sentences,
    Text,
    as_text,
    dice,
    game_over,
    gettext,
    ngettext,
    seats,
)

from . import events as e


def _started(event: e.GameStarted, reader: int | None) -> Text:
    return (ngettext("Skip-Bo Dice starts with {count} player; {player} rolls first.",
                     "Skip-Bo Dice starts with {count} players; {player} rolls first.",
                     event.players, player=Seat(event.first_player)),)


def _face(face: Any) -> str:
    return "Skip-Bo" if face == "SB" else str(face)


def _faces(faces: Any) -> str:
    return dice(_face(face) for face in faces)


def _turn(event: e.TurnStarted, reader: int | None) -> Text:
    return (gettext("Turn {turn}: {player} rolls {dice}; the Bonus Die shows {bonus}.",
                    turn=event.turn, player=Seat(event.seat), dice=_faces(event.dice[:5]),
                    bonus=_face(event.dice[5])) if len(event.dice) == 6 else
            gettext("Turn {turn}: {player} rolls {dice}.", turn=event.turn,
                    player=Seat(event.seat), dice=_faces(event.dice)),)


def _source(source: e.Source) -> Message:
    if source.kind == "die" and source.die == 5:
        return gettext("the Bonus Die")
    if source.kind == "die":
        return gettext("die {die}", die=source.die if source.die is not None else "")
    if source.kind == "stockpile":
        return gettext("stockpile {stockpile}", stockpile=source.stockpile
                       if source.stockpile is not None else "")
    if source.kind == "free_skip_bo":
        return gettext("their free Skip-Bo")
    if source.kind == "reward_skip_bo":
        return gettext("a Skip-Bo Reward")
    return gettext("a Bonus Die value of turn {turn}",
                   turn=source.turn if source.turn is not None else "")


def _filled(event: e.BubbleFilled, reader: int | None) -> Text:
    star = {"collected": gettext("The star is collected."),
            "crossed": gettext("The star is crossed out.")}.get(event.star or "")
    return as_text(
        gettext("{player} writes {mark} in bubble {bubble} of Build Pile {pile}, from "
                "{source}.", player=Seat(event.seat), mark=_face(event.mark),
                bubble=event.bubble, pile=event.pile, source=_source(event.source)),
        star)


def _completed(event: e.PileCompleted, reader: int | None) -> Text:
    return (ngettext("{player} completes Build Pile {pile}, place {place}: {count} star.",
                     "{player} completes Build Pile {pile}, place {place}: {count} stars.",
                     event.reward, player=Seat(event.seat), pile=event.pile,
                     place=event.place),)


def _last_round(event: e.LastRoundStarted, reader: int | None) -> Text:
    return as_text(
        gettext("{player} completes a third Build Pile: the last round starts.",
                player=Seat(event.seat)),
        gettext("Final turns: {players}.", players=seats(event.final_turns))
        if event.final_turns else None)


def _bonus(event: e.BonusDieRolled, reader: int | None) -> Text:
    return (gettext("The Bonus Die is rolled again: {value}.", value=event.value),)


def _rerolled(event: e.DiceRerolled, reader: int | None) -> Text:
    return (ngettext("{player} re-rolls: {dice} ({count} re-roll left).",
                     "{player} re-rolls: {dice} ({count} re-rolls left).",
                     event.rerolls_left, player=Seat(event.seat), dice=_faces(event.faces)),)


def _done(event: e.TurnDone, reader: int | None) -> Text:
    return as_text(
        gettext("{player} is done filling.", player=Seat(event.seat)),
        gettext("Stockpile step: {players} choose a die.", players=seats(event.choosers))
        if event.choosers else None)


def _written(event: e.StockpileWritten, reader: int | None) -> Text:
    return (gettext("{player} writes {value} in stockpile {stockpile}.",
                    player=Seat(event.seat), value=_face(event.value),
                    stockpile=event.stockpile),)


def _reward(event: e.SkipBoRewardEarned, reader: int | None) -> Text:
    return (gettext("{player} fills stockpile {stockpile} and earns a Skip-Bo Reward.",
                    player=Seat(event.seat), stockpile=event.stockpile),)


def _ended(event: e.TurnEnded, reader: int | None) -> Text:
    return (gettext("{player}'s turn {turn} ends.", player=Seat(event.seat), turn=event.turn),)


def _passed(event: e.ClaimPassed, reader: int | None) -> Text:
    return (gettext("{player} claims no more Bonus Die values this turn.",
                    player=Seat(event.seat)),)


def _resigned(event: e.PlayerResigned, reader: int | None) -> Text:
    return (gettext("{player} resigns; their board stays.", player=Seat(event.seat)),)


TEXTS: dict[str, Sentences] = {
    e.GameStarted.TYPE: _started, e.TurnStarted.TYPE: _turn, e.BubbleFilled.TYPE: _filled,
    e.PileCompleted.TYPE: _completed, e.LastRoundStarted.TYPE: _last_round,
    e.BonusDieRolled.TYPE: _bonus, e.DiceRerolled.TYPE: _rerolled, e.TurnDone.TYPE: _done,
    e.StockpileWritten.TYPE: _written, e.SkipBoRewardEarned.TYPE: _reward,
    e.TurnEnded.TYPE: _ended, e.ClaimPassed.TYPE: _passed, e.PlayerResigned.TYPE: _resigned,
    e.GameOver.TYPE: game_over,
}
"""Each event type's sentences, by type."""
