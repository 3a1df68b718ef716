"""Usernames are unique regardless of case: a unique index on LOWER(username).

django.contrib.auth's User is not ours to give a constraint, so the index is made here, by
hand, on PostgreSQL and SQLite (usernames are ASCII, where both LOWER()s agree). A
database that already holds two usernames differing only in case must have one renamed
first; the migration names them and stops.
"""

from django.conf import settings
from django.db import migrations

INDEX = "api_username_lower_uniq"
VENDORS = {"postgresql", "sqlite"}


def create_index(apps, schema_editor):  # type: ignore[no-untyped-def]
    connection = schema_editor.connection
    if connection.vendor not in VENDORS:
        return
    User = apps.get_model(settings.AUTH_USER_MODEL)
    table = connection.ops.quote_name(User._meta.db_table)
    column = connection.ops.quote_name(User._meta.get_field("username").column)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT LOWER({column}) FROM {table} GROUP BY LOWER({column}) "
                       f"HAVING COUNT(*) > 1")
        clashes = [row[0] for row in cursor.fetchall()]
    if clashes:
        raise RuntimeError("usernames that differ only in case must be renamed before this "
                           f"migration: {', '.join(sorted(clashes))}")
    schema_editor.execute(f"CREATE UNIQUE INDEX {INDEX} ON {table} (LOWER({column}))")


def drop_index(apps, schema_editor):  # type: ignore[no-untyped-def]
    if schema_editor.connection.vendor in VENDORS:
        schema_editor.execute(f"DROP INDEX IF EXISTS {INDEX}")


class Migration(migrations.Migration):
    dependencies = [
        ("api", "0001_access_tokens"),
        # After auth's last migration: on SQLite, altering auth_user rebuilds the table and
        # would drop an index made before.
        ("auth", "0012_alter_user_first_name_max_length"),
    ]

    operations = [migrations.RunPython(create_index, drop_index)]
