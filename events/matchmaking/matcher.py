"""The matcher: opens the tables the policy (policy.py) finds in one queue of waiting
tickets, and marks their tickets matched.

A matcher works in two steps. It *claims* a table's tickets in a short transaction under
the queue's lock, then *opens* the table's game (create, seat, start, tickets matched) in
a transaction of its own, outside that lock, so that several processes open tables of one
queue at once (docs/decisions/0012-matchmaking-queue-lock.md).

Claims of one queue take turns: each claim locks the queue's MatchQueue row
(`FOR NO KEY UPDATE SKIP LOCKED`: a matcher that finds it held leaves at once, without
waiting or holding a connection; NO KEY, so that the foreign key checks of tickets being
posted do not wait for it), then claims the unclaimed tickets of up to BATCH tables with
`FOR UPDATE SKIP LOCKED` (a ticket a cancel or the expiry sweep holds is left to them),
marking them with the claim's id and time. A claimed ticket is still `waiting` to its
player. Before each claim, and so again after its commit, a matcher reads the unclaimed
waiting tickets without a lock and claims only if the policy makes a table of them.
Taking turns is what guarantees that no full group is left waiting: two matchers that each
skipped the tickets the other held could each see too few for a table. Every post runs a
matcher once its ticket is committed: either it holds the queue and reads the ticket, or
the holder will, on its read after its commit.

Opening a claimed table locks its tickets and goes on only if every one is still waiting
under that claim; else (a cancel or the expiry came between) it gives the others back. A
claim that a crash left (older than CLAIM_STALE, its tickets not locked by an opener) is
given back by the worker's sweeper, which also matches the queues whose groups come of
age (settle time, bots). A ticket is matched only under its row lock while `waiting`: it
never lands in two games.

On the embedded default (SQLite) FOR UPDATE is a no-op and every write transaction holds
the database's one write lock from its start (config/settings.py): matchers take turns
all the same."""

from __future__ import annotations

import threading
import uuid
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from ..models import Game, GameStatus, MatchQueue, NoticeKind, Ticket, TicketStatus
from ..notices import notify
from ..writes.bots import add_bot
from ..writes.lobby import create_game, join_game, start_game
from .policy import Table, Waiting, first_table, plan

# The waiting tickets the policy reads at once (the oldest).
CLAIM = 400
# The tables one claim takes at most.
BATCH = 10
# The matchers of one process that claim and open one queue's tables at once; the others
# leave the work to them, so that the process's other pooled connections serve requests.
OPENERS = 2
# Seconds after which a claim whose table was never opened goes back to the queue.
CLAIM_STALE = 60
BOT_LEVEL = "basic"

_openers: dict[str, threading.BoundedSemaphore] = {}


def match_queue(key: str) -> list[Game]:
    """Open every table the queue's waiting tickets make now; the games opened. If
    another matcher holds the queue, leave it the work: it reads the queue again once it
    has committed, and runs again if a table can be made then."""
    games: list[Game] = []
    openers = _openers.setdefault(key, threading.BoundedSemaphore(OPENERS))
    while _can_open(key):
        if not openers.acquire(blocking=False):
            return games    # this process's openers of the queue read it again when done
        try:
            claim = _claim(key)
            if claim is not None:
                games += [game for table in claim.tables
                          if (game := _open_claimed(claim, table))]
        finally:
            openers.release()
        if claim is None:   # held by another matcher, or its tickets by a cancel or expiry
            return games
    return games


@dataclass(frozen=True)
class Claim:
    """The tables one claim took: their tickets carry `token` until opened."""

    token: uuid.UUID
    tables: list[Table]


def _can_open(key: str) -> bool:
    """Whether the queue's unclaimed waiting tickets, read without a lock, make a table
    now: most posts complete no table, and their matcher then ends here, without a
    transaction."""
    now = timezone.now()
    settle = timedelta(seconds=settings.DICE_MATCH_SETTLE)
    return first_table(_read(key, now), now, settle) is not None


def _claim(key: str) -> Claim | None:
    """One turn on the queue: claim the tickets of BATCH tables at most (their players see
    them soon, and a cancel never waits long); None if another matcher holds the queue or
    no table's tickets could all be claimed."""
    now = timezone.now()
    with transaction.atomic():
        queue = MatchQueue.objects.select_for_update(skip_locked=True, no_key=True)
        if queue.filter(key=key).first() is None:
            return None
        tables = plan(_read(key, now), now, timedelta(seconds=settings.DICE_MATCH_SETTLE),
                      limit=BATCH)      # read under the lock: every committed ticket
        ids = [m.ref for table in tables for m in table.members]
        free = set(_unclaimed(Ticket.objects.filter(id__in=ids))
                   .select_for_update(skip_locked=True).values_list("id", flat=True))
        claim = Claim(uuid.uuid4(), [table for table in tables
                                     if all(m.ref in free for m in table.members)])
        if not claim.tables:
            return None
        Ticket.objects.filter(id__in=[m.ref for t in claim.tables for m in t.members]).update(
            claim=claim.token, claimed_at=now)
        return claim


