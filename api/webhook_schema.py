"""The deliveries a webhook receives, in openapi.yaml's `webhooks` (OpenAPI 3.1): one per
kind, each with its typed body and the Standard Webhooks headers (docs/clocks.md)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiResponse, OpenApiWebhook, extend_schema

from . import serializers as s

HOW = ("Signed as Standard Webhooks says: verify the raw body and the `webhook-*` headers "
       "with a Standard Webhooks library (`standardwebhooks` on PyPI and npm) and the "
       "webhook's `whsec_` secret, refuse stale timestamps, and drop a `webhook-id` seen "
       "before (retries reuse it). Answer with any 2xx; anything else is retried with "
       "backoff. The `X-Dice-*` headers are deprecated and stop on 2027-06-30.")


def _hook(name: str, body: Any, summary: str) -> OpenApiWebhook:
    return OpenApiWebhook(name=name, decorator=extend_schema(
        operation_id=f"{name}_webhook", summary=summary, description=HOW, tags=["webhooks"],
        request=body,
        responses={200: OpenApiResponse(description="any 2xx: received")}))


YOUR_TURN = _hook("your_turn", s.YourTurnWebhookSerializer,
                  "You are asked for a decision (by another seat's move or the clock)")
GAME_STARTED = _hook("game_started", s.GameStartedWebhookSerializer, "A game of yours started")
GAME_OVER = _hook("game_over", s.GameOverWebhookSerializer, "A game of yours ended")
CLOCK_WARNING = _hook("clock_warning", s.ClockWarningWebhookSerializer,
                      "80% of your clock has run")

HEADERS = [
    ("webhook-id", True, False, {"type": "string", "pattern": "^msg_[0-9]+$"},
     "the delivery's id, `msg_<id>`: the same on every retry, so deduplicate by it"),
    ("webhook-timestamp", True, False, {"type": "string", "pattern": "^[0-9]+$"},
     "when this attempt was signed, in integer seconds since the Unix epoch"),
    ("webhook-signature", True, False, {"type": "string"},
     "`v1,<base64 HMAC-SHA256 of {webhook-id}.{webhook-timestamp}.{body}>`; during a "
     "secret rotation one such signature per secret, separated by spaces"),
    ("X-Dice-Event", False, True, {"type": "string"},
     "deprecated (until 2027-06-30): the kind"),
    ("X-Dice-Delivery", False, True, {"type": "string", "pattern": "^[0-9]+$"},
     "deprecated (until 2027-06-30): the delivery's id"),
    ("X-Dice-Signature", False, True, {"type": "string", "pattern": "^sha256=[0-9a-f]{64}$"},
     "deprecated (until 2027-06-30): sha256=<hex HMAC-SHA256 of the body alone, with the "
     "key of the current secret>"),
]


def delivery_headers(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """Postprocessing hook: every webhook operation lists the headers it is sent with
    (drf-spectacular's webhooks carry no parameters of their own), and needs no token:
    its signature is in those headers (`security: []`)."""
    parameters = [{"in": "header", "name": name, "required": required, "schema": schema,
                   "description": description, **({"deprecated": True} if old else {})}
                  for name, required, old, schema, description in HEADERS]
    for operations in result.get("webhooks", {}).values():
        for operation in operations.values():
            operation["parameters"] = parameters
            operation["security"] = []
    return result
