"""The matcher: opens the tables the policy (policy.py) finds in one queue of waiting
tickets, and marks their tickets matched, in one transaction.

Matchers of one queue take turns: each pass locks the queue's MatchQueue row
(`FOR NO KEY UPDATE SKIP LOCKED`: a matcher that finds it held leaves at once, without
waiting or holding a connection; NO KEY, so that the foreign key checks of tickets being
posted do not wait for it), then claims the tickets of up to BATCH tables with `FOR
UPDATE SKIP LOCKED` (a ticket a cancel or the expiry sweep holds is left to them). Before
each pass, and so again after its commit, a matcher reads the waiting tickets without a
lock and runs a pass only if the policy makes a table of them. Taking turns is what
guarantees that no full group is left waiting: two matchers that each skipped the
tickets the other held could each see too few for a table
(docs/decisions/0012-matchmaking-queue-lock.md). Every post runs a matcher once its ticket
is committed: either it holds the queue and reads the ticket, or the holder will, on its
read after its commit. The worker's sweeper matches the queues whose groups come of age
(settle time, bots) and expires old tickets.

On the embedded default (SQLite) FOR UPDATE is a no-op and every write transaction holds
the database's one write lock from its start (config/settings.py): matchers take turns
all the same."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from ..models import Game, MatchQueue, NoticeKind, Ticket, TicketStatus
from ..notices import notify
from ..writes.bots import add_bot
from ..writes.lobby import create_game, join_game, start_game
from .policy import Table, Waiting, first_table, plan

# The waiting tickets the policy reads at once (the oldest).
CLAIM = 400
# The tables one transaction opens at most.
BATCH = 10
BOT_LEVEL = "basic"


def match_queue(key: str) -> list[Game]:
    """Open every table the queue's waiting tickets make now; the games opened. If
    another matcher holds the queue, leave it the work: it reads the queue again once it
    has committed, and runs again if a table can be made then."""
    games: list[Game] = []
    while _can_open(key):
        opened = _pass(key)
        if not opened:      # held by another matcher, or its tickets by a cancel or expiry
            return games
        games += opened
    return games


def _can_open(key: str) -> bool:
    """Whether the queue's waiting tickets, read without a lock, make a table now: most
    posts complete no table, and their matcher then ends here, without a transaction."""
    now = timezone.now()
    settle = timedelta(seconds=settings.DICE_MATCH_SETTLE)
    return first_table(_read(key, now), now, settle) is not None


def _pass(key: str) -> list[Game]:
    """One turn on the queue: the games opened, BATCH at most a transaction (their
    players see them soon, and a cancel never waits long); none if another matcher holds
    the queue."""
    now = timezone.now()
    with transaction.atomic():
        queue = MatchQueue.objects.select_for_update(skip_locked=True, no_key=True)
        if queue.filter(key=key).first() is None:
            return []
        tables = plan(_read(key, now), now, timedelta(seconds=settings.DICE_MATCH_SETTLE),
                      limit=BATCH)      # read under the lock: every committed ticket
        ids = [m.ref for table in tables for m in table.members]
        claimed = {t.id: t for t in Ticket.objects.filter(id__in=ids, status=TicketStatus.WAITING)
                   .select_related("user").select_for_update(skip_locked=True, of=("self",))}
        return [_open(table, [claimed[m.ref] for m in table.members]) for table in tables
                if all(m.ref in claimed for m in table.members)]


def _read(key: str, now: Any) -> list[Waiting]:
    """The queue's oldest waiting tickets (CLAIM at most) as the policy sees them."""
    rows = _waiting_in(key, now).order_by("created_at", "id").values_list(
        "id", "seats_min", "seats_max", "created_at", "bots_at")[:CLAIM]
    return [Waiting(*row) for row in rows]


def _waiting_in(key: str, now: Any) -> Any:
    return Ticket.objects.filter(queue_id=key, status=TicketStatus.WAITING, expires_at__gt=now)


def due_queues() -> list[str]:
    """The queues with a waiting ticket old enough for the settle time or for bots."""
    now = timezone.now()
    settled = now - timedelta(seconds=settings.DICE_MATCH_SETTLE)
    waiting = Ticket.objects.filter(status=TicketStatus.WAITING, expires_at__gt=now)
    keys = set(waiting.filter(created_at__lte=settled).values_list("queue_id", flat=True))
    keys |= set(waiting.filter(bots_at__lte=now).values_list("queue_id", flat=True))
    return sorted(keys)


def _open(table: Table, tickets: list[Ticket]) -> Game:
    """Open, seat and start the table's game through the lobby's write path; `tickets`
    are its members' (the host's first)."""
    host = tickets[0]
    game = create_game(user=host.user, game_type=host.game_type, seats=table.size,
                       options=host.options, turn_timeout=settings.DICE_MATCH_TURN_TIMEOUT,
                       rated=True)
    for ticket in tickets[1:]:
        join_game(user=ticket.user, game_id=game.id)
    for _ in range(table.bots):
        add_bot(user=host.user, game_id=game.id, level=BOT_LEVEL)
    game = start_game(user=host.user, game_id=game.id)
    matched(game, tickets)
    return game


def matched(game: Game, tickets: list[Ticket]) -> None:
    """The match is made: `tickets` now name `game` (started, its players seated), in the
    matcher's transaction. The one place a match is announced from: each player hears
    `match_found` on their channel (events/notices/) when it commits."""
    now = timezone.now()
    Ticket.objects.filter(id__in=[t.id for t in tickets]).update(
        status=TicketStatus.MATCHED, game=game, matched_at=now)
    for ticket in tickets:
        ticket.status, ticket.game, ticket.matched_at = TicketStatus.MATCHED, game, now
    notify([ticket.user for ticket in tickets], NoticeKind.MATCH_FOUND, game)
