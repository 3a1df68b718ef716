"""The bots' benchmark (tests/benchmarks/bots.py, docs/benchmarks.md "Bots") runs: issue
#34's measure, strong against basic, on a couple of games, in one process and in two.
And Dark Knights' measuring sticks (dark_knights_lookahead.py, dark_knights_race.py
`--bonus` and `--table`) measure what they say."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest

from games.core.bots import Seen
from games.dark_knights.basic import Context
from games.dark_knights.odds import DARK_DICE, roll_value, through_value
from games.dark_knights.reading import (Combo, held_score, read_combinations, set_score,
                                        shades_of, shapes_of)
from tests.benchmarks import bots, dark_knights_lookahead as lookahead, dark_knights_race


@pytest.mark.parametrize("jobs", [1, 2])
def test_strong_against_basic_reports_both_tables(jobs: int) -> None:
    lines: list[str] = []
    bots.report("snake-bones", ["basic", "strong"], 4, 0, "ci", out=lines.append,
                table_games=4, versus_only=True, jobs=jobs)
    rows = [line for line in "\n".join(lines).splitlines() if line.startswith("| ")]
    two = next(r for r in rows if r.startswith("| two seats"))
    four = next(r for r in rows if r.startswith("| one of four"))
    assert two.split("|")[2].strip() == "4" and four.split("|")[2].strip() == "4"
    assert all(r.count("%") == 3 for r in (two, four))


def test_two_processes_play_the_same_games_as_one() -> None:
    one = bots.strong_games("snake-bones", 2, 6, "same", jobs=1)
    two = bots.strong_games("snake-bones", 2, 6, "same", jobs=2)
    assert one[0] == two[0] and len(one[1].times) == len(two[1].times)


def test_every_outcome_of_a_roll_is_counted_once_with_its_chance() -> None:
    dice = (1, 2, 4, 5, 6)   # two dark, three light (the rules' numbering)
    assert [d in DARK_DICE for d in dice] == [True, True, False, False, False]
    seen = list(lookahead.outcomes(dice))
    assert len(seen) == 21 * 56   # multisets of 2 and of 3 faces
    assert math.isclose(sum(p for p, _ in seen), 1.0)
    assert all(len(faces) == len(dice) and set(faces) <= set(range(1, 7)) for _, faces in seen)
    # the dark dice's faces and the light dice's are each a multiset: sorted in dice order
    assert all(faces[:2] == sorted(faces[:2]) and faces[2:] == sorted(faces[2:])
               for _, faces in seen)


def held(combos: list[Combo], table: list[tuple[int, int]], turn_total: int,
         ctx: Context) -> float:
    """A position held at once (a roll-through: its set, then the better of holding and
    six fresh dice), as odds.py's `roll_value` counts the position after a roll."""
    if not table:
        return through_value(turn_total + set_score(combos))
    return turn_total + held_score(combos, table)


def basic_holds(count: int) -> list[Any]:
    """The first `count` states at which `basic`, alone, holds with dice left to roll (in
    the turns dark_knights_race.py samples)."""
    found: list[Any] = []

    def note(state: Any, seen: Seen, action: dict[str, Any]) -> None:
        if action["type"] == "hold" and seen.view["combinations"] and \
                seen.view["dice_to_roll"]:
            found.append(state)

    dark_knights_race.sample_turns(0.0, 4 * count, seed="lookahead-test", observe=note)
    assert len(found) >= count, found
    return found[:count]


def test_the_rules_rolled_once_more_agree_with_basic_s_own_odds() -> None:
    """Every outcome of the dice left, each decided by the rules, then the best hold:
    exactly the one-roll value `basic` works out from its tables (odds.py)."""
    for state in basic_holds(6):
        view = lookahead.seen_at(state).view
        combos = read_combinations(view)
        dark, light = shades_of(view["dice_to_roll"])
        expected = roll_value(shapes_of(combos), dark, light, view["turn_total"])
        assert math.isclose(lookahead.rolled_once_more(state, held), expected), view


def test_a_look_one_roll_deeper_is_never_worth_less_than_basic_s() -> None:
    for state in basic_holds(6):
        assert lookahead.rolled_once_more(state) >= lookahead.rolled_once_more(state, held)
    tally = lookahead.sample((0, 12))
    assert len(tally.banked) == 12 and tally.holds > 0 and tally.choices > 0


def test_a_bonus_makes_every_hold_better_and_leaves_busts() -> None:
    turns = [(0, 0), (0, 40), (50, 50), (30, 120)]
    assert dark_knights_race.with_bonus(turns, 5) == [(0, 0), (0, 45), (55, 55), (35, 125)]


def test_the_parts_tallies_add_up() -> None:
    total = lookahead.Tally(banked=[10], holds=2, holds_deeper=1, hold_gain=0.5)
    total.add(lookahead.Tally(banked=[0, 30], holds=1, choices=4, choices_deeper=2,
                              choice_gain=1.25))
    assert total == lookahead.Tally(banked=[10, 0, 30], holds=3, holds_deeper=1,
                                    hold_gain=0.5, choices=4, choices_deeper=2,
                                    choice_gain=1.25)
    assert lookahead.report(total).startswith("turns of basic: 3, points banked per turn 13.3")


