"""The Snake Bones bots (issue #17): legal, deterministic, and what they do on purpose.
Blind to others' secrets and better than random play: tests/games/test_bots.py."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from games.core import GameEvent
from games.core.bots import Rng, Seen, random_policy
from games.core.legal import expand_all
from games.snake_bones import RULES as R
from games.snake_bones.bot import BOTS, binomial, hand_counts, independent_table, inferred_table
from games.snake_bones.state import State
from tests.support import bots
from tests.support.harness import RandomDice

Policy = Callable[[Seen, Rng], dict[str, Any]]
OPTION_MIXES = [{}, {"ones_wild": True}, {"raise_rule": "quantity_or_face"},
                {"ones_wild": True, "raise_rule": "quantity_or_face"}]


def seen_for(state: State, events: list[GameEvent], seat: int) -> Seen:
    return bots.seen_for(R, state, events, seat)


def play(policies: list[Policy], seed: int, options: dict[str, Any] | None = None,
         visit: bots.Visit | None = None) -> dict[str, Any]:
    """One game, seat i played by policies[i]; `visit` sees every decision."""
    return bots.play(R, policies, seed, options or {}, visit, max_steps=5000)


@pytest.mark.parametrize("level", list(BOTS))
@pytest.mark.parametrize("players", [2, 3, 5])
def test_every_action_is_listed_and_accepted(level: str, players: int) -> None:
    checked = 0

    def visit(state, events, seat, seen, action):
        nonlocal checked
        if seat == 0:
            assert action in expand_all(list(seen.legal))
            R.decide(state, seat, action, RandomDice(random.Random(checked)))  # accepted
            checked += 1

    for game, options in enumerate(OPTION_MIXES):
        play([BOTS[level]] + [random_policy] * (players - 1), 100 * players + game, options, visit)
    assert checked > 20


@pytest.mark.parametrize("level", list(BOTS))
def test_same_seen_and_seed_same_action(level: str) -> None:
    seens: list[Seen] = []
    play([BOTS[level], random_policy], 7, {"ones_wild": True},
         lambda state, events, seat, seen, action: seens.append(seen) if seat == 0 else None)
    for i, seen in enumerate(seens):
        assert BOTS[level](seen, Rng(f"x{i}")) == BOTS[level](seen, Rng(f"x{i}"))


def test_the_table_counts_own_dice_and_the_unseen_ones() -> None:
    table = independent_table([4, 4, 2, 1, 6], unseen=5, ones_wild=False)
    assert table.true(2, 4) == pytest.approx(1.0)
    assert table.true(3, 4) == pytest.approx(1 - (5 / 6) ** 5)
    assert table.exactly(2, 4) == pytest.approx((5 / 6) ** 5)
    assert table.true(11, 4) == 0.0
    wild = independent_table([4, 4, 2, 1, 6], unseen=5, ones_wild=True)
    assert wild.true(3, 4) == pytest.approx(1.0)  # the one counts
    assert wild.true(4, 4) == pytest.approx(1 - (2 / 3) ** 5)


def test_stakes_the_least_and_calls_an_impossible_bid() -> None:
    seens: list[Seen] = []
    play([BOTS["basic"], random_policy], 11,
         visit=lambda state, events, seat, seen, action: seens.append(seen) if seat == 0 else None)
    for i, seen in enumerate(seens):
        action = BOTS["basic"](seen, Rng(i))
        if seen.view["phase"] == "staking":
            assert action == {"type": "stake", "coins": 1}
        bid = seen.view["bid"]
        if bid and bid["seat"] != 0:
            mine = sum(1 for d in seen.view["my_dice"] if d == bid["face"])
            unseen = seen.view["dice_in_play"] - len(seen.view["my_dice"])
            if bid["quantity"] > mine + unseen:
                assert action["type"] == "call_bluff"


def responding(my_dice: list[int], bids: list[tuple[int, int, int]],
               earlier: list[tuple[int, int, int]] = ()) -> Seen:
    """Seat 0 of two, five dice each, to answer the last of `bids` ((seat, quantity,
    face), this round); `earlier`: bids of the round before."""
    def made(seat: int, quantity: int, face: int) -> dict[str, Any]:
        return {"type": "bid_made", "data": {"seat": seat, "quantity": quantity,
                                             "face": face, "next": 1 - seat}}
    events = ([{"type": "round_started", "data": {"round": 1}}]
              + [made(*b) for b in earlier]
              + [{"type": "round_started", "data": {"round": 2}}]
              + [made(*b) for b in bids])
    seat, quantity, face = bids[-1]
    view = {"phase": "bidding", "options": {"ones_wild": False, "raise_rule": "quantity"},
            "dice_in_play": 10, "bid": {"seat": seat, "quantity": quantity, "face": face},
            "my_dice": my_dice,
            "seats": [{"seat": s, "dice_count": 5, "out": False} for s in (0, 1)]}
    legal = ({"type": "bid", "choose": {"quantity": {"minimum": quantity + 1, "maximum": 10},
                                        "face": {"minimum": 1, "maximum": 6}}},
             {"type": "call_bluff"}, {"type": "call_spot_on"})
    return Seen(seat=0, view=view, legal=legal, events=events)


def test_strong_a_seat_that_bid_nothing_holds_each_face_by_chance() -> None:
    for face in (1, 4, 6):
        assert hand_counts(5, (), False)[face] == pytest.approx(binomial(5, 1 / 6))


def test_strong_a_bid_on_a_face_says_its_bidder_holds_more_of_it() -> None:
    def mean(pmf: tuple[float, ...]) -> float:
        return sum(k * p for k, p in enumerate(pmf))
    once, twice = hand_counts(5, (4,), False), hand_counts(5, (4, 4), False)
    assert 5 / 6 < mean(once[4]) < mean(twice[4])
    assert mean(once[2]) < 5 / 6


def test_strong_reads_only_this_rounds_bids_by_others() -> None:
    mine = [2, 3, 3, 5, 6]
    plain = independent_table(mine, unseen=5, ones_wild=False)
    this_round = inferred_table(responding(mine, [(1, 2, 4)]))
    assert this_round.true(2, 4) > plain.true(2, 4) + 0.3
    twos = inferred_table(responding(mine, [(1, 2, 2)])).true(2, 4)
    assert twos < plain.true(2, 4)
    last_round = inferred_table(responding(mine, [(1, 2, 2)], earlier=[(1, 3, 4), (0, 4, 4)]))
    assert last_round.true(2, 4) == pytest.approx(twos)
    own = inferred_table(responding(mine, [(0, 1, 4), (1, 2, 2)]))
    assert own.true(2, 4) == pytest.approx(twos)


def test_strong_believes_a_bid_basic_calls_a_bluff() -> None:
    seen = responding([2, 3, 3, 5, 6], [(1, 2, 4)])
    assert BOTS["basic"](seen, Rng("t")) == {"type": "call_bluff"}
    # Two fours among a hand that bid fours: likely, even exactly two.
    assert BOTS["strong"](seen, Rng("t")) == {"type": "call_spot_on"}
