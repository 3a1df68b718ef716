"""The queue lock (docs/decisions/0012-matchmaking-queue-lock.md), step by step on
PostgreSQL: while one matcher is in a pass, another leaves the queue to it; the holder
reads the queue again after its commit and matches the tickets posted meanwhile. A post
does not wait for the holder (the queue row is locked FOR NO KEY UPDATE, which a ticket's
foreign key check does not conflict with)."""

from __future__ import annotations

import threading
import time
from typing import Any
from unittest import mock

import pytest
from django.contrib.auth import get_user_model
from django.db import connection

from events.matchmaking import matcher, post_ticket, tickets
from events.models import Game, Ticket, TicketStatus

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
    real_open = matcher._open
    held: dict[str, Any] = {}

    def slow_open(table: Any, claimed: list[Ticket]) -> Game:
        if threading.current_thread().name == "holder" and not inside.is_set():
            inside.set()      # the queue and a table's tickets are locked now
            go.wait(20)
        return real_open(table, claimed)

    def hold() -> None:
        try:
            held["games"] = matcher.match_queue(key)
        finally:
            connection.close()

    with mock.patch.object(matcher, "_open", slow_open):
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
