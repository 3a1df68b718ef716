"""The Celery app: worker and beat. Tasks live in events/tasks.py."""

from __future__ import annotations

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("dice_games")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks(["events"])
