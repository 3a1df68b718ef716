"""The Celery app: worker and beat. Tasks live in events/tasks.py."""

from __future__ import annotations

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("dice_games")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks(["events"])


def _ensure_local_broker_folders() -> None:
    """The embedded default's filesystem broker needs its folders to exist."""
    from django.conf import settings

    if settings.CELERY_BROKER_URL.startswith("filesystem://"):
        for key in ("data_folder_in", "data_folder_out", "processed_folder", "control_folder"):
            os.makedirs(settings.CELERY_BROKER_TRANSPORT_OPTIONS[key], exist_ok=True)


_ensure_local_broker_folders()
