"""On PostgreSQL the pool's connections prepare the queries made often on them
(config/settings.py DICE_DB_PREPARE_THRESHOLD): PostgreSQL then parses and plans the
hot reads of every request (the token, the game) once per connection, not per request."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from django.db import connection

from accounts import services as accounts
from events import selectors
from tests.support.api import table

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def prepared() -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        return [row[0] for row in cursor.fetchall()]


def test_the_hot_reads_are_prepared_on_their_connection(players: Any) -> None:
    a, b = players(2)
    game_id = table(a, [b], "snake-bones")
    assert settings.DATABASES["default"]["OPTIONS"]["server_side_binding"] is True
    connection.ensure_connection()  # then the same connection throughout
    for _ in range(int(settings.DICE_DB_PREPARE_THRESHOLD) + 1):
        accounts.authenticate_key(a.token)
        selectors.get_game(game_id)
    statements = prepared()
    assert any('FROM "api_accesstoken"' in statement for statement in statements), statements
    assert any('g."head_hash"' in statement for statement in statements), statements
