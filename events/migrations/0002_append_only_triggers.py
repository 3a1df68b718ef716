"""PostgreSQL refuses UPDATE, DELETE and TRUNCATE of stored events.

TRUNCATE is let through only in a session that set `dicegames.allow_truncate = on`,
which the test settings do so the test runner can empty its own test database between
transactional tests. UPDATE and DELETE have no way through.
"""

from django.db import migrations

FORWARD = """
CREATE OR REPLACE FUNCTION events_event_append_only() RETURNS trigger AS $$
BEGIN
    IF TG_OP = 'TRUNCATE' AND current_setting('dicegames.allow_truncate', true) = 'on' THEN
        RETURN NULL;
    END IF;
    RAISE EXCEPTION 'events are append-only: % of events_event is not allowed', TG_OP
        USING ERRCODE = 'raise_exception';
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER events_event_no_update_or_delete
    BEFORE UPDATE OR DELETE ON events_event
    FOR EACH ROW EXECUTE FUNCTION events_event_append_only();

CREATE TRIGGER events_event_no_truncate
    BEFORE TRUNCATE ON events_event
    FOR EACH STATEMENT EXECUTE FUNCTION events_event_append_only();
"""

BACKWARD = """
DROP TRIGGER IF EXISTS events_event_no_truncate ON events_event;
DROP TRIGGER IF EXISTS events_event_no_update_or_delete ON events_event;
DROP FUNCTION IF EXISTS events_event_append_only();
"""


def forward(apps, schema_editor):  # type: ignore[no-untyped-def]
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(FORWARD, params=None)


def backward(apps, schema_editor):  # type: ignore[no-untyped-def]
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(BACKWARD, params=None)


class Migration(migrations.Migration):
    dependencies = [("events", "0001_initial")]
    operations = [migrations.RunPython(forward, backward)]
