"""`python3 dev.py bench` runs (tests/benchmarks/engines.py): a tiny budget, every game,
no speed asserted (the figures are in docs/benchmarks.md); what is checked is that each
game and player count played at least one playout to its end and folded its events."""

from __future__ import annotations

import os
from typing import Any

import pytest

from games.registry import GAMES
from tests.benchmarks import (engine_parts, engine_views, engines, engines_against,
                              snake_bones_floor)


def test_the_bench_prints_a_row_per_game_and_player_count(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert engines.main(["--seconds", "0", "--players", "2", "4"]) == 0
    rows = [line.split("|")[1:-1] for line in capsys.readouterr().out.splitlines()[2:]]
    assert [(r[0].strip(), int(r[1])) for r in rows] == [
        (slug, players) for slug in sorted(GAMES) for players in (2, 4)]
    assert all(int(r[4]) > 1 for r in rows), rows  # each playout folded its events


def test_each_row_is_measured_in_a_new_process() -> None:
    """No row inherits another's warm caches: each runs in a process started for it."""
    pids = list(engines.each_in_a_new_process(os.getpid, [(), ()]))
    assert os.getpid() not in pids and pids[0] != pids[1]
    assert list(engines.each_in_a_new_process(os.getpid, [()], one_process=True)) == [
        os.getpid()]


def test_the_views_are_timed_at_the_playouts_states(capsys: pytest.CaptureFixture[str]) -> None:
    asked = engine_views.states(GAMES["snake-bones"], 3, 2)
    assert {seat for _, seat in asked} == {0, 1, 2}
    assert asked[0][0].round == 1 and len(asked) > 10
    assert engine_views.main(["--games", "snake-bones", "bamboozled", "--players", "2",
                              "--playouts", "1"]) == 0
    rows = capsys.readouterr().out.splitlines()[2:]
    assert [r.split("|")[1].strip() for r in rows] == ["snake-bones", "bamboozled"]
    assert all(float(r.split("|")[3]) > 0 for r in rows)


def test_the_views_of_another_checkout_are_timed_with_the_same_measure(
        capfd: pytest.CaptureFixture[str]) -> None:
    """`--checkout` runs the same measure again with that checkout's games first (here
    this checkout itself)."""
    assert engine_views.main(["--checkout", str(engine_views.ROOT), "--games", "bamboozled",
                              "--players", "4", "--playouts", "1"]) == 0
    rows = capfd.readouterr().out.splitlines()[2:]
    assert [r.split("|")[1:3] for r in rows] == [[" bamboozled ", " 4 "]]


def test_the_comparison_runs_and_prints_a_row_per_game_and_player_count(
        capsys: pytest.CaptureFixture[str]) -> None:
    """tests/benchmarks/engines_against.py, this checkout against itself: a row per game
    and player count, each side's mean from every round, and the rounds' ratios."""
    argv = [str(engines_against.ROOT), "--rounds", "2", "--seconds", "0",
            "--games", "snake-bones", "--players", "2", "3", "--goal", "0.01"]
    assert engines_against.main(argv) == 0
    out = capsys.readouterr()
    rows = [line.split("|")[1:-1] for line in out.out.splitlines()[2:]]
    assert [(r[0].strip(), int(r[1])) for r in rows] == [("snake-bones", 2), ("snake-bones", 3)]
    assert all(float(r[2].replace(",", "")) > 0 and r[4].strip().endswith("x") for r in rows)
    assert all(r[6].strip() == "2 of 2" for r in rows), rows
    assert out.err.count("of 2 done") == 2


def test_the_comparison_measures_each_row_on_both_sides_back_to_back(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    """Each game and player count is run on the other checkout and this one in turn, the
    other first in odd rounds; the table gives the means and each round's ratio."""
    this = engines_against.ROOT
    runs: list[tuple[Any, str]] = []

    def measured(checkout: Any, seconds: float, games: list[str],
                 players: list[int]) -> dict[tuple[str, int], float]:
        runs.append((checkout, games[0]))
        rate = 100.0 if checkout == tmp_path else 300.0 + 100 * (len(runs) == 5)
        return {(games[0], players[0]): rate}

    monkeypatch.setattr(engines_against, "events_per_second", measured)
    theirs, ours = engines_against.rounds(tmp_path, 2, 0.0, ["snake-bones", "bamboozled"],
                                          [2])
    assert runs == [(tmp_path, "snake-bones"), (this, "snake-bones"),
                    (tmp_path, "bamboozled"), (this, "bamboozled"),
                    (this, "snake-bones"), (tmp_path, "snake-bones"),
                    (this, "bamboozled"), (tmp_path, "bamboozled")]
    assert engines_against.table(theirs, ours, goal=4.0).splitlines()[2:] == [
        "| bamboozled | 2 | 100 | 300 | 3.00x | 3.00x to 3.00x | 0 of 2 |",
        "| snake-bones | 2 | 100 | 350 | 3.50x | 3.00x to 4.00x | 1 of 2 |"]


def test_a_playout_is_seeded() -> None:
    rules = GAMES["snake-bones"]
    assert engines.playout(rules, 2, 7) == engines.playout(rules, 2, 7)


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_the_typed_and_the_served_items_play_the_same_games(slug: str) -> None:
    """A playout drawing from `legal_moves` (the default) and one drawing from the served
    `legal_actions` (`--served`) draw alike: the same games, event for event, each asking
    only its own items."""
    rules = GAMES[slug]
    for seed in range(3):
        typed, served = Recorder(rules), Recorder(rules)
        engines.playout(typed, 3, seed)
        engines.playout(served, 3, seed, served=True)
        assert typed.told == served.told and len(typed.told) > 10
        assert typed.asked == {"legal_moves"} and served.asked == {"legal_actions"}


class Recorder:
    """The game's rules, recording the JSON of every event decided and which legal items
    were asked."""

    def __init__(self, rules: Any) -> None:
        self.rules = rules
        self.told: list[dict[str, Any]] = []
        self.asked: set[str] = set()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.rules, name)

    def decide(self, *args: Any) -> list[Any]:
        events = self.rules.decide(*args)
        self.told += [e.to_json() for e in events]
        return events  # type: ignore[no-any-return]

    def legal_moves(self, *args: Any) -> list[Any]:
        self.asked.add("legal_moves")
        return self.rules.legal_moves(*args)  # type: ignore[no-any-return]

    def legal_actions(self, *args: Any) -> list[Any]:
        self.asked.add("legal_actions")
        return self.rules.legal_actions(*args)  # type: ignore[no-any-return]


def test_the_parts_of_a_step_are_the_playout_s_own(capsys: pytest.CaptureFixture[str]) -> None:
    """The parts' loop (tests/benchmarks/engine_parts.py) plays the benchmark's very
    playouts, from the typed items and from the served ones as the benchmark draws them:
    the same events, through the same kind of items; and it prints a row per game and
    count either way."""
    rules = GAMES["bamboozled"]
    for served in (False, True):
        for seed in (0, 5):
            spent = dict.fromkeys(engine_parts.PARTS, 0)
            parts, played = Recorder(rules), Recorder(rules)
            _, setup, told = engine_parts.timed_playout(parts, 3, seed, spent, served)
            assert setup + told == engines.playout(played, 3, seed, served)
            assert parts.told == played.told
            assert all(spent[part] > 0 for part in engine_parts.PARTS), spent
            assert parts.asked == {"legal_actions" if served else "legal_moves"}
    assert engine_parts.main(["--playouts", "1", "--players", "2"]) == 0
    assert engine_parts.main(["--playouts", "1", "--players", "2", "--served"]) == 0
    lines = capsys.readouterr().out.splitlines()
    rows = [line.split("|")[1:-1] for line in lines if line.startswith("| ")
            and not line.startswith("| game") and not line.startswith("| ---")]
    assert [r[0].strip() for r in rows] == sorted(GAMES) * 2


def test_the_snake_bones_floors_play_the_benchmark_s_games(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Both floors of tests/benchmarks/snake_bones_floor.py tell the engine's events, type
    for type, on the benchmark's playouts (docs/benchmarks.md reads their rates against the
    engine's on that ground), and the script prints a row per player count."""
    for players in (2, 4):
        snake_bones_floor.check(players, 25)
        events = engines.playout(GAMES["snake-bones"], players, 3)
        assert snake_bones_floor.playout(players, 3) == events
        assert snake_bones_floor.typed_playout(players, 3) == events
    assert snake_bones_floor.main(["--seconds", "0", "--rounds", "1", "--check", "1",
                                   "--players", "3"]) == 0
    assert capsys.readouterr().out.splitlines()[2].startswith("| 3 | 1 |")


# The summaries valgrind 3.19 (Debian 12) printed for `python -c pass`, verbatim: under
# cachegrind with its cache and branch simulation, and under callgrind. They are what
# engine_instructions.py reads its counts from.
CACHEGRIND_SUMMARY = """\
==28941== I   refs:      90,118,850
==28941== I1  misses:       906,073
==28941== LLi misses:        12,731
==28941== I1  miss rate:       1.01%
==28941== LLi miss rate:       0.01%
==28941==
==28941== D   refs:      38,317,460  (25,811,618 rd   + 12,505,842 wr)
==28941== D1  misses:     1,430,674  ( 1,297,876 rd   +    132,798 wr)
==28941== LLd misses:        89,045  (    29,731 rd   +     59,314 wr)
==28941== D1  miss rate:        3.7% (       5.0%     +        1.1%  )
==28941== LLd miss rate:        0.2% (       0.1%     +        0.5%  )
==28941==
==28941== LL refs:        2,336,747  ( 2,203,949 rd   +    132,798 wr)
==28941== LL misses:        101,776  (    42,462 rd   +     59,314 wr)
==28941== LL miss rate:         0.1% (       0.0%     +        0.5%  )
==28941==
==28941== Branches:      15,758,057  (13,569,901 cond +  2,188,156 ind)
==28941== Mispredicts:    1,606,544  ( 1,017,305 cond +    589,239 ind)
==28941== Mispred rate:        10.2% (       7.5%     +       26.9%   )
"""
CALLGRIND_SUMMARY = """\
==28944== Events    : Ir
==28944== Collected : 89927247
==28944==
==28944== I   refs:      89,927,247
"""


def test_the_instruction_counter_reads_each_tool_s_summary() -> None:
    from tests.benchmarks.engine_instructions import CACHEGRIND, CALLGRIND, read_counts

    assert read_counts(CACHEGRIND_SUMMARY, CACHEGRIND[1]) == {
        "instructions": 90_118_850, "I1 misses": 906_073, "D1 misses": 1_430_674,
        "mispredicts": 1_606_544}
    assert read_counts(CALLGRIND_SUMMARY, CALLGRIND[1]) == {"instructions": 89_927_247}
    with pytest.raises(AssertionError, match="no I1 misses in valgrind"):
        read_counts(CALLGRIND_SUMMARY, CACHEGRIND[1])
