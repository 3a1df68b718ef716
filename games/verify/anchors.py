"""What a player kept during play, checked against the audit published at the end.

The four checks of games/verify/checks.py prove an audit consistent with itself. They
cannot tell a true audit from one a dishonest server wrote from scratch after the game:
a fresh server seed, its commitment put everywhere the old one was, every die, event and
hash recomputed. Only what a player kept from before the audit existed tells them apart:

- `commitment`: the `server_seed_hash` the player was shown before play (on the game
  and in every view). The audit's `table_seated`, game and `seed_revealed` must carry it.
- `served`: the events the player's seat was served by GET /games/{id}/events (seq,
  type, public data upcast, actor, recorded_at, batch_end and that seat's own private
  part). Each must be the audit's event with the same seq. A `table_seated` stored
  when events named players by username (below schema version 3) was served with each
  player's id instead: the `player_id`s the audit's `game.seats` gives (docs/fairness.md).

Nothing else is needed: the service never serves event hashes during play (a hash covers
every seat's private dice, few enough to be found by trying them all).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Iterator, Mapping, NamedTuple, Sequence

from . import stored
from .replay import SERVICE_EVENTS
from .upcasters import names_players_by_username, upcast_event_steps, with_player_ids

SERVED_FIELDS = ("type", "data", "actor", "recorded_at", "batch_end", "private")
ABSENT = object()


class AnchorFinding(NamedTuple):
    """An anchor problem: the check, the event's seq (None: the game), the field, what."""

    check: str
    seq: int | None
    where: str
    detail: str


def plain(value: Any) -> Any:
    return json.loads(json.dumps(value))


def normal_hex(text: str) -> str:
    return text.strip().lower()


def is_commitment(text: str) -> bool:
    text = normal_hex(text)
    return len(text) == 64 and all(c in "0123456789abcdef" for c in text)


def served_events(document: Any) -> list[Any]:
    """The served events from what a player saved: a list of events, one page of
    GET /games/{id}/events (`{"events": [...], ...}`), or a list of such pages."""
    if isinstance(document, Mapping) and isinstance(document.get("events"), list):
        return list(document["events"])
    if isinstance(document, list):
        if document and all(isinstance(p, Mapping) and isinstance(p.get("events"), list)
                            for p in document):
            return [event for page in document for event in page["events"]]
        return list(document)
    raise ValueError("not a list of events nor a page of GET /games/{id}/events")


@dataclass(frozen=True)
class Anchors:
    commitment: str | None = None
    served: Sequence[Any] | None = None
    seat: int | None = None

    def checks(self) -> tuple[str, ...]:
        return tuple(name for name, given in (("commitment", self.commitment is not None),
                                              ("served", self.served is not None)) if given)

    def check(self, audit: Mapping[str, Any]) -> list[AnchorFinding]:
        found: list[AnchorFinding] = []
        if self.commitment is not None:
            found += check_commitment(audit, self.commitment)
        if self.served is not None:
            found += check_served(audit, self.served, self.seat)
        return found


# --- commitment -------------------------------------------------------------------------

def check_commitment(audit: Mapping[str, Any], kept: str) -> list[AnchorFinding]:
    """The commitment the player kept is the one the audit's game and stream carry."""
    kept = normal_hex(kept)
    events = stored.rows(audit)  # as stored (the audit serves them upcast)
    if not events or events[0].get("type") != "table_seated":
        return [AnchorFinding("commitment", 1, "type", "the stream does not open with "
                              "table_seated, which records the commitment")]
    places: list[tuple[int | None, str, Any]] = [
        (None, "game.server_seed_hash", audit["game"].get("server_seed_hash"))]
    for event in {id(e): e for e in (events[0], events[-1])}.values():
        if event.get("type") in ("table_seated", "seed_revealed"):
            places.append((event.get("seq"), "data.server_seed_hash",
                           (event.get("data") or {}).get("server_seed_hash")))
    return [AnchorFinding("commitment", seq, where,
                          f"{value!r} is not the commitment you kept ({kept})")
            for seq, where, value in places
            if not isinstance(value, str) or normal_hex(value) != kept]


# --- served events ----------------------------------------------------------------------

def _starts_batch(event: Mapping[str, Any]) -> bool:
    return event.get("command") is not None or event.get("type") in SERVICE_EVENTS


