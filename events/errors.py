"""Errors of the service layer; api/errors.py turns each into a problem response."""

from __future__ import annotations

from typing import Any


class ServiceError(Exception):
    status = 400
    code = "bad_request"

    def __init__(self, message: str, code: str | None = None, **extra: Any) -> None:
        super().__init__(message)
        self.message = message
        if code:
            self.code = code
        self.extra = extra


class BadRequest(ServiceError):
    status = 400
    code = "invalid_request"


class Forbidden(ServiceError):
    status = 403
    code = "forbidden"


class NotFound(ServiceError):
    status = 404
    code = "not_found"


class Conflict(ServiceError):
    status = 409
    code = "conflict"


class VersionConflict(Conflict):
    code = "version_conflict"


class Unprocessable(ServiceError):
    status = 422
    code = "unprocessable"
