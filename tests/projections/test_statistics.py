"""Statistics from public events only, checked against what else the events say."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from events.models import Event, PlayedGame, PlayerStatistics
from events.projections import finished, statistics
from events.projections.registry import PROJECTIONS, run_all
from tests.projections.records import GAME_TYPES, caught_up, users
from tests.support.streams import stored_game

pytestmark = pytest.mark.django_db(transaction=True)


def _counts(player: str, game_type: str) -> dict[str, int]:
    return PlayerStatistics.objects.get(player_id=player, game_type=game_type).counts


def test_counters_agree_with_the_outcome_and_the_calls() -> None:
    people = users(3, prefix="stats")
    ids = [u.player.id for u in people]
    for seed, slug in enumerate(GAME_TYPES):
        stored_game(people[0], slug, ids, seed=seed)
    caught_up(run_all, PROJECTIONS)
    for player in ids:
        # Dark Knights: what a player banks is their final score.
        score = PlayedGame.objects.get(player_id=player, game_type="dark-knights").score
        assert _counts(player, "dark-knights")["banked_points"] == score
        bare = PlayedGame.objects.get(player_id=player, game_type="bare-bones").score
        assert _counts(player, "bare-bones")["total_score"] == bare
        assert _counts(player, "bare-bones")["best_score"] == bare
    for slug, kinds in (("snake-bones", statistics.CALLS), ("bamboozled", {"bluff_called"})):
        made = sum(_counts(p, slug).get("calls", 0) for p in ids)
        assert made == Event.objects.filter(game__game_type=slug, type__in=kinds).count() > 0
        assert all(_counts(p, slug).get("calls_right", 0) <= _counts(p, slug).get("calls", 0)
                   for p in ids)
    stars = sum(_counts(p, "skip-bo-dice").get("stars_collected", 0) for p in ids)
    assert stars > 0


def test_no_private_part_is_read() -> None:
    people = users(2, prefix="public")
    game_id = stored_game(people[0], "snake-bones", [u.player.id for u in people], seed=4)
    finished.finished_game.cache_clear()
    with CaptureQueriesContext(connection) as queries:
        finished.finished_game(game_id)
    reads = [q["sql"] for q in queries.captured_queries if "events_event" in q["sql"]]
    assert reads and not any('"private"' in sql or "*" in sql for sql in reads)
