"""The history projection: each player's finished games, and their totals per game type.

On a game's last event, one `PlayedGame` row per player seat (bots have none), and the
player's `PlayerRecord` of the game type counts it as played (and won, for a winner). An
abandoned game is in the history with the result `abandoned` and counts as played, not won.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import F

from ..models import Event, PlayedGame, PlayerRecord
from .finished import LAST, FinishedGame, SeatResult, finished_game
from .runner import Projection
from .statistics import disputed_calls

WON, LOST, ABANDONED = "won", "lost", "abandoned"
RESULTS = (WON, LOST, ABANDONED)


def result_of(game: FinishedGame, seat: SeatResult) -> str:
    if game.abandoned:
        return ABANDONED
    return WON if seat.won else LOST


def apply(row: Event) -> None:
    game = finished_game(row.game_id)
    calls = disputed_calls(game)
    for seat in game.seats:
        if seat.player is None:
            continue
        result = result_of(game, seat)
        _, created = PlayedGame.objects.get_or_create(
            player_id=seat.player, game_id=game.game_id, defaults={
                "game_type": game.game_type, "seat": seat.seat, "players": len(game.seats),
                "result": result, "place": seat.place, "score": seat.score,
                "rated": game.rated, "disputed_calls": calls.get(seat.seat, 0),
                "finished_at": game.finished_at})
        if created:
            PlayerRecord.objects.get_or_create(player_id=seat.player, game_type=game.game_type)
            PlayerRecord.objects.filter(player_id=seat.player, game_type=game.game_type).update(
                played=F("played") + 1, won=F("won") + int(result == WON))


def reset() -> None:
    with transaction.atomic():
        PlayedGame.objects.all().delete()
        PlayerRecord.objects.all().delete()


PROJECTION = Projection(name="history", types=frozenset({LAST}), reset=reset, apply=apply)
