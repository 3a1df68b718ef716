"""The reveal phase of dice scheme 3 (docs/decisions/0029-committed-seeds.md): its one home.

In the lobby each seat may commit to a seed (events/writes/lobby.py); the start records
the commitments in `table_seated` and hands the game to `open_reveal`:

    open_reveal  the bots' seeds revealed by the server; the seeds fixed at once if no
                 seat is left to reveal, else the game is `revealing` until `reveal_by`
    reveal_seed  POST /games/{id}/seed: a seat's seed, checked against its commitment
                 and kept on its row (served once fixed); the last reveal fixes the seeds
    fix_seeds    `client_seeds_fixed` (a seat that did not reveal withheld: ""), then
                 `open_game`: the rules' setup with dice over the fixed seeds, status active

The deadline is the clocks' (events/clocks/reveals.py): past `reveal_by` it calls
`fix_seeds` under the game's row lock, as the last reveal does, so only one of them fixes.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from games.core import GameConfig
from games.core.fairness import is_client_seed, seed_commitment
from games.service_events import ClientSeedsFixed

from .. import store
from ..errors import BadRequest, Conflict
from ..models import Event, Game, GameStatus, NoticeKind, Seat, SeedState
from ..notices import notify
from . import head
from .hooks import Acted
from .locks import dice_of, locked, seat_of_user, seats_of


def is_commitment(text: object) -> bool:
    """A seed commitment's shape: a SHA-256, 64 lowercase hex digits (as a seed's)."""
    return is_client_seed(text)


def open_reveal(game: Game, pending: list[Event]) -> None:
    """The start of a scheme 3 game whose `table_seated` is `pending` (not yet written):
    the server reveals its bots' seeds; if no seat is left to reveal the seeds are fixed
    and the game opens now, else it waits in `revealing` for the seats' reveals."""
    seats = seats_of(game)
    bots = [s for s in seats if s.is_bot and s.seed_state == SeedState.COMMITTED]
    Seat.objects.filter(pk__in=[s.pk for s in bots]).update(seed_state=SeedState.REVEALED)
    for seat in bots:
        seat.seed_state = SeedState.REVEALED
    if not _unrevealed(seats):
        fix_seeds(game, pending=pending)
        return
    game.status = GameStatus.REVEALING
    game.reveal_by = timezone.now() + timedelta(seconds=settings.DICE_SEED_REVEAL_TIMEOUT)
    store.insert_with_head(pending, game, [*head.HEAD_FIELDS, *head.STATUS_FIELDS,
                                           "reveal_by", "first_player"])
    notify([s.user for s in seats if s.user_id is not None], NoticeKind.SEEDS_REQUESTED,
           game, reveal_by=game.reveal_by.isoformat())
    head.publish_after_commit(game)


def reveal_seed(*, user: AbstractBaseUser, game_id: Any, client_seed: Any) -> Game:
    """The caller's seat reveals its seed; the last reveal fixes the seeds and opens the
    game in this transaction. 409 not_revealing, not_seated, no_commitment,
    already_revealed (another seed); 400 invalid_client_seed,
    seed_does_not_match_commitment. The same seed again changes nothing (200)."""
    with transaction.atomic():
        game = locked(game_id)
        if game.status != GameStatus.REVEALING:
            raise Conflict("seeds are revealed after the start, while the game is revealing",
                           code="not_revealing")
        seat = seat_of_user(game, user)
        if seat is None:
            raise Conflict("you have no seat at this table", code="not_seated")
        if not is_client_seed(client_seed):
            raise BadRequest("a client seed is 64 lowercase hex digits (32 random bytes)",
                             code="invalid_client_seed")
        if seat.seed_state == SeedState.REVEALED:
            if seat.client_seed == client_seed:
                return game
            raise Conflict("your seat revealed another seed", code="already_revealed")
        if seat.seed_state != SeedState.COMMITTED:
            raise Conflict("your seat committed to no seed", code="no_commitment")
        if seed_commitment(client_seed) != seat.seed_commitment:
            raise BadRequest("this seed does not hash to your seat's commitment",
                             code="seed_does_not_match_commitment")
        seat.client_seed, seat.seed_state = client_seed, SeedState.REVEALED
        seat.save(update_fields=["client_seed", "seed_state"])
        if not _unrevealed(seats_of(game)):
            fix_seeds(game)
        return game


def fix_seeds(game: Game, *, pending: list[Event] | None = None) -> None:
    """Fix the locked game's seeds (`client_seeds_fixed`): each revealed seed, "" for a
    seat that committed none, "" for one that did not reveal (withheld, listed); then open
    the game. `pending`: the start's rows not yet written (table_seated)."""
    pending = pending or []
    seats = seats_of(game)
    withheld = _unrevealed(seats)
    Seat.objects.filter(pk__in=[s.pk for s in withheld]).update(
        seed_state=SeedState.WITHHELD, client_seed="")
    for seat in withheld:
        seat.seed_state, seat.client_seed = SeedState.WITHHELD, ""
    seeds = tuple(s.client_seed if s.seed_state == SeedState.REVEALED else "" for s in seats)
    version_before = game.version - len(pending)
    fixed = store.append(game, store.Batch(
        [ClientSeedsFixed(client_seeds=seeds, withheld=tuple(s.number for s in withheld))],
        actor="system"), write=False)
    open_game(game, version_before=version_before, pending=[*pending, *fixed])


def open_game(game: Game, *, version_before: int, pending: list[Event]) -> None:
    """The rules' setup, with the game's dice over its seats' seeds as fixed, appended
    after `pending`; the game is active and its head refreshed as after any batch."""
    rules = store.rules_of(game)
    players = len(seats_of(game))
    config = GameConfig(players=players, options=game.options, first_player=game.first_player)
    dice = dice_of(game)
    events = rules.setup(config, dice)
    command = {"setup": {"players": players, "options": game.options,
                         "first_player": game.first_player}}
    opening = store.append(game, store.Batch(events, actor="system", command=command,
                                             draws=dice.draws), write=False)
    game.status = GameStatus.ACTIVE
    game.started_at = timezone.now()
    head.refresh(game, store.fold(rules, opening), Acted(), version_before=version_before,
                 pending=[*pending, *opening], started=True)


def _unrevealed(seats: list[Seat]) -> list[Seat]:
    return [s for s in seats if s.seed_state == SeedState.COMMITTED]
