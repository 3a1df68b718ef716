"""Readable events: each event's sentence for its reader, as a message still to translate.

Each game has one home for its sentences (`games/<game>/text.py`, and
games/service_text.py for the service's own events): a function from an event as its
reader is served it (already redacted: a private part only if it is the reader's own) and
the reader's seat (None: a spectator) to a `Text`, the sentences in English with named
placeholders. games/ stays pure: it neither translates nor knows names. The service
(events/texts.py) translates each message with Django's gettext in the reader's language
and puts in the names of the seats (`Seat`) as they are shown now.

`gettext(msgid, **params)` and `ngettext(singular, plural, count, **params)` only build a
`Message`; they are named after the functions `xgettext` looks for, so that Django's
`makemessages` finds every msgid (docs/translating.md). A placeholder is `{name}`
(python-brace-format); a parameter is a number, a string shown as it is, a `Seat`, a
`Message` (translated too), or a tuple of seats or messages (shown comma-separated).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .frozen import frozen_record


@frozen_record
class Seat:
    """A seat, shown as its player's name (a bot's label) when served."""

    number: int


@frozen_record
class Message:
    """One sentence (or a word of one) to translate: `plural` and `count` when a count
    decides its form."""

    msgid: str
    params: Mapping[str, Any]
    plural: str | None = None
    count: int | None = None


Text = tuple[Message, ...]
Param = int | str | Seat | Message | tuple[Seat | Message, ...]


def gettext(msgid: str, **params: Param) -> Message:
    return Message(msgid, params)


def ngettext(singular: str, plural: str, count: int, **params: Param) -> Message:
    """A message whose form depends on `count` (which is also its `{count}` placeholder
    unless `params` name it otherwise)."""
    return Message(singular, {"count": count, **params}, plural=plural, count=count)


def seats(numbers: Any) -> tuple[Seat, ...]:
    """Seats by number (served as their names, comma-separated)."""
    return tuple(Seat(int(n)) for n in numbers)


def dice(faces: Any) -> str:
    """Dice faces as shown in a sentence: `1, 3, 5`."""
    return ", ".join(str(face) for face in faces)


def card(name: str) -> str:
    """A card's name as printed on it (`fresh_start` -> `Fresh Start`); card names are
    proper names, not translated."""
    return " ".join(word.capitalize() for word in str(name).split("_"))


def private_of(event: Any, reader: int | None) -> Any:
    """The reader's own private part of `event`, if the reader was served one."""
    parts = getattr(event, "private", None) or {}
    return parts.get(reader) if reader is not None else None


def messages(text: Text) -> list[Message]:
    """Every message of a text, nested parameters included (what a translation covers)."""
    out: list[Message] = []
    pending: list[Message] = list(text)
    while pending:
        message = pending.pop(0)
        out.append(message)
        for value in message.params.values():
            items = value if isinstance(value, tuple) else (value,)
            pending.extend(item for item in items if isinstance(item, Message))
    return out


def as_text(*sentences: Message | None) -> Text:
    """The sentences that are there (a reader's own sentence is None for the others)."""
    return tuple(s for s in sentences if s is not None)


# One event type's sentences: (the typed event as the reader is served it, the reader's
# seat or None) -> the text.
Sentences = Callable[[Any, int | None], Text]


def text_of(texts: Mapping[str, Sentences], event: Any, reader: int | None) -> Text:
    """The text of `event` (typed, as `reader` is served it) by its type's function."""
    return tuple(texts[event.TYPE](event, reader))


def game_over(event: Any, reader: int | None) -> Text:
    """Every game's `game_over` (an `Outcome`): who won."""
    if event.abandoned:
        return (gettext("The game is over, abandoned: nobody wins."),)
    if not event.winners:
        return (gettext("The game is over: nobody wins."),)
    if len(event.winners) == 1:
        return (gettext("The game is over: {player} wins.", player=Seat(event.winners[0])),)
    return (gettext("The game is over: {players} share the win.",
                    players=seats(event.winners)),)
