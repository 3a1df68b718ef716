"""Webhook registrations and their delivery log, for the calling user only."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from events import webhooks

from . import webhook_serializers as s
from .schema import WEBHOOKS_409, conflict, problems
from .views import LOCATION
from .validation import valid

WEBHOOK_ID = OpenApiParameter("webhook_id", type=int, location=OpenApiParameter.PATH)


def _hook(hook: Any, *, with_secret: bool = False) -> dict[str, Any]:
    shown = {"id": hook.pk, "url": hook.url, "events": hook.events, "active": hook.active,
             "created_at": hook.created_at, "rotating_until": webhooks.rotating_until(hook)}
    return {**shown, "secret": hook.secret} if with_secret else shown


def _delivery(d: Any) -> dict[str, Any]:
    return {"id": d.pk, "kind": d.kind, "status": d.status, "attempts": d.attempts,
            "last_status_code": d.last_status_code, "last_error": d.last_error,
            "payload": d.payload, "created_at": d.created_at,
            "next_attempt_at": d.next_attempt_at, "delivered_at": d.delivered_at}


class WebhookListView(APIView):
    @extend_schema(operation_id="list_webhooks", tags=["webhooks"],
                   responses={200: s.WebhookSerializer(many=True), **problems(401, 429)},
                   summary="Your webhooks")
    def get(self, request: Request) -> Response:
        return Response([_hook(h) for h in webhooks.webhooks_of(request.user)])

    @extend_schema(operation_id="create_webhook", tags=["webhooks"],
                   request=s.WebhookRequestSerializer, parameters=[LOCATION],
                   responses={201: s.WebhookWithSecretSerializer, **problems(400, 401),
                              **conflict(WEBHOOKS_409), **problems(429)},
                   summary=("Register a webhook for your turn, game start, game over, "
                            "clock warnings"),
                   description="The answer holds the secret, in the `whsec_` form: it is "
                               "shown only here (and by a rotation). A `secret` that is not "
                               "`whsec_...` is a key of its own UTF-8 bytes.")
    def post(self, request: Request) -> Response:
        data = valid(s.WebhookRequestSerializer, request.data)
        hook = webhooks.create_webhook(user=request.user, url=data["url"], events=data["events"],
                                       secret=data.get("secret"))
        return Response(_hook(hook, with_secret=True), status=status.HTTP_201_CREATED,
                        headers={"Location": reverse("webhook", args=[hook.pk])})


class WebhookDetailView(APIView):
    @extend_schema(operation_id="delete_webhook", tags=["webhooks"],
                   parameters=[WEBHOOK_ID], responses={204: None, **problems(401, 404, 429)},
                   summary="Remove a webhook")
    def delete(self, request: Request, webhook_id: int) -> Response:
        webhooks.delete_webhook(user=request.user, webhook_id=webhook_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


class RotateSecretView(APIView):
    @extend_schema(operation_id="rotate_webhook_secret", tags=["webhooks"],
                   parameters=[WEBHOOK_ID], request=s.RotateSecretSerializer,
                   responses={200: s.WebhookWithSecretSerializer,
                              **problems(400, 401, 404, 409, 429)},
                   summary="Start a secret rotation: a new secret, and the old one signs too",
                   description="From now on every attempt is signed with the new secret "
                               "(shown only in this answer) and the previous one, until you "
                               "end the rotation (POST .../end-rotation) or `overlap_hours` "
                               "pass. One rotation at a time: 409 "
                               "`webhook_rotation_in_progress` until it ends.")
    def post(self, request: Request, webhook_id: int) -> Response:
        data = valid(s.RotateSecretSerializer, request.data)
        hook = webhooks.rotate_secret(user=request.user, webhook_id=webhook_id,
                                      secret=data.get("secret"),
                                      overlap_hours=data.get("overlap_hours"))
        return Response(_hook(hook, with_secret=True))


class EndRotationView(APIView):
    @extend_schema(operation_id="end_webhook_rotation", tags=["webhooks"],
                   parameters=[WEBHOOK_ID], request=None,
                   responses={200: s.WebhookSerializer, **problems(401, 404, 429)},
                   summary="End a secret rotation: only the newest secret signs from now on",
                   description="Idempotent: without a rotation in progress nothing changes.")
    def post(self, request: Request, webhook_id: int) -> Response:
        return Response(_hook(webhooks.end_rotation(user=request.user, webhook_id=webhook_id)))


class DeliveryListView(APIView):
    @extend_schema(operation_id="list_webhook_deliveries", tags=["webhooks"],
                   parameters=[WEBHOOK_ID],
                   responses={200: s.DeliverySerializer(many=True), **problems(401, 404, 429)},
                   summary="The delivery log of one of your webhooks, newest first")
    def get(self, request: Request, webhook_id: int) -> Response:
        return Response([_delivery(d) for d in webhooks.deliveries_of(request.user, webhook_id)])
