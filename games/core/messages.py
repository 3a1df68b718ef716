"""Typed messages: one small frozen record per action type, event type and view.

A record's JSON shape and its JSON Schema both come from its field annotations, so the
rules, the stored events and the public contract cannot drift apart:

    @frozen_record                # games/core/frozen.py
    class BidMade(GameEvent):
        TYPE: ClassVar[str] = "bid_made"
        seat: int
        quantity: int = field(metadata=doc("how many dice", minimum=1))

The field types the codec supports are listed in games/core/codec.py (which reads and
writes the JSON) and games/core/schema.py (which writes the schema). `metadata=doc(...)`
adds a description, bounds (`minimum`, `maximum`) and a JSON name where the field's name
is a Python keyword (`json="from"`).

- `Record`: a value inside a message (a bid, a payment, a seat of a view).
- `GameAction`: an action a seat posts; `TYPE` is its `type`. Parsed strictly: a wrong
  shape is a `MalformedAction` (HTTP 400), never a crash.
- `GameEvent`: an event; `TYPE` is its `type`. Its public fields are the event's `data`.
  An event with a private part per seat sets `Private` to a `Record` class and carries
  the parts in its `private` field (`{seat: Private(...)}`). Its JSON is the stored form
  `{"type", "data", "private": {"<seat>": {...}}}`, read back leniently (stored data).
"""

from __future__ import annotations

import builtins
import collections.abc
import typing
from typing import Any, ClassVar, Mapping, TypeVar

from . import codec, readers
from .errors import MalformedAction
from .schema import RefNamer, inline_refs, object_schema, typed_schema

JSON = Any
R = TypeVar("R", bound="Record")
E = TypeVar("E", bound="GameEvent")


def doc(description: str = "", *, json: str | None = None, omit_none: bool = False,
        **schema: Any) -> dict[str, Any]:
    """Field metadata: a description, extra JSON Schema keywords, a JSON name, and
    `omit_none` for a field left out of the JSON (and not required) when it is None."""
    return {"description": description, "json": json, "omit_none": omit_none,
            "schema": schema}


class Record:
    """A frozen dataclass with a JSON shape derived from its annotations."""

    # Its JSON: the codec's writer is the method itself (one call less for each record
    # written; the codec's encoders know it and write a nested record's fields directly).
    to_json = codec.write_fields

    @classmethod
    def from_json(cls: type[R], raw: Any) -> R:
        """Decode trusted JSON (stored data): leniently, nothing checked."""
        return codec.decode(cls, raw)

    @classmethod
    def json_schema(cls, ref: RefNamer | None = None) -> dict[str, JSON]:
        return object_schema(cls, ref or inline_refs)


class GameAction(Record):
    TYPE: ClassVar[str]
    # Fields a legal-actions `Choice` may leave to choose, with their domain's class
    # (games.core.legal.IntRange or Subset); the contract types them.
    CHOOSE: ClassVar[Mapping[str, type]] = {}

    to_json = codec.write_typed  # its `type`, then its fields (as Record's)

    @classmethod
    def json_schema(cls, ref: RefNamer | None = None) -> dict[str, JSON]:
        return typed_schema(cls, ref, closed=True)


class GameEvent(Record):
    TYPE: ClassVar[str]
    # builtins.type: `type` in this class is the event's type (the property below).
    Private: ClassVar[builtins.type[Record] | None] = None

    @property
    def type(self) -> str:
        return self.TYPE

    @property
    def data(self) -> dict[str, JSON]:
        """The public part, as stored and served (`public_json`)."""
        return self.public_json()

    def public_json(self) -> dict[str, JSON]:
        out = codec.write_fields(self)
        out.pop("private", None)
        return out

    def private_json(self) -> dict[str, dict[str, JSON]]:
        """Each seat's private part, keyed by the seat as a string (as stored)."""
        private = getattr(self, "private", None) or {}
        return {str(seat): part.to_json() for seat, part in private.items()}

    def to_json(self) -> dict[str, JSON]:
        """The stored form: `{"type", "data", "private"}` (events/ keeps it as it is)."""
        return {"type": self.TYPE, "data": self.public_json(), "private": self.private_json()}

    def visible_to(self, viewer: int | None) -> dict[str, JSON]:
        """The event as `viewer` (a seat, or None for a spectator) is served it."""
        out: dict[str, JSON] = {"type": self.TYPE, "data": self.public_json()}
        private = getattr(self, "private", None) or {}
        if viewer is not None and viewer in private:
            out["private"] = private[viewer].to_json()
        return out

    @classmethod
    def from_json(cls: type[E], raw: Any) -> E:
        """The event from its stored form (trusted: read leniently)."""
        data = dict(raw.get("data") or {})
        if cls.Private is not None or "private" in cls.__dataclass_fields__:  # type: ignore[attr-defined]
            data["private"] = raw.get("private") or {}
        return codec.decode(cls, data, path=cls.TYPE)

    @classmethod
    def json_schema(cls, ref: RefNamer | None = None) -> dict[str, JSON]:
        """The schema of the event's public `data` (every field is always written)."""
        return object_schema(cls, ref or inline_refs, skip=("private",), all_required=True,
                             closed=False)

    @classmethod
    def private_schema(cls, ref: RefNamer | None = None) -> dict[str, JSON] | None:
        """The schema of one seat's private part, if the event has any."""
        if cls.Private is None:
            return None
        return object_schema(cls.Private, ref or inline_refs, all_required=True, closed=False)


class Messages:
    """A game's action or event types, by `type`."""

    def __init__(self, *kinds: type) -> None:
        self.by_type: dict[str, type] = {}
        for kind in kinds:
            assert kind.TYPE not in self.by_type, f"two message classes for {kind.TYPE!r}"
            self.by_type[kind.TYPE] = kind
        # The classes themselves: a typed action of this game is taken as it is, after one
        # look-up of its class.
        self.kinds: frozenset[type] = frozenset(self.by_type.values())
        # Each posted type's reader (readers.action_reader), kept on first use: every
        # posted action is read, and one look-up here is all a well-formed one costs.
        self._readers: dict[str, typing.Callable[[Any], GameAction]] = {}

    def __iter__(self) -> typing.Iterator[type]:
        return iter(self.by_type.values())

    def __contains__(self, kind: str) -> bool:
        return kind in self.by_type

    def parse_action(self, raw: Any) -> GameAction:
        """A posted action, checked for shape: MalformedAction (400) when it is not one of
        this game's actions with the right fields and types."""
        if raw.__class__ in self.kinds:
            return raw  # type: ignore[no-any-return]
        if type(raw) is dict:
            kind = raw.get("type")
            read = self._readers.get(kind) if type(kind) is str else None
            if read is not None:
                return read(raw)
        if type(raw) is not dict and not isinstance(raw, collections.abc.Mapping):
            raise MalformedAction("malformed_action", "an action is a JSON object")
        kind = raw.get("type")
        if not isinstance(kind, str):
            raise MalformedAction("malformed_action", "an action needs a string field 'type'")
        if kind not in self.by_type:
            raise MalformedAction("unknown_action_type",
                                  f"unknown action type {kind!r}; known: {sorted(self.by_type)}")
        read = self._readers[kind] = readers.action_reader(self.by_type[kind])
        return read(raw)

    def parse_event(self, raw: Any) -> GameEvent:
        """A stored event (`{"type", "data", "private"}`) as its typed class; a typed
        event is returned as it is. KeyError for a type this game does not have."""
        if isinstance(raw, GameEvent):
            return raw
        return self.by_type[raw["type"]].from_json(raw)
