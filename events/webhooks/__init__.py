"""Webhooks: registrations (registrations.py: create, rotate, list, delete), the outbox
written with the events (outbox.py, fed by reactions.py), deliveries signed and retried
(delivery.py, signing.py) to checked addresses only (egress.py)."""

from .registrations import (  # noqa: F401
    KINDS, create_webhook, delete_webhook, deliveries_of, end_rotation, rotate_secret,
    rotating_until, secrets_in_force, webhook_of, webhooks_of,
)
