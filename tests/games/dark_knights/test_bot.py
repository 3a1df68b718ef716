"""The Dark Knights bot (issue #17): legal, deterministic, its scoring the rules'.
Playing from what its seat sees and better than random play: tests/games/test_bots.py."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from games.core import GameEvent
from games.core.bots import Rng, Seen, random_policy
from games.core.legal import expand_all
from games.dark_knights import RULES as R
from games.dark_knights import odds, race, strong
from games.dark_knights.bot import BOTS
from games.dark_knights.combinations import apply_set_aside, forced_joins, join_all, set_score
from games.dark_knights.set_asides import set_aside_choices
from games.dark_knights.state import State, die_showing
from tests.games.dark_knights.helpers import HOLD, ROLL, new, rolled, set_aside
from tests.support import bots
from tests.support.harness import RandomDice, when

Policy = Callable[[Seen, Rng], dict[str, Any]]


def seen_for(state: State, events: list[GameEvent], seat: int) -> Seen:
    return bots.seen_for(R, state, events, seat)


def play(policies: list[Policy], seed: int, options: dict[str, Any] | None = None,
         visit: bots.Visit | None = None) -> dict[str, Any]:
    """One game, seat i played by policies[i]; `visit` sees every decision."""
    return bots.play(R, policies, seed, options or {"target": 300}, visit, max_steps=20000)


@pytest.mark.parametrize("level", list(BOTS))
def test_every_action_is_listed_and_accepted(level: str) -> None:
    checked: dict[str, int] = {}

    def visit(state, events, seat, seen, action):
        if seat == 0:
            assert action in expand_all(list(seen.legal))
            assert R.decide(state, seat, action, RandomDice(random.Random(len(checked))))
            checked[action["type"]] = checked.get(action["type"], 0) + 1

    for game, options in enumerate([{"target": 300}, {"target": 200, "final_round": True}]):
        play([BOTS[level], random_policy, random_policy][:2 + game], 10 + game, options, visit)
    assert checked.get("set_aside", 0) > 20 and checked.get("hold", 0) > 3


@pytest.mark.parametrize("level", list(BOTS))
def test_same_seen_and_seed_same_action(level: str) -> None:
    seens: list[Seen] = []
    play([BOTS[level], random_policy], 7, {"target": 500},
         visit=lambda state, events, seat, seen, action: seens.append(seen) if seat == 0 else None)
    assert len(seens) > 20
    for i, seen in enumerate(seens):
        assert BOTS[level](seen, Rng(f"x{i}")) == BOTS[level](seen, Rng(f"x{i}"))


def test_best_after_roll_is_the_rules_best_hold() -> None:
    """The bot's fast scoring of a roll agrees with the rules: over every roll of the
    dice left from positions of real play, the best set score a hold right after one
    legal set-aside gives, and the best set score of a roll-through."""
    checked = 0
    positions: set[tuple] = set()

    def visit(state, events, seat, seen, action):
        if state.phase == "roll_or_hold" and state.combinations and len(state.dice_to_roll) <= 3:
            positions.add((state.combinations, state.dice_to_roll))

    play([random_policy, random_policy], 3, {"target": 500}, visit)
    for combinations, dice in sorted(positions, key=repr)[:25]:
        shapes = tuple(sorted((c.value, c.dark, c.light, c.only_dark_aces) for c in combinations))
        for faces in itertools.product(range(1, 7), repeat=len(dice)):
            table = tuple(die_showing(d, f) for d, f in zip(dice, faces))
            plans = set_aside_choices(table, combinations)
            wild = sum(1 for d in table if d.wild)
            counts: dict[int, list[int]] = {}
            for d in table:
                if not d.wild:
                    counts.setdefault(d.value, [0, 0])[0 if d.shade == "dark" else 1] += 1
            groups = tuple((v, a, b) for v, (a, b) in sorted(counts.items()))
            got = odds.best_after_roll(shapes, wild, groups)
            if not plans:
                assert got is None
                continue
            holds, throughs = [], []
            for plan in plans:
                after = apply_set_aside(combinations, plan)
                taken = {d.die for d in plan.dice}
                rest = tuple(d for d in table if d.die not in taken)
                if not rest:
                    throughs.append(set_score(after))
                holds.append(set_score(join_all(after, forced_joins(rest, after))))
            through = max(throughs) if throughs else None
            assert got == (max(holds + throughs), through)
            checked += 1
    assert checked > 500


def test_fresh_six_constants() -> None:
    survive, gain = odds.fresh_six()
    assert survive == pytest.approx(odds.FRESH_SURVIVAL)
    assert gain == pytest.approx(odds.FRESH_GAIN, abs=1e-3)


def test_rolls_through_and_banks_what_wins() -> None:
    seens: list[Seen] = []
    play([BOTS["basic"], random_policy], 31,
         visit=lambda state, events, seat, seen, action: seens.append(seen) if seat == 0 else None)
    for i, seen in enumerate(seens):
        view = seen.view
        if view["phase"] != "roll_or_hold":
            continue
        action = BOTS["basic"](seen, Rng(i))
        mine = view["scores"]["0"]
        if mine + view["hold_value"] >= view["target"]:
            assert action == {"type": "hold"}      # banking wins at once
        elif not view["combinations"] and view["hold_value"] < 500:
            assert action == {"type": "roll"}      # six fresh dice almost never bust


# --- strong: the chance to win, not points ------------------------------------------------

def roll_or_hold(faces: list[int], groups: list[dict[str, Any]], scores: tuple[int, ...],
                 turn_total: int = 0) -> Seen:
    """Seat 0 to roll or hold after rolling `faces` and setting `groups` aside, with these
    banked scores (a seat each) and this much already won this turn (target 500)."""
    start = rolled(faces, players=len(scores), target=500)
    state, _ = when(R, start, 0, set_aside(*groups), [])
    return seen_for(replace(state, scores=scores, turn_total=turn_total), [], 0)


def test_the_look_ahead_rolls_on_when_a_bank_would_not_save_it() -> None:
    """Light sixes (60) on 200 won this turn, four dice left: `basic` banks its 260 points
    at any score; the look-ahead does too at 0-0, but with the other seat at 490 (one turn
    from winning, and 71 % of turns score) a bank to 360 leaves little chance, so it
    rolls. (At the default target race.py's map decides but where the seat leads a table
    of three or more: see below.)"""
    seen = roll_or_hold([2, 2, 4, 6, 6, 3], [new(3, 4)], (0, 0), 200)
    assert seen.view["hold_value"] == 260
    assert BOTS["basic"](seen, Rng(1)) == strong.look_ahead(seen) == HOLD
    behind = roll_or_hold([2, 2, 4, 6, 6, 3], [new(3, 4)], (100, 490), 200)
    assert BOTS["basic"](behind, Rng(1)) == HOLD
    assert strong.look_ahead(behind) == ROLL


def test_the_look_ahead_banks_a_lead_that_basic_risks() -> None:
    """Light fives (50) and dark twos, two dice left: rolling them is worth more points
    on average, so `basic` rolls; 400 to 100, banking 450 nearly wins, so the look-ahead
    banks."""
    seen = roll_or_hold([2, 2, 4, 5, 5, 3], [new(0, 1), new(3, 4)], (400, 100))
    assert seen.view["hold_value"] == 50
    assert BOTS["basic"](seen, Rng(1)) == ROLL
    assert strong.look_ahead(seen) == HOLD


# --- strong at the default target: race.py's map ------------------------------------------

def test_the_race_map_names_a_level_for_every_pair_of_scores() -> None:
    assert len(race.RISK_MAP) == race.CELLS == race.TARGET // race.CELL
    assert all(len(row) == race.CELLS and set(row) <= set(race.LEVELS) for row in race.RISK_MAP)
    assert race.LEVELS["e"] == 0.0   # basic's own risk is one of the levels


def test_the_race_map_never_takes_less_risk_as_the_opponent_nears_the_target() -> None:
    """Along each row (the bot's score fixed), the shift never rises as the opponent's
    score does: the solved race's shape, whatever the noise of its sampled turns."""
    for row in race.RISK_MAP:
        shifts = [race.LEVELS[letter] for letter in row]
        assert shifts == sorted(shifts, reverse=True), row


def test_strong_takes_more_risk_than_basic_early_in_the_race() -> None:
    """0-0, 260 to bank with four dice left: `basic` and the look-ahead bank; the map's
    level at 0-0 (a roll's expected value counted 15 points higher) rolls on."""
    seen = roll_or_hold([2, 2, 4, 6, 6, 3], [new(3, 4)], (0, 0), 200)
    assert race.race_shift(seen.view, 0) == race.LEVELS["d"] < 0
    assert BOTS["basic"](seen, Rng(1)) == strong.look_ahead(seen) == HOLD
    assert BOTS["strong"](seen, Rng(1)) == ROLL


def test_strong_goes_for_the_target_when_the_opponent_is_one_turn_from_it() -> None:
    seen = roll_or_hold([2, 2, 4, 6, 6, 3], [new(3, 4)], (100, 490), 200)
    assert race.race_shift(seen.view, 0) == race.LEVELS["a"]
    assert BOTS["basic"](seen, Rng(1)) == HOLD
    assert BOTS["strong"](seen, Rng(1)) == ROLL


def test_strong_banks_a_lead_near_the_end_that_basic_risks() -> None:
    """440 to 0, 50 to bank with two dice left: `basic` rolls; far ahead near the end the
    map takes less risk than `basic` (its level "f") and banks."""
    seen = roll_or_hold([2, 2, 4, 5, 5, 3], [new(0, 1), new(3, 4)], (440, 0))
    assert race.race_shift(seen.view, 0) == race.LEVELS["f"] > 0
    assert BOTS["basic"](seen, Rng(1)) == ROLL
    assert BOTS["strong"](seen, Rng(1)) == HOLD


@pytest.mark.parametrize("options, scores, resigned, applies", [
    ({}, (0, 0), (), True),
    ({}, (300, 0), (), True),               # two seats: the map, leading or not
    ({}, (300, 0, 400), (2,), True),        # two seats still in play: the resigned leader
    ({}, (0, 0, 0), (), True),              # a larger table, level with the leader
    ({}, (100, 0, 150, 50), (), True),      # trailing the leader
    ({}, (200, 150, 0, 50), (), False),     # leading it: the look-ahead
    ({"target": 300}, (0, 0), (), False),
    ({"final_round": True}, (0, 0), (), False),
])
def test_the_race_map_plays_the_default_target_unless_the_seat_leads_a_larger_table(
        options: dict[str, Any], scores: tuple[int, ...], resigned: tuple[int, ...],
        applies: bool) -> None:
    view = {"target": 500, "final_round": False, **options,
            "scores": {str(s): score for s, score in enumerate(scores)},
            "seats": [{"seat": s, "resigned": s in resigned} for s in range(len(scores))]}
    assert (race.race_shift(view, 0) is not None) is applies


def test_at_a_larger_table_strong_races_the_leader_while_it_trails() -> None:
    """Four seats, 260 to bank with four dice left, the leader at 490 (one turn from
    winning): the map's level against that one seat, whatever the others' scores; like
    the two-seat race, it rolls on where `basic` banks."""
    seen = roll_or_hold([2, 2, 4, 6, 6, 3], [new(3, 4)], (100, 0, 490, 200), 200)
    assert race.race_shift(seen.view, 0) == race.LEVELS["a"]
    assert BOTS["basic"](seen, Rng(1)) == HOLD
    assert BOTS["strong"](seen, Rng(1)) == ROLL


def test_at_a_larger_table_strong_leading_plays_the_look_ahead() -> None:
    """Four seats, 400 against 100, 120 and 60, 50 to bank with two dice left: the map
    does not play a lead at a larger table (its one opponent is not the table); the
    look-ahead banks a bank that nearly wins, where `basic` rolls."""
    seen = roll_or_hold([2, 2, 4, 5, 5, 3], [new(0, 1), new(3, 4)], (400, 100, 120, 60))
    assert race.race_shift(seen.view, 0) is None
    assert BOTS["basic"](seen, Rng(1)) == ROLL
    assert BOTS["strong"](seen, Rng(1)) == strong.look_ahead(seen) == HOLD


def test_finishing_in_one_turn_is_a_hold_reaching_the_target() -> None:
    """The finishing table's first turn is the measured chance that a turn's hold
    reaches that far, and more turns never lower the chance."""
    table = strong.finishing(500)
    tops = strong.in_cells(strong.TURN_TOPS, strong.cell_of(500))
    assert table[1][1:] == pytest.approx([sum(tops[c:]) for c in range(1, len(table[0]))])
    for short in range(len(table[0])):
        assert all(a[short] <= b[short] + 1e-12 for a, b in zip(table, table[1:]))


def test_a_bigger_bank_is_never_a_smaller_chance() -> None:
    seen = roll_or_hold([2, 2, 4, 6, 6, 3], [new(3, 4)], (120, 350))
    standing = strong.Standing(seen.view, 0)
    chances = [standing.win(points) for points in range(0, 400, 5)]
    assert chances == sorted(chances) and chances[-1] == 1.0 and 0 < chances[0] < 0.5


def test_the_other_seat_plays_first_after_a_bank() -> None:
    """At equal scores the seat that banks hands the dice over: the other seat has the
    first chance to finish, so the banker's chance is below one half (and not far)."""
    for score in (0, 250, 450):
        seen = roll_or_hold([2, 2, 4, 6, 6, 3], [new(3, 4)], (score, score))
        assert 0.2 < strong.Standing(seen.view, 0).win(0) < 0.5
