"""How production serves the ASGI application: gunicorn supervises uvicorn workers.

    gunicorn --config python:config.gunicorn_conf --bind 0.0.0.0:8000

gunicorn's master (the arbiter) binds the socket, starts `WEB_CONCURRENCY` worker
processes (gunicorn reads it; about one per core) and restarts any that dies or hangs
(no heartbeat for `timeout` seconds). Each worker is uvicorn serving
`config.asgi:application` on one event loop (the `uvicorn-worker` package's worker, with
this service's uvicorn options below). Every worker asks the kernel for SIGTERM when the
master ends (`post_fork`, infra/parent_death.py): a master killed outright (`kill -9`,
the OOM killer) leaves no worker serving unsupervised, and the same command started again
binds the port. Without it, measured: uvicorn's own `--workers` supervisor and gunicorn
alike left both workers answering on the port for as long as we watched, and a restart
failed with "address already in use" (docs/decisions/0019-supervised-processes.md).

Command-line flags override what is set here (gunicorn's order).
"""

from __future__ import annotations

import signal
from typing import Any, ClassVar

from uvicorn_worker import UvicornWorker

from infra.parent_death import die_with_parent

# On SIGTERM (a deploy, or the master's end): open requests get this long, then open
# streams are closed (clients resume with Last-Event-ID); the master kills what is left
# a little later.
GRACEFUL_SECONDS = 30

wsgi_app = "config.asgi:application"  # gunicorn's name for the application, ASGI here
worker_class = "config.gunicorn_conf.Worker"
keepalive = 5  # seconds an idle keep-alive connection between two requests stays open
graceful_timeout = GRACEFUL_SECONDS + 5
# gunicorn 24+ opens a control socket (~/.gunicorn/gunicorn.ctl, for `gunicornc`) by
# default: one path for every gunicorn of the user, so two servers on one machine would
# share it. Nothing here uses it.
control_socket_disable = True


class Worker(UvicornWorker):
    """uvicorn as a gunicorn worker, with the options the service runs it with: Django
    has no lifespan events; the client address is the socket's peer, X-Forwarded-For is
    read only as DICE_TRUSTED_PROXIES says (uvicorn would trust it from 127.0.0.1)."""

    CONFIG_KWARGS: ClassVar[dict[str, Any]] = {
        **UvicornWorker.CONFIG_KWARGS,
        "lifespan": "off",
        "proxy_headers": False,
        "timeout_graceful_shutdown": GRACEFUL_SECONDS,
    }


def post_fork(server: Any, worker: Any) -> None:
    """gunicorn's hook, in each new worker: die with the master (SIGTERM, which uvicorn
    handles as a graceful shutdown: the listening socket is closed at once)."""
    die_with_parent(signal.SIGTERM, parent=worker.ppid)