def _open_claimed(claim: Claim, table: Table) -> Game | None:
    """Open a claimed table in a transaction of its own, if its tickets are all still
    waiting under the claim; else give back the claim of those that are (None)."""
    ids = [m.ref for m in table.members]
    with transaction.atomic():
        held = {t.id: t for t in Ticket.objects.filter(
            id__in=ids, status=TicketStatus.WAITING, claim=claim.token).order_by("id")
            .select_related("user").select_for_update(of=("self",))}
        if len(held) < len(ids):
            Ticket.objects.filter(id__in=held).update(claim=None, claimed_at=None)
            return None
        return _open(table, [held[i] for i in ids])


def release_stale() -> set[str]:
    """Give back the claims older than CLAIM_STALE whose tables were never opened (the
    matcher crashed between its claim and the game), skipping any ticket an opener holds
    now; the queues they are back in."""
    before = timezone.now() - timedelta(seconds=CLAIM_STALE)
    with transaction.atomic():
        rows = list(Ticket.objects.filter(status=TicketStatus.WAITING, claim__isnull=False,
                                          claimed_at__lte=before)
                    .select_for_update(skip_locked=True).values_list("id", "queue_id"))
        Ticket.objects.filter(id__in=[row[0] for row in rows]).update(claim=None,
                                                                       claimed_at=None)
    return {row[1] for row in rows}


def _read(key: str, now: Any) -> list[Waiting]:
    """The queue's oldest waiting tickets (CLAIM at most) as the policy sees them."""
    rows = _waiting_in(key, now).order_by("created_at", "id").values_list(
        "id", "seats_min", "seats_max", "created_at", "bots_at")[:CLAIM]
    return [Waiting(*row) for row in rows]


def _waiting_in(key: str, now: Any) -> Any:
    return _unclaimed(Ticket.objects.filter(queue_id=key, expires_at__gt=now))


def _unclaimed(tickets: Any) -> Any:
    return tickets.filter(status=TicketStatus.WAITING, claim__isnull=True)


def due_queues() -> list[str]:
    """The queues with a waiting ticket old enough for the settle time or for bots."""
    now = timezone.now()
    settled = now - timedelta(seconds=settings.DICE_MATCH_SETTLE)
    waiting = _unclaimed(Ticket.objects.filter(expires_at__gt=now))
    keys = set(waiting.filter(created_at__lte=settled).values_list("queue_id", flat=True))
    keys |= set(waiting.filter(bots_at__lte=now).values_list("queue_id", flat=True))
    return sorted(keys)


def _open(table: Table, tickets: list[Ticket]) -> Game:
    """Open, seat and start the table's game through the lobby's write path; `tickets`
    are its members' (the host's first)."""
    host = tickets[0]
    commitments = _commitments(tickets)
    game = create_game(user=host.user, game_type=host.game_type, seats=table.size,
                       options=host.options, turn_timeout=settings.DICE_MATCH_TURN_TIMEOUT,
                       rated=True, capped=False, seed_commitment=commitments[0])
    for ticket, commitment in zip(tickets[1:], commitments[1:]):
        join_game(user=ticket.user, game_id=game.id, seed_commitment=commitment)
    for _ in range(table.bots):
        add_bot(user=host.user, game_id=game.id, level=BOT_LEVEL)
    game = start_game(user=host.user, game_id=game.id)
    matched(game, tickets)
    return game


def _commitments(tickets: list[Ticket]) -> list[str | None]:
    """Each ticket's seed commitment for its seat; a commitment an earlier ticket of the
    table carries already is left out (that seat commits none) rather than refusing the
    whole table."""
    seen: set[str] = set()
    out: list[str | None] = []
    for ticket in tickets:
        given = ticket.seed_commitment or None
        out.append(None if given in seen else given)
        if given:
            seen.add(given)
    return out


def matched(game: Game, tickets: list[Ticket]) -> None:
    """The match is made: `tickets` now name `game` (started, its players seated), in the
    matcher's transaction. The one place a match is announced from: each player hears
    `match_found` on their channel (events/notices/) when it commits."""
    now = timezone.now()
    Ticket.objects.filter(id__in=[t.id for t in tickets]).update(
        status=TicketStatus.MATCHED, game=game, matched_at=now)
    for ticket in tickets:
        ticket.status, ticket.game, ticket.matched_at = TicketStatus.MATCHED, game, now
    notify([ticket.user for ticket in tickets], NoticeKind.MATCH_FOUND, game,
           **({"status": game.status, "reveal_by": game.reveal_by.isoformat()}
              if game.status == GameStatus.REVEALING else {}))
