"""docker/ can't run here (no engine); this keeps its compose file coherent by reading it."""

from __future__ import annotations

from pathlib import Path

import yaml

DOCKER = Path(__file__).resolve().parent.parent / "docker"


def test_compose_has_web_worker_beat_postgres_redis_with_health_checks() -> None:
    compose = yaml.safe_load((DOCKER / "compose.yaml").read_text())
    services = compose["services"]
    assert {"web", "worker", "beat", "postgres", "redis", "migrate"} <= set(services)
    for name in ("postgres", "redis", "web"):
        assert "healthcheck" in services[name], name
    assert services["migrate"]["command"][-2:] == ["migrate", "--noinput"]
    for name in ("web", "worker", "beat"):
        service = services[name]
        assert service["depends_on"]["migrate"]["condition"] == "service_completed_successfully"
        assert service["environment"]["DATABASE_URL"].startswith("postgres://")
        assert service["environment"]["REDIS_URL"].startswith("redis://")
    assert "worker" in services["worker"]["command"] and "beat" in services["beat"]["command"]


def test_dockerfile_installs_the_project_and_serves_asgi_with_uvicorn() -> None:
    text = (DOCKER / "Dockerfile").read_text()
    assert "pip install" in text and "collectstatic" in text
    assert '"uvicorn", "config.asgi:application"' in text and "gunicorn" not in text
    assert '"--no-proxy-headers"' in text and '"--lifespan", "off"' in text


def test_compose_serves_web_with_uvicorn() -> None:
    web = yaml.safe_load((DOCKER / "compose.yaml").read_text())["services"]["web"]
    assert web["command"][:2] == ["uvicorn", "config.asgi:application"]
    assert "--no-proxy-headers" in web["command"]
    assert web["environment"]["REDIS_URL"].startswith("redis://")
