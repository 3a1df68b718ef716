"""The audit of the ratings (issue #28, item 5): hundreds of random rated games of every
type, projected as they come; rebuilding from the events alone gives the served values
exactly, and an outsider who follows docs/ratings.md with openskill alone gets them too."""

from __future__ import annotations

import random
from collections import defaultdict

import pytest
from django.contrib.auth import get_user_model
from openskill.models import PlackettLuce

from events.models import Rating, RatingChange
from events.projections.registry import PROJECTIONS, run_all
from events.projections.runner import rebuild
from tests.projections.records import GAME_TYPES, caught_up, users
from tests.support.streams import stored_game

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres, pytest.mark.slow]

GAMES_PER_TYPE = 40
MAX_PLAYERS = {"snake-bones": 5, "bamboozled": 6, "dark-knights": 4, "skip-bo-dice": 4,
               "bare-bones": 4}


def _served() -> tuple[list[tuple], list[tuple]]:
    ratings = sorted(Rating.objects.values_list("game_type", "player_id", "mu", "sigma",
                                                "ordinal", "games"))
    changes = sorted(RatingChange.objects.values_list(
        "applied", "game_id", "player_id", "seat", "place", "mu_before", "sigma_before",
        "mu", "sigma"))
    return ratings, changes


def _play(ids: list[str]) -> int:
    rng = random.Random(28)
    creator = get_user_model().objects.get(player__id=ids[0])
    order = [slug for slug in GAME_TYPES for _ in range(GAMES_PER_TYPE)]
    rng.shuffle(order)
    rated = 0
    for n, slug in enumerate(order):
        seats = rng.sample(ids, rng.randint(2, MAX_PLAYERS[slug]))
        kind = rng.random()
        if kind < 0.05:
            seats[-1] = None                      # a bot's seat: not rated
        stored_game(creator, slug, seats, seed=n, rated=kind > 0.1,
                    abandoned=0.1 < kind < 0.15)
        rated += kind >= 0.15
        if n % 25 == 0:
            run_all()                             # served as they come
    return rated


def _recomputed(changes: list[tuple]) -> dict[tuple[str, str], tuple[float, float]]:
    """docs/ratings.md followed with openskill alone: games in `applied` order, each seat
    a team of one, ranks = places, from mu 25, sigma 25/3."""
    model = PlackettLuce(mu=25.0, sigma=25 / 3, beta=25 / 6, kappa=0.0001, tau=25 / 300)
    by_game: dict[int, list[tuple]] = defaultdict(list)
    types = dict(RatingChange.objects.values_list("game_id", "game_type"))
    for change in changes:
        by_game[change[0]].append(change)
    current: dict[tuple[str, str], tuple[float, float]] = {}
    for applied in sorted(by_game):
        seats = sorted(by_game[applied], key=lambda c: c[3])
        game_type = types[seats[0][1]]
        teams = [[model.create_rating(list(current.get((game_type, c[2]), (25.0, 25 / 3))))]
                 for c in seats]
        result = model.rate(teams, ranks=[float(c[4]) for c in seats])
        for change, (new,) in zip(seats, result):
            current[(game_type, change[2])] = (new.mu, new.sigma)
    return current


def test_rebuilt_ratings_are_the_served_ones_and_an_outsider_gets_them_too() -> None:
    ids = [u.player.id for u in users(10, prefix="audit")]
    rated = _play(ids)
    caught_up(run_all, PROJECTIONS)
    ratings, changes = _served()
    assert len({c[1] for c in changes}) == rated > 120
    assert {r[0] for r in ratings} == set(GAME_TYPES)
    rebuild(PROJECTIONS["ratings"])
    caught_up(run_all, PROJECTIONS)
    assert _served() == (ratings, changes)         # identical, to the last bit
    outsider = _recomputed(changes)
    assert {(r[0], r[1]): (r[2], r[3]) for r in ratings} == outsider
