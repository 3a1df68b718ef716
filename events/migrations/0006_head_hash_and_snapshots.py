"""Game.head_hash (the hash of the head event, so an append reads no event) and the
Snapshot table (derived states: events/store/snapshots.py)."""

import django.db.models.deletion
from django.db import migrations, models
from django.db.models import OuterRef, Subquery


def fill_head_hash(apps, schema_editor):  # type: ignore[no-untyped-def]
    Game = apps.get_model("events", "Game")
    Event = apps.get_model("events", "Event")
    head = Event.objects.filter(game=OuterRef("pk"), seq=OuterRef("version")).values("hash")[:1]
    Game.objects.filter(version__gt=0).update(head_hash=Subquery(head))


class Migration(migrations.Migration):

    dependencies = [
        ("events", "0005_webhook_standard_signatures"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="head_hash",
            field=models.CharField(blank=True, default="", max_length=64,
                                   help_text="the hash of event `version` (empty before the first)"),
        ),
        migrations.RunPython(fill_head_hash, migrations.RunPython.noop),
        migrations.CreateModel(
            name="Snapshot",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False,
                                           verbose_name="ID")),
                ("version", models.PositiveIntegerField()),
                ("rules_version", models.CharField(max_length=64)),
                ("state", models.JSONField(help_text="games.core.codec's JSON of the rules' state")),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                ("game", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE,
                                           related_name="snapshots", to="events.game")),
            ],
        ),
        migrations.AddConstraint(
            model_name="snapshot",
            constraint=models.UniqueConstraint(fields=("game", "rules_version", "version"),
                                               name="unique_snapshot"),
        ),
    ]
