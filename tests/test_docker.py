"""docker/ can't run here (no engine); this keeps its compose file coherent by reading it."""

from __future__ import annotations

import json
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
    # beat runs once, as its own service: never embedded in a worker (which may be scaled)
    assert not {"--beat", "-B"} & set(services["worker"]["command"])


GUNICORN = ["gunicorn", "--config", "python:config.gunicorn_conf", "--bind", "0.0.0.0:8000"]


def test_dockerfile_installs_the_project_and_serves_asgi_with_gunicorn() -> None:
    """The server command and its options are config/gunicorn_conf.py's (uvicorn workers,
    no proxy headers, no lifespan: tests/ops/test_supervised_processes.py serves it)."""
    text = (DOCKER / "Dockerfile").read_text()
    assert "pip install" in text and "collectstatic" in text
    assert "CMD " + json.dumps(GUNICORN) in text


def test_compose_serves_web_with_the_images_command() -> None:
    web = yaml.safe_load((DOCKER / "compose.yaml").read_text())["services"]["web"]
    assert web["command"] == GUNICORN
    assert web["environment"]["REDIS_URL"].startswith("redis://")


def haproxy_seconds(name: str) -> float:
    """A `timeout <name>` of docker/haproxy.cfg's defaults, in seconds."""
    units = {"ms": 0.001, "s": 1, "m": 60, "h": 3600}
    for line in (DOCKER / "haproxy.cfg").read_text().splitlines():
        words = line.split("#")[0].split()
        if words[:2] == ["timeout", name]:
            value = words[2]
            unit = value.lstrip("0123456789")
            return float(value[:len(value) - len(unit)]) * units[unit or "ms"]
    raise AssertionError(f"no timeout {name}")


def test_the_balancer_keeps_quiet_streams_and_long_polls() -> None:
    """A quiet stream sends a keep-alive every DICE_STREAM_HEARTBEAT seconds, a long poll
    nothing for up to DICE_LONG_POLL_MAX: the balancer's inactivity timeouts must outlast
    both, on either side (tests/service/test_load_balancer.py runs the file itself)."""
    from django.conf import settings

    longest_silence = max(settings.DICE_STREAM_HEARTBEAT, settings.DICE_LONG_POLL_MAX)
    for name in ("client", "server"):
        assert haproxy_seconds(name) > longest_silence, name
    text = (DOCKER / "haproxy.cfg").read_text()
    assert "option httpchk" in text and "uri /healthz" in text
    # Without it HAProxy held each event back to merge it with more: commit-to-arrival
    # p50 234 ms instead of 18 ms (docs/benchmarks.md, "Behind a load balancer").
    assert "option http-no-delay" in text
