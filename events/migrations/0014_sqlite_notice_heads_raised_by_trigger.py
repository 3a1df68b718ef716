"""On SQLite, a player's notice head is raised by the notice's insert (a trigger), so a
notice costs one statement there as on PostgreSQL (events/notices/store.py).

PostgreSQL raises the head and inserts the notice in one data-modifying WITH and needs no
trigger. SQLite has no writes in WITH; its write holds the whole database from its
BEGIN (IMMEDIATE), so the insert reads the head and the trigger raises it, with no other
writer in between. The head never goes back (MAX), whatever seq an insert carries.
"""

from django.db import migrations

FORWARD = """
CREATE TRIGGER events_playernotice_raises_head
AFTER INSERT ON events_playernotice
FOR EACH ROW BEGIN
    INSERT INTO events_noticehead (user_id, seq) VALUES (NEW.user_id, NEW.seq)
    ON CONFLICT (user_id) DO UPDATE SET seq = MAX(events_noticehead.seq, excluded.seq);
END;
"""

BACKWARD = "DROP TRIGGER IF EXISTS events_playernotice_raises_head;"


def forward(apps, schema_editor):  # type: ignore[no-untyped-def]
    if schema_editor.connection.vendor == "sqlite":
        schema_editor.execute(FORWARD, params=None)


def backward(apps, schema_editor):  # type: ignore[no-untyped-def]
    if schema_editor.connection.vendor == "sqlite":
        schema_editor.execute(BACKWARD, params=None)


class Migration(migrations.Migration):
    dependencies = [("events", "0013_ticket_claims")]
    operations = [migrations.RunPython(forward, backward)]
