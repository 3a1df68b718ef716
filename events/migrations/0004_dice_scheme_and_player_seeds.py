"""Dice scheme 2 (length-prefixed client seeds) for new games; players' own seeds only.

Games that already exist keep scheme 1, under which their dice were (or will be, for a
lobby) rolled: stored events are never rewritten, and a game's dice never change scheme
half way. New games get scheme 2.
"""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("events", "0003_clocks_and_webhooks"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="dice_scheme",
            field=models.PositiveSmallIntegerField(default=1),
            preserve_default=False,
        ),
        migrations.AlterField(
            model_name="game",
            name="dice_scheme",
            field=models.PositiveSmallIntegerField(
                default=2,
                help_text="how the dice's HMAC message encodes the seeds (docs/fairness.md)"),
        ),
        migrations.AlterField(
            model_name="seat",
            name="client_seed",
            field=models.CharField(blank=True, default="", max_length=128,
                                   help_text="the player's own seed; empty: contributes none"),
        ),
    ]
