"""Logs that say which request they belong to.

`api.ops.RequestMiddleware` puts each request's id (its X-Request-ID) in a context
variable (infra/request_id.py); RequestIdFilter copies it onto every log record as
`request_id` (`-` outside a request: the Celery worker, start-up), so both formats below
can print it. Context variables follow a request into the threads its sync views run in
(asgiref copies them).
DICE_LOG_FORMAT=json selects JsonFormatter: one JSON object a line.
"""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime

from infra.request_id import REQUEST_ID


class RequestIdFilter(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if not hasattr(record, "request_id"):
            record.request_id = REQUEST_ID.get()
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
        return json.dumps(out, default=str)
