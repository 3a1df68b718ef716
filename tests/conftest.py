"""Fixtures shared by the service and API tests (the rules tests need none of them)."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from django.db import connection

from tests.support.api import Api, Player

_names = itertools.count()


def on_postgres() -> bool:
    return connection.vendor == "postgresql"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    from django.conf import settings

    engine = settings.DATABASES["default"]["ENGINE"]
    if engine.endswith("postgresql"):
        return
    skip = pytest.mark.skip(reason="needs PostgreSQL: set DATABASE_URL (CI does)")
    for item in items:
        if "postgres" in item.keywords:
            item.add_marker(skip)


@pytest.fixture
def api() -> Api:
    return Api()


@pytest.fixture
def make_player(db: Any, api: Api):  # type: ignore[no-untyped-def]
    def make(name: str | None = None) -> Player:
        return api.register(name or f"player{next(_names)}")
    return make


@pytest.fixture
def players(make_player):  # type: ignore[no-untyped-def]
    def make(n: int) -> list[Player]:
        return [make_player() for _ in range(n)]
    return make
