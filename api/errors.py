"""The one exception handler: every error becomes an RFC 9457 problem response."""

from __future__ import annotations

import logging
from typing import Any

from django.conf import settings
from django.core.exceptions import DisallowedHost, RequestDataTooBig
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.db import OperationalError
from django.http import Http404, HttpRequest, JsonResponse
from rest_framework import exceptions as drf
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response

from events.errors import ServiceError
from games.core import IllegalAction

log = logging.getLogger(__name__)

# RFC 9457: "about:blank" with the status phrase as title; what went wrong is told by the
# extension member `code` (stable, documented per game in docs/games/ and in
# docs/decisions/0003-error-statuses.md) and the human-readable `detail`.
PROBLEM_TYPE = "about:blank"
TITLES = {
    400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
    405: "Method Not Allowed", 406: "Not Acceptable", 409: "Conflict",
    413: "Content Too Large", 415: "Unsupported Media Type", 422: "Unprocessable Content",
    429: "Too Many Requests", 500: "Internal Server Error", 503: "Service Unavailable",
}

DRF_CODES: list[tuple[type[Exception], str]] = [
    (drf.ParseError, "malformed_json"),
    (drf.ValidationError, "invalid_request"),
    (drf.NotAuthenticated, "not_authenticated"),
    (drf.AuthenticationFailed, "authentication_failed"),
    (drf.PermissionDenied, "forbidden"),
    (drf.NotFound, "not_found"),
    (drf.MethodNotAllowed, "method_not_allowed"),
    (drf.NotAcceptable, "not_acceptable"),
    (drf.UnsupportedMediaType, "unsupported_media_type"),
    (drf.Throttled, "throttled"),
]


class Busy(drf.APIException):
    """503 with a `code` of its own and Retry-After: a part of the service is saturated
    (e.g. `login_busy`: every password hasher of the process is busy), not the database."""

    status_code = 503

    def __init__(self, detail: str, *, code: str, wait: int) -> None:
        super().__init__(detail, code)
        self.code = code
        self.wait = wait


def problem(status: int, code: str, detail: str, **extra: Any) -> dict[str, Any]:
    if "errors" in extra:
        extra["errors"] = field_errors(extra["errors"])
    return {"type": PROBLEM_TYPE, "title": TITLES.get(status, "Error"),
            "status": status, "code": code, "detail": detail, **extra}


# The key of the errors of no one field (DRF's own, NON_FIELD_ERRORS_KEY's default).
NO_FIELD = "non_field_errors"


def field_errors(detail: Any, path: str = "") -> dict[str, list[str]]:
    """A problem's `errors`, one shape whatever raised them: each field's messages by its
    path (`options.ones_wild`, `seats.0`), the errors of no one field under
    `non_field_errors`. DRF nests them as its serializers do (dicts, lists, messages)."""
    if isinstance(detail, dict):
        out: dict[str, list[str]] = {}
        for key, value in detail.items():
            name = path if str(key) == NO_FIELD and path else \
                f"{path}.{key}" if path else str(key)
            for field, messages in field_errors(value, name).items():
                out.setdefault(field, []).extend(messages)
        return out
    if isinstance(detail, (list, tuple)):
        if all(not isinstance(item, (dict, list, tuple)) for item in detail):
            return {path or NO_FIELD: [str(item) for item in detail]}
        out = {}
        for index, item in enumerate(detail):
            name = f"{path}.{index}" if path else str(index)
            for field, messages in field_errors(item, name).items():
                out.setdefault(field, []).extend(messages)
        return out
    return {path or NO_FIELD: [str(detail)]}


class ProblemResponse(Response):
    """A problem document is JSON whatever the request negotiated: a stream's client asks
    for text/event-stream (as EventSource does), and that renderer cannot write a problem."""

    @property
    def rendered_content(self):  # type: ignore[no-untyped-def]
        self.accepted_renderer = JSONRenderer()
        self.accepted_media_type = "application/problem+json"
        return super().rendered_content