# a made-up turn table (what a turn banked, the best hold it reached): quick to solve
TOY_TURNS = [(0, 40), (0, 120), (60, 60), (80, 150), (150, 200), (250, 300), (40, 90)]
TOY_BOLD = [(0, 80), (0, 260), (0, 30), (120, 130), (300, 350), (200, 240), (90, 90)]


def test_the_table_model_of_basic_among_basic_is_a_fair_share() -> None:
    """Every seat `basic`: the seats' chances sum to one game won (someone finishes),
    and the first seat's is the best."""
    toy = dark_knights_race.steps(TOY_TURNS)
    for seats in (2, 3, 4):
        shares = dark_knights_race.at_the_table({"e": toy}, toy, seats)
        assert math.isclose(sum(shares), 1.0, abs_tol=1e-6)
        assert shares == sorted(shares, reverse=True)


def test_the_table_model_at_two_seats_is_the_race_s_for_one_level() -> None:
    """With one level there is nothing to choose: the finishing turns give the chances
    the race's value iteration gives, going first and second."""
    toy, bold = dark_knights_race.steps(TOY_TURNS), dark_knights_race.steps(TOY_BOLD)
    first, second, _ = dark_knights_race.solve({"b": bold}, toy)
    assert dark_knights_race.at_the_table({"b": bold}, toy, 2) == pytest.approx(
        [first, second], abs=1e-6)


def test_the_best_level_by_turn_beats_each_level_and_not_the_race_s_map() -> None:
    """Choosing a level by score and turn does at least as well as either level all
    game, and at two seats no better than the race's map, which reads the other's score
    too."""
    levels = {"e": dark_knights_race.steps(TOY_TURNS), "b": dark_knights_race.steps(TOY_BOLD)}
    best = dark_knights_race.at_the_table(levels, levels["e"], 2)
    for letter in levels:
        alone = dark_knights_race.at_the_table({letter: levels[letter]}, levels["e"], 2)
        assert all(b >= a - 1e-9 for a, b in zip(alone, best))
    first, second, _ = dark_knights_race.solve(levels, levels["e"])
    assert best[0] <= first + 1e-9 and best[1] <= second + 1e-9


def test_the_race_over_every_score_at_two_seats_is_the_race_s_solution() -> None:
    """Two seats: reading the whole table is reading the one other score, so the
    solution over every score is the race's value iteration, for one level and for the
    map's choice of levels."""
    toy, bold = dark_knights_race.steps(TOY_TURNS), dark_knights_race.steps(TOY_BOLD)
    for mine in ({"b": bold}, {"e": toy, "b": bold}):
        first, second, _ = dark_knights_race.solve(mine, toy)
        assert dark_knights_race.best_by_scores(mine, toy, 2) == pytest.approx(
            [first, second], abs=1e-6)


def test_the_race_over_every_score_bounds_the_best_level_by_turn() -> None:
    """With one level there is nothing to choose: every seat's chance is the table
    model's. With two, reading every score does at least as well in every seat as
    choosing by score and turn number, and `basic` among `basic` seats wins one game.
    Three seats: four solve the same way, with one axis more (50 times the work)."""
    seats = 3
    toy, bold = dark_knights_race.steps(TOY_TURNS), dark_knights_race.steps(TOY_BOLD)
    alone = dark_knights_race.best_by_scores({"b": bold}, toy, seats)
    assert alone == pytest.approx(dark_knights_race.at_the_table({"b": bold}, toy, seats),
                                  abs=1e-6)
    fair = dark_knights_race.best_by_scores({"e": toy}, toy, seats)
    assert math.isclose(sum(fair), 1.0, abs_tol=1e-6)
    levels = {"e": toy, "b": bold}
    by_turn = dark_knights_race.at_the_table(levels, toy, seats)
    by_scores = dark_knights_race.best_by_scores(levels, toy, seats)
    assert all(s >= t - 1e-9 for s, t in zip(by_scores, by_turn))


def test_a_policy_over_every_score_is_valued_as_played() -> None:
    """`chosen` plays the level given at each cell: one level everywhere is that level
    alone; race.py's policy reads the map at the leader's cell, `basic` when ahead."""
    toy, bold = dark_knights_race.steps(TOY_TURNS), dark_knights_race.steps(TOY_BOLD)
    always_bold = np.ones((dark_knights_race.CELLS,) * 3, dtype=int)
    assert dark_knights_race.best_by_scores({"e": toy, "b": bold}, toy, 3,
                                            chosen=always_bold) == pytest.approx(
        dark_knights_race.best_by_scores({"b": bold}, toy, 3), abs=1e-9)
    letters = list(dark_knights_race.LEVELS)
    policy = dark_knights_race.racing_the_leader(letters, 3)
    row = dark_knights_race.RISK_MAP[10]   # the bot at 100 points
    assert (row[45], row[10]) == ("a", "d")
    assert letters[policy[10, 45, 5]] == "a" and letters[policy[10, 3, 10]] == "d"
    assert letters[policy[30, 20, 29]] == dark_knights_race.BASIC
