"""Fixtures of the API tests."""

from __future__ import annotations

from typing import Any

import pytest

from events import selectors


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The `after` of every read of new rows a stream or a long poll makes."""
    seen: list[int] = []
    original = selectors.rows_after

    def counted(game_id: Any, after: int, limit: int) -> Any:
        seen.append(after)
        return original(game_id, after, limit)
    monkeypatch.setattr(selectors, "rows_after", counted)
    return seen
