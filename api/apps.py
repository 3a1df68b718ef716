from django.apps import AppConfig


class ApiConfig(AppConfig):
    name = "api"
    verbose_name = "Public REST API"

    def ready(self) -> None:
        from . import schema  # noqa: F401  (registers the authentication extension)
