"""A finished game as the projections read it: from its stored events alone.

The projections of this package act on a game's last event (`seed_revealed`); then they
read the game's whole stream once (`finished_game`): who sat where (`table_seated`),
whether the game was rated (an option recorded there), whether it was abandoned
(`game_abandoned`), the outcome (the ranking with ties and the scores, as the rules'
public `game_over` event records them: every game's rules end with one, equal to their
`outcome` of the folded stream) and the public part of every event (for the statistics).
No private part is read.
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
# The rules' last event: the outcome (winners, ranking, scores), public.
GAME_OVER = "game_over"


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
    rows = list(Event.objects.filter(game_id=game_id).order_by("seq")
                .values_list("type", "schema_version", "data", "recorded_at"))
    public = tuple(served_event(game_id, kind, version, data)
                   for kind, version, data, _ in rows)
    seated = public[0][1]
    abandoned = any(kind == GameAbandoned.TYPE for kind, _ in public)
    over = [data for kind, data in public if kind == GAME_OVER]
    outcome = None if abandoned else (over[-1] if over else _folded_outcome(
        seated["game_type"], game_id))
    return FinishedGame(
        game_id=game_id, game_type=seated["game_type"], finished_at=rows[-1][3],
        rated=bool(seated.get("rated")), abandoned=abandoned,
        seats=_seat_results(seated, outcome), public=public)


def _folded_outcome(game_type: str, game_id: uuid.UUID) -> Mapping[str, Any] | None:
    """The rules' outcome of the folded stream, for a stream without `game_over`."""
    rules = registry.get(game_type)
    return rules.outcome(fold(rules, Event.objects.filter(game_id=game_id).order_by("seq")))

