"""The statistics projection: per player and game type, from public events only.

Each finished game's public events (no private part is read) are counted for each seat
(`game_counts`), and a player's counters in a game type are the sums over their games
(`PlayerStatistics.counts`; averages are served as a sum and a count). What is counted:
the table in docs/projections.md (Statistics).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Callable, Mapping, Sequence

from django.db import transaction

from ..models import Event, PlayerStatistics
from .finished import LAST, FinishedGame, finished_game
from .runner import Projection

Public = Sequence[tuple[str, Mapping[str, Any]]]
Counts = dict[int, Counter[str]]

# Calls that dispute a claim (their games' challenge reports explain each).
CALLS = frozenset({"bluff_called", "spot_on_called"})


def _snake_bones(game: FinishedGame, counts: Counts) -> None:
    for kind, data in game.public:
        if kind not in CALLS:
            continue
        caller = counts[data["caller"]]
        caller["calls"] += 1
        caller["calls_right"] += bool(data["caller_right"])
        if kind == "spot_on_called":
            caller["spot_on_calls"] += 1
            caller["spot_on_right"] += bool(data["caller_right"])
        elif not data["caller_right"]:
            counts[data["bid"]["seat"]]["bluffs_survived"] += 1


def _bamboozled(game: FinishedGame, counts: Counts) -> None:
    caller: int | None = None
    for kind, data in game.public:
        if kind == "bluff_called":
            caller = data["seat"]
            counts[caller]["calls"] += 1
        elif kind == "strike_taken" and caller is not None:
            counts[caller]["calls_right"] += data["reason"] == "bluff_caught"
            caller = None
        elif kind == "declaration_accepted" and data.get("bamboozled"):
            counts[data["declarer"]]["bluffs_survived"] += 1


def _dark_knights(game: FinishedGame, counts: Counts) -> None:
    for kind, data in game.public:
        if kind == "turn_held":
            counts[data["seat"]]["banks"] += 1
            counts[data["seat"]]["banked_points"] += data["turn_total"]
        elif kind == "turn_busted":
            counts[data["seat"]]["busts"] += 1


def _skip_bo_dice(game: FinishedGame, counts: Counts) -> None:
    for kind, data in game.public:
        if kind == "bubble_filled" and data.get("star") == "collected":
            counts[data["seat"]]["stars_collected"] += 1
        elif kind == "pile_completed":
            counts[data["seat"]]["piles_completed"] += 1


def _bare_bones(game: FinishedGame, counts: Counts) -> None:
    for seat in game.seats:
        if seat.score is not None:
            counts[seat.seat]["games_scored"] += 1
            counts[seat.seat]["total_score"] += seat.score


COUNTERS: dict[str, Callable[[FinishedGame, Counts], None]] = {
    "snake-bones": _snake_bones, "bamboozled": _bamboozled, "dark-knights": _dark_knights,
    "skip-bo-dice": _skip_bo_dice, "bare-bones": _bare_bones,
}
# Counters kept as the highest value over games rather than summed.
HIGHEST = {"bare-bones": {"best_score": "total_score"}}


def game_counts(game: FinishedGame) -> Counts:
    """Each seat's counters in this game (public events only)."""
    counts: Counts = {seat.seat: Counter() for seat in game.seats}
    COUNTERS[game.game_type](game, counts)
    return counts


def disputed_calls(game: FinishedGame) -> dict[int, int]:
    """Each seat's calls made or faced (snake-bones' bidder, bamboozled's declarer)."""
    seen: Counter[int] = Counter()
    for kind, data in game.public:
        if kind in CALLS:
            seen[data.get("caller", data.get("seat"))] += 1
            seen[data.get("declarer", (data.get("bid") or {}).get("seat"))] += 1
    return dict(seen)


def _add(row: PlayerStatistics, game_type: str, counts: Counter[str]) -> None:
    total = Counter(row.counts)
    total.update(counts)
    for name, source in HIGHEST.get(game_type, {}).items():
        if source in counts:
            total[name] = max(row.counts.get(name, counts[source]), counts[source])
    row.counts = dict(sorted(total.items()))
    row.games += 1


def apply(row: Event) -> None:
    game = finished_game(row.game_id)
    if game.abandoned:
        return
    counts = game_counts(game)
    for seat in game.seats:
        if seat.player is None:
            continue
        record, _ = PlayerStatistics.objects.get_or_create(player_id=seat.player,
                                                           game_type=game.game_type)
        _add(record, game.game_type, counts[seat.seat])
        record.save()


def reset() -> None:
    with transaction.atomic():
        PlayerStatistics.objects.all().delete()


PROJECTION = Projection(name="statistics", types=frozenset({LAST}), reset=reset, apply=apply)
