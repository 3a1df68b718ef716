"""Challenge reports: the optional protocol that explains every resolved bluff call.

A game whose players challenge each other's claims (a Snake Bones bluff or spot-on, a
Bamboozled call) may explain each resolved challenge: what each party knew and claimed
before the call, what the reveal showed and which rule decided it. The explanation is
built from **public** events only, so it can never show what the rules still hide.

A game provides it as the `challenges` function of its Decider (by convention written in
`games/<game>/challenges.py`): `challenges(events) -> list[dict]`.

`events` are the rules' events in stream order, each `{"seq": int, "type": str,
"data": {...public part...}}` (no private parts; the service's own events left out).
A game without one returns no reports. The shape of a report is in docs/fairness.md
("Challenge reports").
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

PublicEvent = Mapping[str, Any]
Report = dict[str, Any]
Reporter = Callable[[Sequence[PublicEvent]], list[Report]]


def reporter_of(rules: Any) -> Reporter | None:
    """The game's challenge reporter, or None when the game has none."""
    method = getattr(rules, "challenges", None)
    return method if callable(method) else None


def public_only(events: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The events stripped to what every seat sees: seq, type and the public data."""
    return [{"seq": int(e["seq"]), "type": str(e["type"]), "data": dict(e.get("data") or {})}
            for e in events]


def challenges(rules: Any, events: Sequence[Mapping[str, Any]]) -> list[Report]:
    """The game's challenge reports from `events` (private parts are dropped first)."""
    reporter = reporter_of(rules)
    if reporter is None:
        return []
    return list(reporter(public_only(events)))
