"""The ratings projection: OpenSkill's Weng-Lin Plackett-Luce model per game type
(docs/ratings.md states the rules, the parameters and the order, to recompute them).

A game counts when it was created `rated`, finished (not abandoned), with at least two
seats and no bot; a player whose seat was left to autoplay counts as playing it. Games
are applied one at a time in the order their last events are read in commit order
(events/projections/feed.py); each one's ranks are its outcome's places (ties share one).
Each player of a game applied live (not by a rebuild's replay) is told on their channel,
in the projection's transaction: a `rating_changed` notice (events/notices/).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Max
from openskill.models import PlackettLuce

from ..models import Event, Game, NoticeKind, Rating, RatingChange
from ..notices import notify
from .finished import LAST, FinishedGame, finished_game
from .runner import Projection, replaying

# The model, with openskill's default parameters (written out: docs/ratings.md).
MU = 25.0
SIGMA = MU / 3
BETA = SIGMA / 2
KAPPA = 0.0001
TAU = MU / 300
MODEL = PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA, kappa=KAPPA, tau=TAU)


def ordinal(mu: float, sigma: float) -> float:
    """The displayed rating: mu - 3 sigma (openskill's `ordinal()`)."""
    return mu - 3 * sigma


def counts(game: FinishedGame) -> bool:
    """Whether the game is rated: created rated, ended by the rules (not abandoned), at
    least two seats, none a bot."""
    return (game.rated and not game.abandoned and len(game.seats) >= 2
            and not game.has_bots())


def apply(row: Event) -> None:
    game = finished_game(row.game_id)
    if not counts(game) or RatingChange.objects.filter(game_id=game.game_id).exists():
        return
    players = [seat.player for seat in game.seats]
    current = {r.player_id: r for r in Rating.objects.filter(game_type=game.game_type,
                                                              player_id__in=players)}
    before = [current.get(p) or Rating(player_id=p, game_type=game.game_type, mu=MU,
                                       sigma=SIGMA) for p in players]
    teams = [[MODEL.create_rating([r.mu, r.sigma], name=r.player_id)] for r in before]
    after = MODEL.rate(teams, ranks=[float(seat.place or 0) for seat in game.seats])
    applied = (RatingChange.objects.aggregate(last=Max("applied"))["last"] or 0) + 1
    changes = []
    for seat, rating, (new,) in zip(game.seats, before, after):
        changes.append(RatingChange.objects.create(
            applied=applied, game_id=game.game_id, game_type=game.game_type,
            player_id=rating.player_id, seat=seat.seat, place=seat.place or 0,
            mu_before=rating.mu, sigma_before=rating.sigma, mu=new.mu, sigma=new.sigma,
            finished_at=game.finished_at))
        rating.mu, rating.sigma = new.mu, new.sigma
        rating.ordinal = ordinal(new.mu, new.sigma)
        rating.games += 1
        rating.save()
    if not replaying():
        _announce(changes)


def _values(mu: float, sigma: float) -> dict[str, float]:
    return {"mu": mu, "sigma": sigma, "ordinal": ordinal(mu, sigma)}


def _announce(changes: list[RatingChange]) -> None:
    """Tell each player of the game their change (`rating_changed`), as served."""
    if not changes:
        return
    game = Game.objects.get(pk=changes[0].game_id)
    accounts: dict[str, Any] = {
        user.player.id: user for user in get_user_model().objects.select_related("player")
        .filter(player__id__in=[c.player_id for c in changes])}
    for change in changes:
        notify([accounts.get(change.player_id)], NoticeKind.RATING_CHANGED, game,
               seat=change.seat, place=change.place, applied=change.applied,
               before=_values(change.mu_before, change.sigma_before),
               after=_values(change.mu, change.sigma))


def reset() -> None:
    with transaction.atomic():
        RatingChange.objects.all().delete()
        Rating.objects.all().delete()


PROJECTION = Projection(name="ratings", types=frozenset({LAST}), reset=reset, apply=apply)
