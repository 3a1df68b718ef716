"""Audits: the export of a game's stream for verification (export.py), the verifier
(events/verify.py; its one home is games/verify/) and the challenge reports."""

from .export import (  # noqa: F401
    audit_event, audit_with_verdict, challenges_for, export, game_part, public_events,
    verify_export,
)
