"""A player who deletes their account leaves every table (docs/accounts.md, "Deleting an
account"). `depart(user)` runs inside the deletion's transaction (accounts/deletion.py
calls it; api/apps.py wires it, since events/ and accounts/ do not import each other):

- **lobbies** (games not started): the seat is freed as `POST /games/{id}/leave` frees it.
  A table the user opened is handed to the player who joined it first, who becomes its
  creator; a table with no other player (bots at most) is closed: deleted, as it has no
  event yet (a rematch's table too: its invitations end, and the finished game's
  `rematch` is cleared, so its players may ask again);
- **active games**: the seat goes on autoplay for good and the game's basic bot plays it
  (events/bots/turns.py `take_over`): at once if the seat is awaited now, and from then
  on without the grace a returning player gets, since no one can return. Its moves are
  ordinary `bot:N` events through the write path; the seat's clock stays the fallback;
- **revealing games** (started, their seeds not fixed yet: events/writes/seeding.py): the
  seat goes on autoplay for good, so the bot plays it once the game begins; a seed it
  committed to and did not reveal is withheld at the deadline;
- **finished games**: nothing changes; they stay replayable and verifiable;
- their waiting matchmaking tickets are cancelled first (events/matchmaking/), so no
  matcher seats them again; a table matched just before is among the active games;
- the user's idempotency records (the keys their app sent) are deleted, their live
  channel's notices (events/notices/; none is written to a deleted account after), and
  their webhooks with their delivery logs (events/webhooks/registrations.py), their push
  subscriptions with their push log and choice of kinds (events/push/subscriptions.py).

Idempotent: a second run finds no lobby seat, active seats already on autoplay (their
bot turn rewritten for the same version, which plays once), no webhook, no subscription.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db import transaction

from .bots.turns import take_over
from .matchmaking import cancel_all
from .models import Game, GameStatus, IdempotencyRecord, PlayerNotice, Seat
from .push import subscriptions as push_subscriptions
from .webhooks.registrations import delete_all_webhooks
from .writes.locks import locked, seats_of


@dataclass
class Departure:
    """What a departure did, game ids as strings."""

    left: list[str] = field(default_factory=list)
    handed_over: list[str] = field(default_factory=list)
    closed: list[str] = field(default_factory=list)
    autoplayed: list[str] = field(default_factory=list)


def depart(user: Any) -> Departure:
    """Take the user out of every game that is not over (see the module's docstring);
    one game locked at a time, in the order of their ids."""
    done = Departure()
    with transaction.atomic():
        cancel_all(user)
        game_ids = sorted({str(g) for g in Seat.objects.filter(user=user)
                           .exclude(game__status=GameStatus.FINISHED)
                           .values_list("game_id", flat=True)}
                          | {str(g) for g in Game.objects.filter(creator=user,
                                                                 status=GameStatus.LOBBY)
                             .values_list("id", flat=True)})
        for game_id in game_ids:
            game = locked(game_id)
            if game.status == GameStatus.LOBBY:
                _leave_lobby(game, user, done)
            elif game.status == GameStatus.ACTIVE:
                _hand_to_bot(game, user, done)
            elif game.status == GameStatus.REVEALING:
                _on_autoplay(game, user, done)
        IdempotencyRecord.objects.filter(user=user).delete()
        PlayerNotice.objects.filter(user=user).delete()  # nobody can read them any more
        delete_all_webhooks(user)
        push_subscriptions.delete_all(user)
    return done


def _leave_lobby(game: Game, user: Any, done: Departure) -> None:
    seats = seats_of(game)
    Seat.objects.filter(game=game, user=user).delete()
    if game.creator_id != user.pk:
        done.left.append(str(game.id))
        return
    others = sorted((s for s in seats if s.user_id is not None and s.user_id != user.pk),
                    key=lambda s: (s.joined_at, s.number))
    if others:
        Game.objects.filter(pk=game.pk).update(creator_id=others[0].user_id)
        done.handed_over.append(str(game.id))
    else:
        Seat.objects.filter(game=game).delete()
        # A rematch's lobby: the finished game's link to it goes first (it protects the
        # row), so that its players may ask for a rematch again.
        Game.objects.filter(rematch=game).update(rematch=None)
        game.delete()
        done.closed.append(str(game.id))


def _on_autoplay(game: Game, user: Any, done: Departure) -> None:
    """A revealing game awaits no move yet: the seat is only put on autoplay, which the
    bots and clocks act on once the game begins (as for a seat that timed out)."""
    Seat.objects.filter(game=game, user=user).update(autoplay=True)
    done.autoplayed.append(str(game.id))


def _hand_to_bot(game: Game, user: Any, done: Departure) -> None:
    seat = next((s for s in seats_of(game) if s.user_id == user.pk), None)
    if seat is None:  # the creator's seat is always theirs; defensive
        return
    if not seat.autoplay:
        Seat.objects.filter(pk=seat.pk).update(autoplay=True)
        seat.autoplay = True
    take_over(game, seat.number)
    done.autoplayed.append(str(game.id))
