from django.apps import AppConfig


class FloorConfig(AppConfig):
    name = "tests.benchmarks.floor_service"
    label = "floor_service"
    default_auto_field = "django.db.models.BigAutoField"
