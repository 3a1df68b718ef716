"""A finished game as the projections read it: from its stored events alone.

The projections of this package act on a game's last event (`seed_revealed`); then they
read the game's whole stream once (`finished_game`): who sat where (`table_seated`),
whether the game was rated (an option recorded there), whether it was abandoned
(`game_abandoned`), the outcome (the rules' `outcome` of the folded stream: the ranking
with ties, the scores) and the public part of every event (for the statistics).
"""

from __future__ import annotations

import functools
import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Mapping, Sequence

from games import registry
from games.service_events import GameAbandoned, SeedRevealed

from ..models import Event
from ..store import fold
from ..store.players import served_event

# The event that ends every stream: the projections act on it.
LAST = SeedRevealed.TYPE


@dataclass(frozen=True)
class SeatResult:
    """A seat's end: its player (None: a bot), its place (1: the winners; None: the game
    was abandoned) and its final score."""

    seat: int
    player: str | None
    place: int | None
    won: bool
    score: int | None


@dataclass(frozen=True)
class FinishedGame:
    game_id: uuid.UUID
    game_type: str
    finished_at: datetime
    rated: bool
    abandoned: bool
    seats: tuple[SeatResult, ...]
    public: tuple[tuple[str, Mapping[str, Any]], ...]  # (type, public data), in seq order

    def has_bots(self) -> bool:
        return any(seat.player is None for seat in self.seats)


def _places(ranking: Sequence[Sequence[int]], seats: int) -> dict[int, int]:
    """Each seat's place (1 + the seats ranked above it); a seat missing from the ranking
    comes after every ranked one."""
    places: dict[int, int] = {}
    above = 0
    for group in ranking:
        for seat in group:
            places[int(seat)] = above + 1
        above += len(group)
    return {seat: places.get(seat, above + 1) for seat in range(seats)}


def _seat_results(seated: Mapping[str, Any], outcome: Mapping[str, Any] | None
                  ) -> tuple[SeatResult, ...]:
    table = seated["seats"]
    if outcome is None:
        return tuple(SeatResult(s["seat"], s.get("player") if not s.get("bot") else None,
                                None, False, None) for s in table)
    places = _places(outcome.get("ranking") or (), len(table))
    winners = {int(seat) for seat in outcome.get("winners") or ()}
    scores = {int(seat): value for seat, value in (outcome.get("scores") or {}).items()}
    return tuple(SeatResult(s["seat"], s.get("player") if not s.get("bot") else None,
                            places[s["seat"]], s["seat"] in winners, scores.get(s["seat"]))
                 for s in table)


@functools.lru_cache(maxsize=256)
def finished_game(game_id: uuid.UUID) -> FinishedGame:
    """The game as its events tell it (one read of its stream; immutable, so cached)."""
    rows = list(Event.objects.filter(game_id=game_id).order_by("seq"))
    public: list[tuple[str, Mapping[str, Any]]] = []
    for row in rows:
        kind, data = served_event(game_id, row.type, row.schema_version, row.data)
        public.append((kind, data))
    seated = public[0][1]
    rules = registry.get(seated["game_type"])
    abandoned = any(kind == GameAbandoned.TYPE for kind, _ in public)
    outcome = None if abandoned else rules.outcome(fold(rules, rows))
    return FinishedGame(
        game_id=game_id, game_type=seated["game_type"], finished_at=rows[-1].recorded_at,
        rated=bool(seated.get("rated")), abandoned=abandoned,
        seats=_seat_results(seated, outcome), public=tuple(public))

