"""The id of the request being served (its X-Request-ID), for the logs.

`api.ops.RequestMiddleware` sets it for each request; config/logs.py's RequestIdFilter
copies it onto every log record (`-` outside a request: the Celery worker, start-up).
Context variables follow a request into the threads its sync views run in (asgiref
copies them)."""

from __future__ import annotations

import contextvars

REQUEST_ID: contextvars.ContextVar[str] = contextvars.ContextVar("request_id", default="-")
