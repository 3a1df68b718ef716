"""The floor's settings: the product's database settings (the same pool), the same
server (uvicorn, same flags and workers: tests/benchmarks/floor.py), and nothing else."""

from __future__ import annotations

import os

import dj_database_url

SECRET_KEY = "floor-benchmark-only"
DEBUG = False
ALLOWED_HOSTS = ["*"]
USE_TZ = True
ROOT_URLCONF = "tests.benchmarks.floor_service.urls"
INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "rest_framework",
    "rest_framework.authtoken",
    "tests.benchmarks.floor_service.apps.FloorConfig",
]
MIDDLEWARE: list[str] = []
DATABASES = {"default": dj_database_url.parse(os.environ["DATABASE_URL"], conn_max_age=0)}
# As config/settings.py: a psycopg pool of DICE_DB_POOL_SIZE connections per process.
DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
    "min_size": 0, "max_size": int(os.environ.get("DICE_DB_POOL_SIZE") or "8"),
    "timeout": 10}
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": ["rest_framework.authentication.TokenAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["rest_framework.parsers.JSONParser"],
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