def _batch_ends(events: Sequence[Mapping[str, Any]]) -> Iterator[bool]:
    for index in range(len(events)):
        yield index + 1 == len(events) or _starts_batch(events[index + 1])


def check_served(audit: Mapping[str, Any], served: Sequence[Any],
                 seat: int | None) -> list[AnchorFinding]:
    """Every event served to `seat` (None: a spectator) is the audit's event of that seq
    as that seat was shown it."""
    events = stored.rows(audit)  # as stored (the audit serves them upcast)
    by_seq = {event.get("seq"): (event, end) for event, end in zip(events, _batch_ends(events))}
    ids = player_ids(audit)
    found: list[AnchorFinding] = []
    for index, item in enumerate(served):
        seq = item.get("seq") if isinstance(item, Mapping) else None
        if not isinstance(seq, int) or isinstance(seq, bool):
            found.append(AnchorFinding("served", None, f"served[{index}]",
                                       "not an event with an integer seq"))
        elif seq not in by_seq:
            found.append(AnchorFinding("served", seq, "seq", "you were served this event; "
                                       "the audit has no event with this seq"))
        else:
            found += served_mismatches(item, *by_seq[seq], seat, ids)
    return found


def player_ids(audit: Mapping[str, Any]) -> dict[int, str]:
    """Each player's seat's player id, as the audit's game lists them."""
    seats = (audit.get("game") or {}).get("seats") or []
    return {seat["seat"]: seat["player_id"] for seat in seats
            if isinstance(seat, Mapping) and isinstance(seat.get("seat"), int)
            and isinstance(seat.get("player_id"), str)}


def _served_versions(event: Mapping[str, Any],
                     ids: Mapping[int, str]) -> list[tuple[str, dict]]:
    """(type, data) at each schema version the service may have served the event at: the
    stored event upcast, and, for a table_seated that named players by username, upcast
    with the audit's player ids (what the service serves)."""
    kind, version = str(event.get("type")), int(event.get("schema_version", 1))
    versions = upcast_event_steps(kind, version, dict(event.get("data") or {}))
    if names_players_by_username(kind, version):
        last_kind, last = versions[-1]
        versions.append((last_kind, with_player_ids(last, ids)))
    return versions


def as_served(event: Mapping[str, Any], batch_end: bool, seat: int | None,
              ids: Mapping[int, str] | None = None) -> dict[str, Any]:
    """The audit's event as GET /games/{id}/events served it to `seat` (type and data at
    the current schema version; players by the ids `ids` gives, or the audit's)."""
    kind, data = _served_versions(event, ids or {})[-1]
    out = {"type": kind, "data": data,
           "actor": event.get("actor"), "recorded_at": event.get("recorded_at"),
           "batch_end": batch_end, "private": ABSENT}
    private = event.get("private") or {}
    if seat is not None and str(seat) in private:
        out["private"] = private[str(seat)]
    return out


def served_mismatches(item: Mapping[str, Any], event: Mapping[str, Any], batch_end: bool,
                      seat: int | None,
                      ids: Mapping[int, str] | None = None) -> list[AnchorFinding]:
    seq, expected = item["seq"], as_served(event, batch_end, seat, ids)
    # The service upcasts when it serves: the type and data at any version the event
    # reads as (a renamed event was served under its old type before the rename).
    versions = _served_versions(event, ids or {})
    whose = "spectators" if seat is None else f"seat {seat}"
    found = []
    for key in SERVED_FIELDS:
        got = item.get(key, ABSENT)
        if key == "batch_end" and got is ABSENT:
            continue  # a client may not have kept it
        if got is ABSENT or expected[key] is ABSENT:
            if got is expected[key]:
                continue
        elif key == "type":
            if any(got == kind for kind, _ in versions):
                continue
        elif key == "data":
            if any(plain(got) == plain(data) for _, data in versions):
                continue
        elif plain(got) == plain(expected[key]):
            continue
        if key == "private":
            detail = (f"you were served {_shown(got)}; the audit gives {whose} "
                      f"{_shown(expected[key])}")
        else:
            detail = f"you were served {_shown(got)}, the audit has {_shown(expected[key])}"
        found.append(AnchorFinding("served", seq, key, detail))
    return found


def _shown(value: Any) -> str:
    return "nothing" if value is ABSENT else repr(value)
