"""Upcasters of stored events; their one home is games/verify/upcasters.py (pure, so the
standalone verifier upcasts exactly as the service does)."""

from games.verify.upcasters import (  # noqa: F401 (re-exported)
    SCHEMA_VERSIONS, UPCASTERS, schema_version_of, table_seated_v1_to_v2, upcast, upcast_event,
    upcast_event_steps,
)
