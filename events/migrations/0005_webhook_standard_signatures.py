"""Webhook secrets in the Standard Webhooks form, and a second secret while rotating.

Secrets of the old scheme were random strings whose UTF-8 bytes were the HMAC key. Each is
rewritten to `whsec_` + base64 of those very bytes: the key does not change, so nothing a
receiver holds stops working, and the old string can be recovered from the new form (the
reverse migration does so). After this migration every stored secret is in the whsec form.
(Up to 128 characters of UTF-8 are at most 512 bytes: 690 characters in the whsec form.)
"""

import base64

from django.db import migrations, models


def to_whsec(apps, schema_editor):  # type: ignore[no-untyped-def]
    Webhook = apps.get_model("events", "Webhook")
    for hook in Webhook.objects.all().only("pk", "secret"):
        key = hook.secret.encode("utf-8")
        Webhook.objects.filter(pk=hook.pk).update(
            secret="whsec_" + base64.b64encode(key).decode("ascii"))


def from_whsec(apps, schema_editor):  # type: ignore[no-untyped-def]
    """Back to the old form where the key is UTF-8 text that fits the old column; a key
    that is not (drawn in the whsec form) stays as it is: the old code will not verify it,
    but no secret is lost."""
    Webhook = apps.get_model("events", "Webhook")
    for hook in Webhook.objects.all().only("pk", "secret"):
        try:
            text = base64.b64decode(hook.secret[len("whsec_"):], validate=True).decode("utf-8")
        except ValueError:
            continue
        if hook.secret.startswith("whsec_") and len(text) <= 128:
            Webhook.objects.filter(pk=hook.pk).update(secret=text)


class Migration(migrations.Migration):

    dependencies = [
        ("events", "0004_dice_scheme_and_player_seeds"),
    ]

    operations = [
        migrations.AlterField(
            model_name="webhook",
            name="secret",
            field=models.CharField(
                max_length=700, help_text="whsec_ + base64 of the key (events/webhooks/signing.py)"),
        ),
        migrations.AddField(
            model_name="webhook",
            name="previous_secret",
            field=models.CharField(
                blank=True, default="", max_length=700,
                help_text="during a rotation: the secret before it, which still signs too"),
        ),
        migrations.AddField(
            model_name="webhook",
            name="previous_secret_until",
            field=models.DateTimeField(
                blank=True, null=True,
                help_text="when the previous secret stops signing on its own"),
        ),
        migrations.RunPython(to_whsec, from_whsec),
    ]
