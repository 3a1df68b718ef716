"""For operators and for every response: the request id, the request metrics, the
RateLimit-* headers (RequestMiddleware); /healthz, /readyz and /metrics; the schema and
documentation pages with a throttle bucket of their own. See docs/scaling.md.
"""

from __future__ import annotations

import hmac
import logging
import os
import re
import time
import uuid
from typing import Any

from asgiref.sync import iscoroutinefunction, markcoroutinefunction
from django.conf import settings
from django.core.signals import request_finished
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerView
from prometheus_client import REGISTRY, CollectorRegistry
from prometheus_client.exposition import choose_encoder

from events import metrics
from infra.request_id import REQUEST_ID

from .errors import not_found_view, problem
from .throttling import DocsRateThrottle, tightest

log = logging.getLogger(__name__)
access_log = logging.getLogger("dice.access")

# A request's own X-Request-ID is kept when it is 1 to 128 of these characters; any other
# (or none) is replaced by a new one, so the header can never smuggle text into a log line.
SANE_REQUEST_ID = re.compile(r"[A-Za-z0-9._~:@+=/-]{1,128}")


def request_id_of(request: HttpRequest) -> str:
    given = request.headers.get("X-Request-ID", "")
    return given if SANE_REQUEST_ID.fullmatch(given) else uuid.uuid4().hex


def _forget_request_id(**kwargs: Any) -> None:
    REQUEST_ID.set("-")


def route_of(request: HttpRequest) -> str:
    """The URL pattern that served the request (a bounded label), never the raw path."""
    match = getattr(request, "resolver_match", None)
    if match is not None and match.route:
        return "/" + match.route
    if settings.STATIC_URL and request.path.startswith("/" + settings.STATIC_URL.lstrip("/")):
        return "static"
    if request.path == "/play" or request.path.startswith("/play/"):
        return "web client"  # the page's files (docs/web.md), served like static ones
    return "unmatched"


class RequestMiddleware:
    """Outermost: gives each request its id (X-Request-ID, in the logs too), counts it and
    times it, and writes the RateLimit-* headers of the tightest throttle that counted it
    (api/throttling.py). Async and sync, so live endpoints keep running on the loop."""

    sync_capable = True
    async_capable = True

    def __init__(self, get_response: Any) -> None:
        self.get_response = get_response
        self._async = iscoroutinefunction(get_response)
        if self._async:
            markcoroutinefunction(self)
        # The id stays set until the response is closed, so Django's own log of an error
        # answer (written after the middleware) carries it; a sync server's thread then
        # serves another request: it is cleared. An ASGI request has a task of its own.
        request_finished.connect(_forget_request_id, dispatch_uid="dice-request-id")

    def __call__(self, request: HttpRequest) -> Any:
        if self._async:
            return self.__acall__(request)
        started = self._begin(request)
        return self._finish(request, self.get_response(request), started)

    async def __acall__(self, request: HttpRequest) -> Any:
        started = self._begin(request)
        return self._finish(request, await self.get_response(request), started)

    @staticmethod
    def _begin(request: HttpRequest) -> float:
        request.request_id = request_id_of(request)  # type: ignore[attr-defined]
        REQUEST_ID.set(request.request_id)  # type: ignore[attr-defined]
        return time.perf_counter()

    @staticmethod
    def _finish(request: HttpRequest, response: HttpResponse, started: float) -> HttpResponse:
        elapsed = time.perf_counter() - started
        response["X-Request-ID"] = request.request_id  # type: ignore[attr-defined]
        quota = tightest(request)
        if quota is not None:
            response["RateLimit-Limit"] = str(quota.limit)
            response["RateLimit-Remaining"] = str(quota.remaining)
            response["RateLimit-Reset"] = str(quota.reset)
        route, method = route_of(request), request.method or ""
        metrics.REQUESTS.labels(route=route, method=method, status=str(response.status_code)).inc()
        metrics.LATENCY.labels(route=route, method=method).observe(elapsed)
        access_log.info("%s %s %s %.1fms", method, request.get_full_path(),
                        response.status_code, elapsed * 1000,
                        extra={"method": method, "route": route,
                               "status": response.status_code,
                               "duration_ms": round(elapsed * 1000, 1)})
        return response


# --- health ------------------------------------------------------------------------------

NO_STORE = {"Cache-Control": "no-store"}


async def healthz(request: HttpRequest) -> HttpResponse:
    """Liveness: the process answers. Touches nothing else."""
    return JsonResponse({"status": "ok"}, headers=NO_STORE)


def _check_database() -> str | None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return None


def _check_migrations() -> str | None:
    from django.db.migrations.executor import MigrationExecutor

    executor = MigrationExecutor(connection)
    plan = executor.migration_plan(executor.loader.graph.leaf_nodes())
    if not plan:
        return None
    names = ", ".join(f"{m.app_label}.{m.name}" for m, _ in plan[:5])
    return f"{len(plan)} unapplied migration(s): {names}{', ...' if len(plan) > 5 else ''}"


