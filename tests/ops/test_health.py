"""/healthz (the process answers) and /readyz (database, migrations, broker): no token,
no throttle, 503 naming the check that failed."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from django.db import OperationalError
from django.db.migrations.executor import MigrationExecutor
from django.test import override_settings
from rest_framework.test import APIClient

from api import ops
from tests.clocks.worker import RedisServer, free_port

pytestmark = pytest.mark.django_db


def get(path: str, **headers: str):  # type: ignore[no-untyped-def]
    return APIClient().get(path, **headers)


def test_healthz_answers_ok_to_anyone() -> None:
    response = get("/healthz", HTTP_AUTHORIZATION="Token not-a-token")
    assert response.status_code == 200 and response.json() == {"status": "ok"}
    assert response["Cache-Control"] == "no-store"


@override_settings(REDIS_URL="")
def test_readyz_is_ok_when_the_database_answers_and_is_migrated() -> None:
    response = get("/readyz", HTTP_AUTHORIZATION="Token not-a-token")
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["status"] == "ok" and "failed" not in body
    assert body["checks"]["database"] == "ok" and body["checks"]["migrations"] == "ok"
    assert body["checks"]["broker"].startswith("not configured")


@pytest.mark.skipif(not shutil.which("redis-server"), reason="needs redis-server")
def test_readyz_follows_the_broker(tmp_path: Path) -> None:
    redis = RedisServer(tmp_path)
    redis.start()
    try:
        with override_settings(REDIS_URL=redis.url):
            up = get("/readyz")
            assert up.status_code == 200 and up.json()["checks"]["broker"] == "ok"
            redis.stop()
            down = get("/readyz")
    finally:
        redis.stop()
    assert down.status_code == 503
    assert down.json()["status"] == "unavailable" and down.json()["failed"] == ["broker"]
    assert down.json()["checks"]["broker"].startswith("unreachable")


def test_readyz_is_503_when_the_broker_port_is_closed() -> None:
    with override_settings(REDIS_URL=f"redis://127.0.0.1:{free_port()}/0"):
        response = get("/readyz")
    assert response.status_code == 503 and response.json()["failed"] == ["broker"]
    assert response.json()["checks"]["database"] == "ok"


@override_settings(REDIS_URL="")
def test_readyz_is_503_while_a_migration_is_unapplied(monkeypatch: pytest.MonkeyPatch) -> None:
    real = MigrationExecutor.migration_plan

    def one_unapplied(self, targets, clean_start=False):  # type: ignore[no-untyped-def]
        assert real(self, targets, clean_start) == []  # really all applied: pretend one is not
        return [(self.loader.get_migration("events", "0001_initial"), False)]
    monkeypatch.setattr(MigrationExecutor, "migration_plan", one_unapplied)
    response = get("/readyz")
    assert response.status_code == 503 and response.json()["failed"] == ["migrations"]
    assert "events.0001_initial" in response.json()["checks"]["migrations"]


@override_settings(REDIS_URL="")
def test_readyz_is_503_when_the_database_does_not_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse() -> None:
        raise OperationalError("connection refused")
    monkeypatch.setattr(ops, "_check_database", refuse)
    response = get("/readyz")
    assert response.status_code == 503 and response.json()["failed"] == ["database",
                                                                          "migrations"]
    assert response.json()["checks"]["migrations"].startswith("not checked")


def test_the_compose_web_service_is_checked_with_readyz() -> None:
    import yaml

    compose = yaml.safe_load((Path(__file__).resolve().parents[2] / "docker" / "compose.yaml")
                             .read_text())
    check = " ".join(compose["services"]["web"]["healthcheck"]["test"])
    assert "http://127.0.0.1:8000/readyz" in check
