"""The Web Push message in openapi.yaml's `webhooks` (beside the webhooks' deliveries), so
that its JSON (PushPayload) is typed in the contract and in the clients generated from it.

It is not an HTTP request to a client's server: the browser's push service carries it,
encrypted (RFC 8291), to the subscribed browser, whose service worker reads it with
`event.data.json()` (docs/notifications.md). contract/hooks.py gives it no headers."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, OpenApiWebhook, extend_schema

from . import push_serializers as ps

PUSH_MESSAGE = OpenApiWebhook(name="push_message", decorator=extend_schema(
    operation_id="push_message", tags=["notifications"],
    summary="A Web Push message, as the service worker reads it (event.data.json())",
    description="Delivered by the browser's push service to the subscribed browser, "
                "encrypted with its keys (RFC 8291, aes128gcm) and signed with the server's "
                "VAPID key (RFC 8292): no request of yours, and nothing to answer. The "
                "`Urgency` and `TTL` it was pushed with depend on its `kind` "
                "(docs/notifications.md).",
    request=ps.PushPayloadSerializer,
    responses={201: OpenApiResponse(description="taken by the push service")}))
