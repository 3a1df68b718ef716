"""The write path of a rematch: a player of a finished game opens the same table again.

The new game is a lobby like any other (events/writes/lobby.py): same game type, options,
table size and turn clock, a fresh server seed and commitment (dice scheme 3). Every
seat commits anew (the asker's seat starts with none; the finished game's seeds are public
and never reused; its bots draw new ones). The asker hosts it and
keeps their seat number; each bot of the finished game sits again in its seat with its
level (a level the game no longer offers is left out); the finished game's other players
are invited (`invited`: their player ids; a `rematch_offered` notice on their live channel,
events/notices/) and take the seats left with the usual join.

One rematch per game: the finished game's row is locked while its rematch is looked up
and created, so a second request, concurrent or later, gets the first rematch back
(`Game.rematch_of` being unique is the last guard)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from games import registry
from games.core.fairness import commitment

from .. import caps
from ..errors import Conflict, Forbidden
from ..models import NEW_DICE_SCHEME, Game, GameStatus, NoticeKind, Seat
from ..notices import notify
from .bots import bot_seed
from .lobby import new_server_seed
from .locks import locked, seat_of_user, seats_of


@dataclass(frozen=True)
class Rematch:
    game: Game
    created: bool  # False: the rematch someone asked for before


def rematch_game(*, user: AbstractBaseUser, game_id: Any) -> Rematch:
    """The finished game's rematch: created now (asked by `user`, who hosts it), or the
    one created before. 404 game_not_found, 403 not_a_player, 409 game_not_finished,
    too_many_open_tables (a new rematch counts as a table its asker created)."""
    with transaction.atomic():
        caps.lock_user(user)  # the user's row before the game's, as create_game
        origin = locked(game_id)
        own = seat_of_user(origin, user)
        if own is None:
            raise Forbidden("only a player of the game may ask for its rematch",
                            code="not_a_player")
        if origin.status != GameStatus.FINISHED:
            raise Conflict("a rematch follows a finished game", code="game_not_finished")
        if origin.rematch_id is not None:
            return Rematch(Game.objects.get(pk=origin.rematch_id), created=False)
        caps.check_open_tables(user)
        seats = seats_of(origin)
        seed = new_server_seed()
        game = Game.objects.create(
            game_type=origin.game_type, options=origin.options, seats=origin.seats,
            creator=user, server_seed=seed, server_seed_hash=commitment(seed, NEW_DICE_SCHEME),
            dice_scheme=NEW_DICE_SCHEME,
            turn_timeout=origin.turn_timeout, autoplay_after=origin.autoplay_after,
            rematch_of=origin, invited=_invited(seats, user), private=origin.private,
            rated=origin.rated,
        )
        Seat.objects.create(game=game, number=own.number, user=user)
        levels = set(registry.bot_levels(origin.game_type))
        for seat in seats:
            if seat.is_bot and seat.bot_level in levels and seat.number < game.seats:
                Seat.objects.create(game=game, number=seat.number, user=None,
                                    bot_level=seat.bot_level, **bot_seed(game))
        origin.rematch = game
        origin.save(update_fields=["rematch"])
        notify([s.user for s in seats if s.user_id not in (None, user.pk)],
               NoticeKind.REMATCH_OFFERED, game, rematch_of=str(origin.id),
               by=own.player_public_id())
        return Rematch(game, created=True)


def _invited(seats: list[Seat], asker: AbstractBaseUser) -> list[str]:
    """The player ids of the finished game's other players, in seat order; a deleted
    account is not invited (it can no longer join)."""
    invited = []
    for seat in seats:
        player = seat.player()
        if player is None or seat.user_id == asker.pk or player.is_deleted:
            continue
        invited.append(player.id)
    return invited
