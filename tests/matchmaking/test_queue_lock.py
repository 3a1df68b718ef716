"""The queue lock (docs/decisions/0012-matchmaking-queue-lock.md), step by step on
PostgreSQL: while one matcher claims tables, another leaves the queue to it; the holder
reads the queue again after its commit and matches the tickets posted meanwhile. A post
does not wait for the holder (the queue row is locked FOR NO KEY UPDATE, which a ticket's
foreign key check does not conflict with). Once a table's tickets are claimed, its game
is opened outside the queue lock: another matcher opens a table of the same queue
meanwhile."""

from __future__ import annotations

import threading
import time
from typing import Any
from unittest import mock

import pytest
from django.contrib.auth import get_user_model
from django.db import connection

from events.matchmaking import matcher, post_ticket, tickets
from events.models import Game, Seat, Ticket, TicketStatus

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def post_unmatched(n: int, start: int) -> str:
    """n waiting tickets for tables of four, posted without their matchers; the queue."""
    users = get_user_model().objects
    with mock.patch.object(tickets, "match_queue"):
        posted = [post_ticket(user=users.create(username=f"q{start + i}"),
                              game_type="snake-bones", seats_min=4, seats_max=4)
                  for i in range(n)]
    return posted[0].queue_id


def test_a_second_matcher_leaves_the_queue_to_its_holder_which_reads_it_again() -> None:
    key = post_unmatched(8, 0)
    inside, go = threading.Event(), threading.Event()
    real_plan = matcher.plan
    held: dict[str, Any] = {}

    def slow_plan(*args: Any, **kwargs: Any) -> Any:
        tables = real_plan(*args, **kwargs)     # the tickets read under the queue lock
        if threading.current_thread().name == "holder" and not inside.is_set():
            inside.set()      # the queue is locked now, its tickets read
            go.wait(20)
        return tables

    def hold() -> None:
        try:
            held["games"] = matcher.match_queue(key)
        finally:
            connection.close()

    with mock.patch.object(matcher, "plan", slow_plan):
        holder = threading.Thread(target=hold, name="holder")
        holder.start()
        assert inside.wait(20)
        began = time.monotonic()
        post_unmatched(4, 100)                  # committed while the holder is in its pass
        assert time.monotonic() - began < 5, "a post waited for the matcher's queue lock"
        assert matcher.match_queue(key) == []   # the queue is held: left to its holder
        assert Ticket.objects.filter(status=TicketStatus.MATCHED).count() == 0
        go.set()
        holder.join(30)
    assert len(held["games"]) == 3              # its two tables, then the one posted meanwhile
    assert set(Ticket.objects.values_list("status", flat=True)) == {TicketStatus.MATCHED}


def test_tables_of_one_queue_are_opened_at_once_outside_its_lock() -> None:
    key = post_unmatched(8, 200)
    inside, go = threading.Event(), threading.Event()
    real_open = matcher._open
    held: dict[str, Any] = {}

    def slow_open(table: Any, claimed: list[Ticket]) -> Game:
        if threading.current_thread().name == "holder" and not inside.is_set():
            inside.set()      # its table's tickets are claimed and locked; the queue is not
            go.wait(20)
        return real_open(table, claimed)

    def hold() -> None:
        try:
            held["games"] = matcher.match_queue(key)
        finally:
            connection.close()

    with mock.patch.object(matcher, "_open", slow_open), mock.patch.object(matcher, "BATCH", 1):
        holder = threading.Thread(target=hold, name="holder")
        holder.start()
        assert inside.wait(20)
        other = matcher.match_queue(key)        # the second table, while the first opens
        assert len(other) == 1
        assert Ticket.objects.filter(status=TicketStatus.MATCHED).count() == 4
        go.set()
        holder.join(30)
    assert len(held["games"]) == 1 and held["games"][0].id != other[0].id
    assert set(Ticket.objects.values_list("status", flat=True)) == {TicketStatus.MATCHED}
    assert Seat.objects.count() == 8
