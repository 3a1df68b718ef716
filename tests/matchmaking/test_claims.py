"""A table's tickets are claimed under the queue lock and its game opened in a transaction
of its own (events/matchmaking/matcher.py): a matcher that dies between the two leaves a
claim, which the sweep gives back once stale; a ticket is never seated twice, a cancel
between the two gives the others back, and a claimed ticket still reads `waiting`."""

from __future__ import annotations

from datetime import timedelta
from unittest import mock

import pytest
from django.contrib.auth import get_user_model

from events import matchmaking
from events.matchmaking import cancel_ticket, matcher, post_ticket, ticket_of, tickets
from events.models import Game, Seat, Ticket, TicketStatus

pytestmark = pytest.mark.django_db(transaction=True)


def post_unmatched(n: int, start: int) -> list[Ticket]:
    """n waiting tickets for tables of four, posted without their matchers."""
    users = get_user_model().objects
    with mock.patch.object(tickets, "match_queue"):
        return [post_ticket(user=users.create(username=f"c{start + i}"),
                            game_type="snake-bones", seats_min=4, seats_max=4)
                for i in range(n)]


def age_claims() -> None:
    """The claims as if made CLAIM_STALE seconds ago."""
    for ticket in Ticket.objects.filter(claim__isnull=False):
        ticket.claimed_at -= timedelta(seconds=matcher.CLAIM_STALE + 1)
        ticket.save(update_fields=["claimed_at"])


def test_a_crash_between_claim_and_open_is_swept_back_and_matched_once() -> None:
    four = post_unmatched(4, 0)
    key = four[0].queue_id
    with mock.patch.object(matcher, "_open", side_effect=RuntimeError("killed")), \
            pytest.raises(RuntimeError):
        matcher.match_queue(key)                # the game's transaction never commits
    assert Ticket.objects.filter(claim__isnull=False).count() == 4
    assert Game.objects.count() == 0
    mine = ticket_of(four[0].user, four[0].id)
    assert mine.status == TicketStatus.WAITING and mine.game_id is None
    assert matcher.match_queue(key) == []       # claimed: no other matcher takes them
    assert matchmaking.sweep()["matched_games"] == 0    # not stale yet
    age_claims()
    assert matchmaking.sweep()["matched_games"] == 1
    assert set(Ticket.objects.values_list("status", flat=True)) == {TicketStatus.MATCHED}
    assert Game.objects.count() == 1 and Seat.objects.count() == 4


def test_a_stale_claim_given_back_and_claimed_again_is_not_opened_by_its_first_matcher() -> None:
    key = post_unmatched(4, 10)[0].queue_id
    slow = matcher._claim(key)                  # then this matcher stalls past CLAIM_STALE
    assert slow is not None and len(slow.tables) == 1
    age_claims()
    assert matcher.release_stale() == {key}
    again = matcher._claim(key)                 # another matcher claims the table again
    assert again is not None
    assert matcher._open_claimed(slow, slow.tables[0]) is None
    assert matcher._open_claimed(again, again.tables[0]) is not None
    assert matcher._open_claimed(slow, slow.tables[0]) is None
    assert Game.objects.count() == 1 and Seat.objects.count() == 4
    assert set(Ticket.objects.values_list("status", flat=True)) == {TicketStatus.MATCHED}


def test_a_cancel_between_claim_and_open_gives_the_others_back() -> None:
    four = post_unmatched(4, 20)
    key = four[0].queue_id
    claim = matcher._claim(key)
    assert claim is not None
    cancel_ticket(user=four[1].user, ticket_id=four[1].id)
    assert matcher._open_claimed(claim, claim.tables[0]) is None
    assert Ticket.objects.filter(claim__isnull=False, status=TicketStatus.WAITING).count() == 0
    post_unmatched(1, 30)
    games = matcher.match_queue(key)
    assert len(games) == 1 and Seat.objects.count() == 4
    assert Ticket.objects.filter(status=TicketStatus.MATCHED).count() == 4
