"""The matching policy (events/matchmaking/policy.py), pure: which waiting tickets make a
table now."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from events.matchmaking.policy import Waiting, plan

T0 = datetime(2026, 11, 27, 9, 0, tzinfo=UTC)
SETTLE = timedelta(seconds=10)


def waiting(name: str, low: int, high: int, age: float = 0, bots: float | None = None,
            now: datetime = T0) -> Waiting:
    created = now - timedelta(seconds=age)
    return Waiting(ref=name, seats_min=low, seats_max=high, created_at=created,
                   bots_at=None if bots is None else created + timedelta(seconds=bots))


def tables(tickets: list[Waiting], now: datetime = T0) -> list[tuple[int, list[str], int]]:
    return [(t.size, [m.ref for m in t.members], t.bots) for t in plan(tickets, now, SETTLE)]


def test_a_full_table_starts_at_once_with_the_oldest_tickets() -> None:
    five = [waiting(f"t{i}", 4, 4, age=5 - i) for i in range(5)]
    assert tables(five) == [(4, ["t0", "t1", "t2", "t3"], 0)]


def test_the_largest_size_is_tried_first() -> None:
    many = [waiting(f"t{i}", 2, 4, age=1) for i in range(9)]
    assert tables(many) == [(4, ["t0", "t1", "t2", "t3"], 0), (4, ["t4", "t5", "t6", "t7"], 0)]


def test_a_group_that_could_take_more_waits_for_the_settle_time() -> None:
    young = [waiting("a", 2, 4, age=9), waiting("b", 2, 4, age=1)]
    assert tables(young) == []
    settled = [waiting("a", 2, 4, age=10), waiting("b", 3, 4, age=1), waiting("c", 2, 3)]
    assert tables(settled) == [(3, ["a", "b", "c"], 0)]


def test_a_member_that_takes_no_more_makes_the_group_full() -> None:
    assert tables([waiting("a", 2, 4, age=2), waiting("b", 2, 2)]) == [(2, ["a", "b"], 0)]


def test_ranges_without_a_common_size_never_meet() -> None:
    assert tables([waiting("a", 2, 2, age=60), waiting("b", 3, 3, age=60)]) == []


def test_a_solo_table_for_a_game_of_one() -> None:
    assert tables([waiting("solo", 1, 1)]) == [(1, ["solo"], 0)]


def test_bots_fill_the_anchor_table_with_those_who_accept_bots() -> None:
    queue = [waiting("a", 4, 4, age=30, bots=30), waiting("plain", 4, 4, age=20),
             waiting("b", 2, 4, age=10, bots=100)]
    assert tables(queue) == [(4, ["a", "b"], 2)]
    assert tables(queue[1:]) == []


def test_no_ticket_is_in_two_tables() -> None:
    queue = [waiting(f"t{i}", 2 + i % 3, 4, age=i, bots=i % 2 or None) for i in range(40)]
    refs = [m for t in tables(queue, T0 + timedelta(seconds=60)) for m in t[1]]
    assert len(refs) == len(set(refs))
