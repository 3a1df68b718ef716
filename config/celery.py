"""The Celery app: worker and beat. Tasks live in events/tasks.py.

Its pool processes die with the worker: Celery asks the kernel for SIGKILL on the
parent's death as a pool process starts, but a worker killed before that request leaves
the process orphaned, blocked for good on the pool's shared queue lock; so each pool
process also checks that the worker that forked it is still there once it has started
(`die_with_the_worker`; docs/decisions/0019-supervised-processes.md).
"""

from __future__ import annotations

import os
import signal
from typing import Any

from celery import Celery, signals

from infra.parent_death import die_with_parent

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("dice_games")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks(["events"])

pool_parent: dict[str, int] = {}
"""The pid of the worker process that forks the pool processes, inherited by each."""


@signals.worker_init.connect
def remember_the_worker(**_: Any) -> None:
    """In the worker, as it is set up, before its pool exists. `worker_init`, not
    `worker_before_create_process`: only the pool of an event loop (a Redis broker) sends
    the latter, so the pool on the embedded default's filesystem broker never did and its
    pool processes went without the check (decision 0019, "The pool without an event
    loop")."""
    pool_parent["pid"] = os.getpid()


@signals.worker_process_init.connect
def die_with_the_worker(**_: Any) -> None:
    """In a new pool process, once Celery has set it up: SIGKILL when the worker ends (as
    Celery asks), and an exit now if the worker already ended before it asked. The solo
    pool (`dev.py run`'s worker) sends the same signal in the worker itself: nothing."""
    worker = pool_parent.get("pid")
    if worker is not None and worker != os.getpid():
        die_with_parent(signal.SIGKILL, parent=worker)


def _ensure_local_broker_folders() -> None:
    """The embedded default's filesystem broker needs its folders to exist."""
    from django.conf import settings

    if settings.CELERY_BROKER_URL.startswith("filesystem://"):
        for key in ("data_folder_in", "data_folder_out", "processed_folder", "control_folder"):
            os.makedirs(settings.CELERY_BROKER_TRANSPORT_OPTIONS[key], exist_ok=True)


_ensure_local_broker_folders()
