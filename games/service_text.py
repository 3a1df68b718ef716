"""The sentences of the service's own events (games/service_events.py), for their reader
(games/core/text.py)."""

from __future__ import annotations

from games.core.text import Sentences, Text, gettext, seats

from .service_events import ClientSeedsFixed, GameAbandoned, SeedRevealed, TableSeated


def _seated(event: TableSeated, reader: int | None) -> Text:
    return (gettext("The table is seated: {players}.",
                    players=seats(seat.seat for seat in event.seats)),
            gettext("The server has committed to its secret seed."))


def _fixed(event: ClientSeedsFixed, reader: int | None) -> Text:
    text = (gettext("The seeds are revealed and fixed: the dice can be rolled."),)
    if event.withheld:
        text += (gettext("Seed not revealed, counted as empty: {players}.",
                         players=seats(event.withheld)),)
    return text


def _abandoned(event: GameAbandoned, reader: int | None) -> Text:
    return (gettext("Every seat was left to the clock: the game is abandoned."),)


def _revealed(event: SeedRevealed, reader: int | None) -> Text:
    return (gettext("The server seed is revealed: anyone can now check every die."),)


TEXTS: dict[str, Sentences] = {
    TableSeated.TYPE: _seated, ClientSeedsFixed.TYPE: _fixed, GameAbandoned.TYPE: _abandoned,
    SeedRevealed.TYPE: _revealed,
}
"""Each service event type's sentences, by type."""
