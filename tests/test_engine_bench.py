"""`python3 dev.py bench` runs (tests/benchmarks/engines.py): a tiny budget, every game,
no speed asserted (the figures are in docs/benchmarks.md); what is checked is that each
game and player count played at least one playout to its end and folded its events."""

from __future__ import annotations

import pytest

from games.registry import GAMES
from tests.benchmarks import engines


def test_the_bench_prints_a_row_per_game_and_player_count(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert engines.main(["--seconds", "0", "--players", "2", "4"]) == 0
    rows = [line.split("|")[1:-1] for line in capsys.readouterr().out.splitlines()[2:]]
    assert [(r[0].strip(), int(r[1])) for r in rows] == [
        (slug, players) for slug in sorted(GAMES) for players in (2, 4)]
    assert all(int(r[4]) > 1 for r in rows), rows  # each playout folded its events


def test_a_playout_is_seeded() -> None:
    rules = GAMES["snake-bones"]
    assert engines.playout(rules, 2, 7) == engines.playout(rules, 2, 7)
