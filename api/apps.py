from django.apps import AppConfig


class ApiConfig(AppConfig):
    name = "api"
    verbose_name = "Public REST API"

    def ready(self) -> None:
        from accounts import deletion
        from events import departures

        from . import schema  # noqa: F401  (registers the authentication extension)

        # An account deletion (accounts/deletion.py) takes the user out of every game and
        # deletes their webhooks in its transaction: accounts/ and events/ do not import
        # each other (docs/decisions/0009), so the HTTP layer, which calls both, wires them.
        # Push subscriptions, once they exist, register their listener here too.
        deletion.on_deletion(departures.depart)
