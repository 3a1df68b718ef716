"""The deliveries a webhook receives, in openapi.yaml's `webhooks` (OpenAPI 3.1): one per
kind, each with its typed body; the Standard Webhooks headers they are sent with are added
by contract/hooks.py's `delivery_headers` (docs/clocks.md)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiResponse, OpenApiWebhook, extend_schema

from . import webhook_serializers as s

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
