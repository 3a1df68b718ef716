"""Fixtures of the API tests."""

from __future__ import annotations

from typing import Any

import pytest

from events import selectors


class Reads:
    """The reads of new rows made while a test runs, by game."""

    def __init__(self) -> None:
        self.made: list[tuple[str, int]] = []

    def of(self, game_id: Any) -> list[int]:
        """The `after` of each read of `game_id`'s rows, in order (reads of other games'
        rows, by what an earlier test left waiting, are not this test's)."""
        return [after for game, after in self.made if game == str(game_id)]


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> Reads:
    """Every read of new rows a stream or a long poll makes."""
    seen = Reads()
    original = selectors.rows_after

    def counted(game_id: Any, after: int, limit: int) -> Any:
        seen.made.append((str(game_id), after))
        return original(game_id, after, limit)
    monkeypatch.setattr(selectors, "rows_after", counted)
    return seen
