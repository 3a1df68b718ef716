"""The event: what happened, with a public part and optional private parts per seat."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Mapping

JSON = Any


@dataclass(frozen=True)
class Event:
    """One immutable fact. `private` maps a seat to what only that seat may see."""

    type: str
    data: Mapping[str, JSON] = field(default_factory=dict)
    private: Mapping[int, Mapping[str, JSON]] = field(default_factory=dict)

    def visible_to(self, viewer: int | None) -> dict[str, JSON]:
        """The event as `viewer` (a seat, or None for a spectator) may see it."""
        out: dict[str, JSON] = {"type": self.type, "data": dict(self.data)}
        if viewer is not None and viewer in self.private:
            out["private"] = dict(self.private[viewer])
        return out

    def to_dict(self) -> dict[str, JSON]:
        return {
            "type": self.type,
            "data": dict(self.data),
            "private": {str(seat): dict(p) for seat, p in self.private.items()},
        }

    @classmethod
    def from_dict(cls, raw: Mapping[str, JSON]) -> "Event":
        private = raw.get("private") or {}
        return cls(
            type=raw["type"],
            data=raw.get("data") or {},
            private={int(seat): p for seat, p in private.items()},
        )


def frozen(mapping: Mapping[str, JSON]) -> Mapping[str, JSON]:
    """A read-only view of a mapping, for state that must not be mutated."""
    return MappingProxyType(dict(mapping))
