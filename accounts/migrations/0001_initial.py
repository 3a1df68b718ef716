"""AccessToken, moved from api (api/migrations/0003): the same table (`api_accesstoken`)
and index, so no row moves; only Django's state changes. Its content type (and so its
permissions) is relabelled from api to accounts where one exists."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def relabel_content_type(apps, schema_editor):  # type: ignore[no-untyped-def]
    content_types = apps.get_model("contenttypes", "ContentType")
    db = schema_editor.connection.alias
    if not content_types.objects.using(db).filter(app_label="accounts",
                                                  model="accesstoken").exists():
        content_types.objects.using(db).filter(app_label="api", model="accesstoken").update(
            app_label="accounts")


def label_back(apps, schema_editor):  # type: ignore[no-untyped-def]
    content_types = apps.get_model("contenttypes", "ContentType")
    db = schema_editor.connection.alias
    if not content_types.objects.using(db).filter(app_label="api",
                                                  model="accesstoken").exists():
        content_types.objects.using(db).filter(app_label="accounts",
                                               model="accesstoken").update(app_label="api")


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ("api", "0003_access_tokens_to_accounts"),
        ("contenttypes", "0002_remove_content_type_name"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
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
                        'db_table': 'api_accesstoken',
                        'indexes': [models.Index(fields=['user', '-created_at'], name='api_token_user_created')],
                    },
                ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(relabel_content_type, label_back),
    ]
