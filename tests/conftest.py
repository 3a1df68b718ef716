"""Fixtures shared by the service and API tests (the rules tests need none of them)."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

_names = itertools.count()

# Django and DRF are imported inside the fixtures, so the pure rules tests under
# tests/games also run with `-p no:django`.


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not config.pluginmanager.hasplugin("django"):
        return
    from django.conf import settings

    engine = settings.DATABASES["default"]["ENGINE"]
    if engine.endswith("postgresql"):
        return
    skip = pytest.mark.skip(reason="needs PostgreSQL: set DATABASE_URL (CI does)")
    for item in items:
        if "postgres" in item.keywords:
            item.add_marker(skip)


@pytest.fixture
def api() -> Any:
    from tests.support.api import Api

    return Api()


@pytest.fixture
def make_player(db: Any, api: Any):  # type: ignore[no-untyped-def]
    def make(name: str | None = None) -> Any:
        return api.register(name or f"player{next(_names)}")
    return make


@pytest.fixture
def players(make_player):  # type: ignore[no-untyped-def]
    def make(n: int) -> list[Any]:
        return [make_player() for _ in range(n)]
    return make
