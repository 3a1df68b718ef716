"""Matchmaking tickets: post one, cancel one, read them, expire the old ones.

A ticket is checked as `POST /games` checks a game (events/writes/lobby.py: the game
type, each end of the seat range as a table size, the options, made canonical), so that
two tickets asking for the same table in different words land in one queue. One waiting
ticket per player and game type: a partial unique constraint (Ticket's Meta) decides
whatever races, 409 `ticket_exists`."""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Mapping
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from ..errors import BadRequest, Conflict, NotFound
from ..models import MatchQueue, Ticket, TicketStatus
from ..writes.lobby import canonical_options, check_table_size, rules_for
from ..writes.seeding import is_commitment
from .matcher import match_queue

log = logging.getLogger(__name__)

# The longest wait before bots fill a ticket's table (seconds): its one home.
MAX_BOT_FILL = 600
# How many of their tickets a player's list shows (the most recent).
LISTED = 20


def post_ticket(*, user: AbstractBaseUser, game_type: Any, seats_min: int, seats_max: int,
                options: Mapping[str, Any] | None = None,
                fill_with_bots_after: int | None = None,
                seed_commitment: Any = None) -> Ticket:
    """A waiting ticket for `user`; matching runs once it is committed (the ticket may be
    matched when this returns). 400 unknown_game_type, invalid_seats, invalid_options,
    invalid_fill_with_bots_after, invalid_seed_commitment; 409 ticket_exists."""
    rules = rules_for(game_type)
    if seats_min > seats_max:
        raise BadRequest("seats.min is more than seats.max", code="invalid_seats")
    check_table_size(rules, seats_min)
    check_table_size(rules, seats_max)
    resolved = canonical_options(rules, options)
    if fill_with_bots_after is not None and not 0 <= fill_with_bots_after <= MAX_BOT_FILL:
        raise BadRequest(f"fill_with_bots_after is 0 to {MAX_BOT_FILL} seconds, or null",
                         code="invalid_fill_with_bots_after")
    if seed_commitment is not None and not is_commitment(seed_commitment):
        raise BadRequest("a seed commitment is 64 lowercase hex digits",
                         code="invalid_seed_commitment")
    key = queue_key(game_type, resolved)
    now = timezone.now()
    with transaction.atomic():
        _expire(Ticket.objects.filter(user=user, game_type=game_type), now)
        MatchQueue.objects.bulk_create([MatchQueue(key=key, game_type=game_type)],
                                       ignore_conflicts=True)
        ticket = Ticket(
            user=user, game_type=game_type, options=resolved, queue_id=key,
            seats_min=seats_min, seats_max=seats_max,
            fill_with_bots_after=fill_with_bots_after, created_at=now,
            seed_commitment=seed_commitment or "",
            bots_at=(None if fill_with_bots_after is None
                     else now + timedelta(seconds=fill_with_bots_after)),
            expires_at=now + timedelta(seconds=settings.DICE_TICKET_LIFETIME))
        try:
            with transaction.atomic():
                ticket.save(force_insert=True)
        except IntegrityError:
            raise _ticket_exists(user, game_type) from None
        transaction.on_commit(lambda: _match_now(key))
    return ticket


def _ticket_exists(user: AbstractBaseUser, game_type: str) -> Conflict:
    """409 ticket_exists, naming the waiting ticket held (if it is still waiting now)."""
    held = Ticket.objects.filter(user=user, game_type=game_type,
                                 status=TicketStatus.WAITING).values_list("id", flat=True).first()
    extra = {"ticket": str(held)} if held else {}
    return Conflict(f"you already hold a waiting ticket for {game_type}",
                    code="ticket_exists", **extra)


def queue_key(game_type: str, options: Mapping[str, Any]) -> str:
    """The queue of a game type and canonical options: tickets of one key are compatible."""
    text = json.dumps([game_type, options], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def _match_now(key: str) -> None:
    """Match the queue after a post; a failure is left to the sweeper (events/tasks.py)."""
    try:
        match_queue(key)
    except Exception:
        log.exception("matching queue %s failed; the sweeper will match it", key)


def cancel_ticket(*, user: AbstractBaseUser, ticket_id: Any) -> Ticket:
    """Cancel the caller's waiting ticket. 404 ticket_not_found; 409 ticket_matched (it
    names a game now), ticket_not_waiting (cancelled or expired before)."""
    with transaction.atomic():
        ticket = _own(Ticket.objects.select_for_update(), user, ticket_id)
        if ticket.status == TicketStatus.WAITING and ticket.expires_at <= timezone.now():
            ticket.status = TicketStatus.EXPIRED
            ticket.save(update_fields=["status"])
        if ticket.status == TicketStatus.MATCHED:
            raise Conflict("the ticket is matched: its game has started",
                           code="ticket_matched", game=str(ticket.game_id))
        if ticket.status != TicketStatus.WAITING:
            raise Conflict(f"the ticket is {ticket.status} already", code="ticket_not_waiting")
        ticket.status = TicketStatus.CANCELLED
        ticket.save(update_fields=["status"])
        return ticket


def cancel_all(user: AbstractBaseUser) -> int:
    """Cancel every waiting ticket of the user (their account is being deleted); waits
    for a matcher that holds one. Returns how many."""
    return Ticket.objects.filter(user=user, status=TicketStatus.WAITING).update(
        status=TicketStatus.CANCELLED)


def ticket_of(user: AbstractBaseUser, ticket_id: Any) -> Ticket:
    """The caller's ticket as it stands now (a waiting ticket past its time reads as
    expired, before the sweeper marks it). 404 ticket_not_found, also for another's."""
    return _as_now(_own(Ticket.objects.all(), user, ticket_id))


def tickets_of(user: AbstractBaseUser) -> list[Ticket]:
    """The caller's most recent tickets (LISTED), newest first."""
    return [_as_now(t) for t in
            Ticket.objects.filter(user=user).order_by("-created_at", "-id")[:LISTED]]


def expire_due() -> int:
    """Mark the waiting tickets past their time expired (skipping any a matcher or a
    cancel holds: they are decided there). Returns how many."""
    with transaction.atomic():
        return _expire(Ticket.objects.all(), timezone.now())


def _expire(tickets: Any, now: Any) -> int:
    due = tickets.filter(status=TicketStatus.WAITING, expires_at__lte=now)
    ids = list(due.select_for_update(skip_locked=True).values_list("id", flat=True))
    return Ticket.objects.filter(id__in=ids).update(status=TicketStatus.EXPIRED)


def _own(tickets: Any, user: AbstractBaseUser, ticket_id: Any) -> Ticket:
    try:
        return tickets.get(id=ticket_id, user=user)
    except (Ticket.DoesNotExist, ValueError, ValidationError):
        raise NotFound("no such ticket", code="ticket_not_found") from None


def _as_now(ticket: Ticket) -> Ticket:
    if ticket.status == TicketStatus.WAITING and ticket.expires_at <= timezone.now():
        ticket.status = TicketStatus.EXPIRED
    return ticket
