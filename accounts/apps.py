from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "Accounts"

    def ready(self) -> None:
        from django.contrib.auth import get_user_model
        from django.db.models.signals import post_save

        from .players import make_player

        post_save.connect(make_player, sender=get_user_model(),
                          dispatch_uid="accounts.players.make_player")