def problem_response(body: dict[str, Any], headers: dict[str, str] | None = None) -> Response:
    return ProblemResponse(body, status=body["status"], headers=headers,
                           content_type="application/problem+json")


def problem_exception_handler(exc: Exception, context: dict[str, Any]) -> Response:
    request = context.get("request")
    instance = request.get_full_path() if request is not None else None
    if isinstance(exc, IllegalAction):
        return problem_response(problem(exc.status, exc.code, exc.message, instance=instance))
    if isinstance(exc, ServiceError):
        return problem_response(problem(exc.status, exc.code, exc.message, instance=instance,
                                        **exc.extra))
    if isinstance(exc, RequestDataTooBig):
        return problem_response(problem(
            413, "payload_too_large",
            f"the request body is larger than {settings.DATA_UPLOAD_MAX_MEMORY_SIZE} bytes",
            instance=instance))
    if isinstance(exc, OperationalError):
        # The database is unreachable, or every pooled connection stayed busy for
        # DICE_DB_POOL_TIMEOUT seconds (docs/scaling.md): try again shortly.
        log.warning("database unavailable: %s", exc)
        return problem_response(problem(503, "database_unavailable",
                                        "the database is busy or unreachable; try again",
                                        instance=instance), {"Retry-After": "1"})
    if isinstance(exc, Busy):
        return problem_response(problem(503, exc.code, str(exc.detail), instance=instance),
                                {"Retry-After": str(exc.wait)})
    if isinstance(exc, Http404):
        exc = drf.NotFound()
    if isinstance(exc, DjangoPermissionDenied):
        exc = drf.PermissionDenied()
    if isinstance(exc, drf.APIException):
        return _drf_problem(exc, instance)
    log.exception("unhandled error", exc_info=exc)
    return problem_response(problem(500, "internal_error", "an unexpected error occurred",
                                    instance=instance))


def _code_of(exc: drf.APIException) -> str:
    """A DRF exception raised with a code of its own keeps it (`AuthenticationFailed(...,
    code="ticket_used")`); else the code of its class."""
    own = exc.get_codes()
    if isinstance(own, str) and own != exc.default_code:
        return own
    return next((c for cls, c in DRF_CODES if isinstance(exc, cls)), "error")


def _drf_problem(exc: drf.APIException, instance: str | None) -> Response:
    code = _code_of(exc)
    headers: dict[str, str] = {}
    extra: dict[str, Any] = {}
    if isinstance(exc, drf.ValidationError):
        extra["errors"] = exc.detail
        detail = "the request body or parameters are not valid"
    else:
        detail = str(exc.detail)
    if isinstance(exc, drf.Throttled) and exc.wait is not None:
        headers["Retry-After"] = str(int(exc.wait))
    if getattr(exc, "auth_header", None):
        headers["WWW-Authenticate"] = exc.auth_header  # type: ignore[attr-defined]
    return problem_response(problem(exc.status_code, code, detail, instance=instance, **extra),
                            headers)


def bad_request_view(request: HttpRequest, exception: Exception | None = None) -> JsonResponse:
    """Django's 400 (a suspicious request: a Host outside DJANGO_ALLOWED_HOSTS is
    `disallowed_host`). The path only: the request may be lying about anything else."""
    code = "disallowed_host" if isinstance(exception, DisallowedHost) else "bad_request"
    body = problem(400, code, "the request was refused as malformed or suspicious",
                   instance=request.path)
    return JsonResponse(body, status=400, content_type="application/problem+json")


def not_found_view(request: HttpRequest, exception: Exception | None = None) -> JsonResponse:
    body = problem(404, "not_found", "no such resource", instance=request.get_full_path())
    return JsonResponse(body, status=404, content_type="application/problem+json")


def server_error_view(request: HttpRequest) -> JsonResponse:
    body = problem(500, "internal_error", "an unexpected error occurred",
                   instance=request.get_full_path())
    return JsonResponse(body, status=500, content_type="application/problem+json")
