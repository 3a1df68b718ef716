"""The readable `text` of every served event: its sentences (games/<game>/text.py, pure)
translated with Django's gettext into the reader's language, the seats named as shown now.

The sentences are computed from the event as its reader is served it (a private part only
if it is the reader's own), so a text tells no more than the event it comes with. The
names are read once per response (`Reader`, from the seats read with the game), never per
event. Translators: docs/translating.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.utils import translation

from games import registry
from games.core.text import Message, Seat, Text, text_of
from games.service_events import MESSAGES as SERVICE_MESSAGES

from .models import Seat as SeatRow


@dataclass(frozen=True)
class Bot:
    """A bot's seat, named by its label (translated when the text is written)."""

    level: str


@dataclass(frozen=True)
class Reader:
    """Who reads a response's events: the game's type, the reader's seat (None: a
    spectator), the seats' names as shown now, and the language to write in."""

    game_type: str
    seat: int | None
    names: Mapping[int, str | Bot]
    language: str


def seat_names(rows: Iterable[SeatRow]) -> dict[int, str | Bot]:
    """Each seat's name as shown now: its player's name, or a bot's level."""
    return {row.number: Bot(row.bot_level) if row.is_bot else row.player_name() or ""
            for row in rows}


def _name(number: int, names: Mapping[int, str | Bot]) -> str:
    name = names.get(number)
    if isinstance(name, Bot):
        return translation.gettext("Bot {seat} ({level})").format(seat=number, level=name.level)
    return name or translation.gettext("seat {seat}").format(seat=number)


def render(message: Message, names: Mapping[int, str | Bot]) -> str:
    """One message in the active language, its parameters put in."""
    if message.plural is None:
        template = translation.gettext(message.msgid)
    else:
        template = translation.ngettext(message.msgid, message.plural, message.count or 0)
    return template.format_map({key: _param(value, names)
                                for key, value in message.params.items()})


def _param(value: Any, names: Mapping[int, str | Bot]) -> str:
    if isinstance(value, Message):
        return render(value, names)
    if isinstance(value, Seat):
        return _name(value.number, names)
    if isinstance(value, tuple):
        return ", ".join(_param(item, names) for item in value)
    return str(value)


def sentences(game_type: str, served: Mapping[str, Any], seat: int | None) -> Text:
    """The sentences of an event as served to `seat` (`{"type", "data", "private"?}`)."""
    kind = served["type"]
    private = served.get("private")
    stored = {"type": kind, "data": served["data"],
              "private": {str(seat): private} if private is not None else {}}
    rules = registry.get(game_type)
    messages = rules.events if kind in rules.events else SERVICE_MESSAGES
    return text_of(registry.TEXTS[game_type], messages.parse_event(stored), seat)


def text(served: Mapping[str, Any], reader: Reader) -> str:
    """The event's text for `reader`, in the language active now."""
    return " ".join(render(message, reader.names)
                    for message in sentences(reader.game_type, served, reader.seat))


def with_texts(events: list[dict[str, Any]], reader: Reader) -> list[dict[str, Any]]:
    """The served events, each with its `text` for `reader` in the reader's language."""
    with translation.override(reader.language):
        for event in events:
            event["text"] = text(event, reader)
    return events
