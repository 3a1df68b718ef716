"""Players: the opaque, stable id each account is named by in games' events
(docs/decisions/0011-players-by-opaque-id.md). Every account that exists gets its player
here, each with a fresh random id; accounts made later get theirs when they are made
(accounts/players.py)."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

import accounts.models


def players_for_existing_accounts(apps, schema_editor):  # type: ignore[no-untyped-def]
    users = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    players = apps.get_model("accounts", "Player")
    db = schema_editor.connection.alias
    missing = users.objects.using(db).filter(player__isnull=True).values_list("pk", flat=True)
    players.objects.using(db).bulk_create(
        [players(id=accounts.models.new_player_id(), user_id=pk) for pk in missing.iterator()],
        batch_size=1000)


class Migration(migrations.Migration):

    dependencies = [
        ("accounts", "0001_initial"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="Player",
            fields=[
                ("id", models.CharField(default=accounts.models.new_player_id, editable=False, help_text="p_ and 24 random base32 characters", max_length=32, primary_key=True, serialize=False)),
                ("deleted_at", models.DateTimeField(blank=True, help_text="the account was deleted: its personal data is gone, this id stays", null=True)),
                ("user", models.OneToOneField(on_delete=django.db.models.deletion.PROTECT, related_name="player", to=settings.AUTH_USER_MODEL)),
            ],
        ),
        migrations.RunPython(players_for_existing_accounts, migrations.RunPython.noop),
    ]