def _check_broker() -> str | None:
    import redis

    client = redis.Redis.from_url(settings.REDIS_URL, socket_timeout=2,
                                  socket_connect_timeout=2)
    try:
        client.ping()
    finally:
        client.close()
    return None


def readyz(request: HttpRequest) -> HttpResponse:
    """Readiness: the database answers, every migration is applied, and the broker (Redis,
    when REDIS_URL is set) answers. 200, or 503 naming the checks that failed."""
    checks: dict[str, str] = {}
    steps: list[tuple[str, Any]] = [("database", _check_database),
                                    ("migrations", _check_migrations)]
    if settings.REDIS_URL:
        steps.append(("broker", _check_broker))
    else:
        checks["broker"] = "not configured (the embedded filesystem broker)"
    for name, check in steps:
        if name == "migrations" and checks.get("database") != "ok":
            checks[name] = "not checked: the database is unreachable"
            continue
        try:
            failure = check()
        except Exception as error:  # noqa: BLE001 - any failure is "not ready"
            log.warning("readiness check %s failed: %s", name, error)
            failure = f"unreachable ({type(error).__name__})"
        checks[name] = failure or "ok"
    failed = sorted(name for name, _ in steps if checks[name] != "ok")
    body = {"status": "unavailable" if failed else "ok", "checks": checks}
    if failed:
        body["failed"] = failed
    return JsonResponse(body, status=503 if failed else 200, headers=NO_STORE)


# --- metrics -----------------------------------------------------------------------------

LOCAL_ADDRESSES = {"127.0.0.1", "::1", "::ffff:127.0.0.1"}


def _registry() -> Any:
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
        return registry
    return REGISTRY


def metrics_view(request: HttpRequest) -> HttpResponse:
    """Prometheus' text format. With DICE_METRICS_TOKEN set, only for `Authorization:
    Bearer <token>`; unset, only for requests from this machine (127.0.0.1, ::1), and in
    production not at all (404): there a proxy on this machine would make every client
    local."""
    token = settings.DICE_METRICS_TOKEN
    if not token and settings.PRODUCTION:
        return not_found_view(request)
    if token:
        sent = request.headers.get("Authorization", "")
        scheme, _, given = sent.partition(" ")
        if scheme.lower() != "bearer" or not hmac.compare_digest(
                given.strip().encode("utf-8", "surrogatepass"), token.encode()):
            return JsonResponse(
                problem(401, "not_authenticated", "send Authorization: Bearer <the metrics "
                        "token>", instance=request.get_full_path()),
                status=401, content_type="application/problem+json",
                headers={"WWW-Authenticate": 'Bearer realm="metrics"'})
    elif request.META.get("REMOTE_ADDR") not in LOCAL_ADDRESSES:
        return JsonResponse(
            problem(403, "forbidden", "/metrics answers this machine only, unless "
                    "DICE_METRICS_TOKEN is set", instance=request.get_full_path()),
            status=403, content_type="application/problem+json")
    # The text format 0.0.4, or OpenMetrics when the scraper asks for it.
    encode, content_type = choose_encoder(request.headers.get("Accept", ""))
    return HttpResponse(encode(_registry()), content_type=content_type, headers=NO_STORE)


# --- the schema and the documentation pages ----------------------------------------------

class SchemaView(SpectacularAPIView):
    throttle_classes = [DocsRateThrottle]


class SwaggerView(SpectacularSwaggerView):
    throttle_classes = [DocsRateThrottle]


class RedocView(SpectacularRedocView):
    throttle_classes = [DocsRateThrottle]


# --- OpenAPI: the headers on every answer -------------------------------------------------

COMMON_HEADERS = {
    "X-Request-ID": (("the request's id: its own X-Request-ID when that is 1 to 128 of "
                      "A-Z a-z 0-9 . _ ~ : @ + = / -, else a new one; in the server's logs "
                      "too"), {"type": "string"}),
    "RateLimit-Limit": (("requests the tightest throttle that counted this one allows in "
                         "its window"), {"type": "integer", "minimum": 0}),
    "RateLimit-Remaining": ("requests left in that window", {"type": "integer", "minimum": 0}),
    "RateLimit-Reset": (("seconds until the oldest request counted leaves the window (one "
                         "more is allowed then)"), {"type": "integer", "minimum": 0}),
}


def common_headers(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """Postprocessing hook: every response of every operation lists X-Request-ID and the
    RateLimit-* headers (components.headers, referenced)."""
    components = result.setdefault("components", {}).setdefault("headers", {})
    for name, (description, schema) in COMMON_HEADERS.items():
        components[name] = {"description": description, "schema": schema}
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            if not isinstance(operation, dict):
                continue
            for response in operation.get("responses", {}).values():
                headers = response.setdefault("headers", {})
                for name in COMMON_HEADERS:
                    headers.setdefault(name, {"$ref": f"#/components/headers/{name}"})
    return result
