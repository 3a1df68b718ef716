"""Access tokens, one per login, stored as SHA-256 hashes.

Keys of the tokens from before (rest_framework.authtoken, one per user, never expiring)
are carried over as tokens named "migrated", so clients that hold one keep working; the
old table is left as it was.
"""

import datetime as dt
import hashlib

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models
from django.utils import timezone
from django.utils.dateparse import parse_datetime


LEGACY_TABLE = "authtoken_token"


def carry_over_legacy_tokens(apps, schema_editor):  # type: ignore[no-untyped-def]
    connection = schema_editor.connection
    if LEGACY_TABLE not in connection.introspection.table_names():
        return
    AccessToken = apps.get_model("api", "AccessToken")
    with connection.cursor() as cursor:
        cursor.execute(f'SELECT "key", "user_id", "created" FROM "{LEGACY_TABLE}"')
        rows = cursor.fetchall()
    AccessToken.objects.bulk_create(
        AccessToken(user_id=user_id, key_hash=hashlib.sha256(key.encode()).hexdigest(),
                    prefix=key[:8], name="migrated", created_at=_aware(created))
        for key, user_id, created in rows)


def _aware(value):  # type: ignore[no-untyped-def]
    # SQLite hands raw rows back as naive (or as text); stored times are UTC.
    if isinstance(value, str):
        value = parse_datetime(value)
    if value is None:
        return timezone.now()
    return timezone.make_aware(value, dt.timezone.utc) if timezone.is_naive(value) else value


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='AccessToken',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('key_hash', models.CharField(help_text='hex SHA-256 of the key', max_length=64, unique=True)),
                ('prefix', models.CharField(help_text="the key's first characters, for display", max_length=8)),
                ('name', models.CharField(blank=True, default='', help_text="the client's label, else its User-Agent", max_length=100)),
                ('created_at', models.DateTimeField()),
                ('last_used_at', models.DateTimeField(blank=True, null=True)),
                ('expires_at', models.DateTimeField(blank=True, null=True)),
                ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='access_tokens', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'indexes': [models.Index(fields=['user', '-created_at'], name='api_token_user_created')],
            },
        ),
        migrations.RunPython(carry_over_legacy_tokens, migrations.RunPython.noop),
    ]
