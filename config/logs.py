"""Logs that say which request they belong to.

`api.ops.RequestMiddleware` puts each request's id (its X-Request-ID) in a context
variable (infra/request_id.py); RequestIdFilter copies it onto every log record as
`request_id` (`-` outside a request: the Celery worker, start-up), so both formats below
can print it. Context variables follow a request into the threads its sync views run in
(asgiref copies them).
DICE_LOG_FORMAT=json selects JsonFormatter: one JSON object a line.

RedactTicketFilter keeps stream tickets out of every line: a URL's `ticket=` value
(`GET /games/{id}/stream?ticket=...`, in the service's access log and uvicorn's, which
settings route through the same handler) is written `ticket=[redacted]`; JsonFormatter
redacts its whole line too (its extras, such as Django's `request`, may name the URL).
"""

from __future__ import annotations

import json
import logging
import re
from datetime import UTC, datetime

from infra.request_id import REQUEST_ID


class RequestIdFilter(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if not hasattr(record, "request_id"):
            record.request_id = REQUEST_ID.get()
        return True


# `ticket=` as a query parameter (after ? & or ;), up to the next separator or quote.
TICKET_IN_URL = re.compile(r"([?&;]ticket=)[^&;\s\"'\\]+", re.IGNORECASE)
REDACTED = r"\1[redacted]"


def _redact(value: object) -> object:
    return TICKET_IN_URL.sub(REDACTED, value) if isinstance(value, str) else value


class RedactTicketFilter(logging.Filter):
    """Rewrites a stream ticket in the record's message and arguments (in place: the
    arguments keep their shape, so any formatter still reads them)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.msg = _redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(_redact(a) for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {k: _redact(v) for k, v in record.args.items()}
        return True


# LogRecord's own attributes: whatever else a record carries came as `extra=`.
_STANDARD = set(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {
    "message", "asctime", "request_id", "taskName"}


class JsonFormatter(logging.Formatter):
    """{"time", "level", "logger", "message", "request_id", ...extra, "exception"?}"""

    def format(self, record: logging.LogRecord) -> str:
        out = {
            "time": datetime.fromtimestamp(record.created, UTC)
                            .isoformat(timespec="milliseconds").replace("+00:00", "Z"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
            "request_id": getattr(record, "request_id", REQUEST_ID.get()),
        }
        for key, value in vars(record).items():
            if key not in _STANDARD and not key.startswith("_"):
                out[key] = value
        if record.exc_info:
            out["exception"] = self.formatException(record.exc_info)
        if record.stack_info:
            out["stack"] = self.formatStack(record.stack_info)
        # Redacted once more as written: an extra (Django's `request`) may name the URL.
        return _redact(json.dumps(out, default=str))  # type: ignore[return-value]
