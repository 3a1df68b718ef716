"""The bots' benchmark (tests/benchmarks/bots.py, docs/benchmarks.md "Bots") runs: issue
#34's measure, strong against basic, on a couple of games, in one process and in two."""

from __future__ import annotations

import pytest

from tests.benchmarks import bots


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
