"""Web Push over HTTP (docs/notifications.md): the server key, the caller's subscriptions,
their push log and their choice of kinds. The rules are events/push/."""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from django.urls import reverse
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from events.push import keys
from events.push import subscriptions as push

from . import push_serializers as ps
from .language import reader_language
from .me_views import MeSchema
from .paging import next_page, query_of
from .schema import conflict, problems
from .validation import valid
from .views import LOCATION

SUBSCRIPTION_ID = OpenApiParameter("subscription_id", type=int, location=OpenApiParameter.PATH)
DISABLED = "404 `push_disabled` when this server does not push (DICE_PUSH_ENABLED). "
PUSH_409 = ("`too_many_push_subscriptions`: you hold DICE_PUSH_SUBSCRIPTIONS_PER_USER "
            "subscriptions already (problem details, with `limit`)")


def _subscription(sub: Any) -> dict[str, Any]:
    return {"id": sub.pk, "endpoint": sub.endpoint, "language": sub.language,
            "expiration_time": sub.expiration_time, "created_at": sub.created_at}


def _delivery(d: Any) -> dict[str, Any]:
    return {"id": d.pk, "kind": d.kind, "game": d.game_id, "status": d.status,
            "attempts": d.attempts, "last_status_code": d.last_status_code,
            "last_error": d.last_error, "subscription": d.subscription_id,
            "removed_reason": d.removed_reason, "created_at": d.created_at,
            "next_attempt_at": d.next_attempt_at, "delivered_at": d.delivered_at}


class VapidKeyView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(operation_id="get_vapid_public_key", tags=["notifications"],
                   responses={200: ps.VapidKeySerializer, **problems(401, 404, 429)},
                   summary="The application server key browsers subscribe with",
                   description=DISABLED)
    def get(self, request: Request) -> Response:
        push.require_enabled()
        return Response({"public_key": keys.public_key()})


class PushSubscriptionListView(APIView):
    @extend_schema(operation_id="list_push_subscriptions", tags=["notifications"],
                   responses={200: ps.PushSubscriptionSerializer(many=True),
                              **problems(401, 404, 429)},
                   summary="Your push subscriptions (one per browser or installed app)",
                   description=DISABLED)
    def get(self, request: Request) -> Response:
        return Response([_subscription(s) for s in push.subscriptions_of(request.user)])

    @extend_schema(operation_id="create_push_subscription", tags=["notifications"],
                   request=ps.PushSubscriptionRequestSerializer, parameters=[LOCATION],
                   responses={201: ps.PushSubscriptionSerializer,
                              200: OpenApiResponse(ps.PushSubscriptionSerializer,
                                                   description="this endpoint was yours "
                                                   "already: updated"),
                              **problems(400, 401, 404), **conflict(PUSH_409),
                              **problems(429)},
                   summary="Subscribe this browser to pushes",
                   description="The body is the browser's `subscription.toJSON()`, plus "
                   "`language` if the texts should not follow Accept-Language. 400 "
                   "`invalid_push_endpoint` (not https, or at a loopback, private or "
                   "reserved address), `unresolvable_push_host`, `invalid_push_keys` "
                   "(p256dh not a 65-byte P-256 point, auth not 16 bytes). The same endpoint "
                   "again updates it (200); posted by another account it becomes theirs "
                   "(201). " + DISABLED)
    def post(self, request: Request) -> Response:
        push.require_enabled()
        data = valid(ps.PushSubscriptionRequestSerializer, request.data)
        expires = data.get("expirationTime")
        sub, created = push.subscribe(
            user=request.user, endpoint=data["endpoint"], p256dh=data["keys"]["p256dh"],
            auth=data["keys"]["auth"], language=data.get("language") or reader_language(request),
            expiration_time=None if expires is None else datetime.fromtimestamp(
                expires / 1000, tz=timezone.utc))
        return Response(_subscription(sub),
                        status=status.HTTP_201_CREATED if created else status.HTTP_200_OK,
                        headers={"Location": reverse("push-subscription", args=[sub.pk])})


class PushSubscriptionDetailView(APIView):
    @extend_schema(operation_id="delete_push_subscription", tags=["notifications"],
                   parameters=[SUBSCRIPTION_ID], responses={204: None, **problems(401, 404, 429)},
                   summary="Unsubscribe a browser",
                   description="404 `push_subscription_not_found` if it is not yours. " + DISABLED)
    def delete(self, request: Request, subscription_id: int) -> Response:
        push.unsubscribe(user=request.user, subscription_id=subscription_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


class PushDeliveryListView(APIView):
    @extend_schema(operation_id="list_push_deliveries", tags=["notifications"],
                   parameters=[ps.PushDeliveryQuerySerializer],
                   responses={200: ps.PushDeliveryPageSerializer, **problems(400, 401, 429)},
                   summary="Your push log, newest first",
                   description="Every push made for you: its kind and game, whether it was "
                   "delivered, how often it was tried, the push service's last answer, and "
                   "why a subscription was removed. Pages of `limit` items (20 by default, "
                   "up to 100); follow `next` (or the Link header). 400 `invalid_cursor` for "
                   "a cursor this endpoint did not give.")
    def get(self, request: Request) -> Response:
        query = query_of(ps.PushDeliveryQuerySerializer, request)
        rows, cursor = push.deliveries_of(request.user, limit=query["limit"],
                                          cursor=query.get("cursor"))
        url, headers = next_page(request, cursor)
        return Response(ps.PushDeliveryPageSerializer(
            {"results": [_delivery(d) for d in rows], "next": url}).data, headers=headers)


class NotificationsView(APIView):
    schema = MeSchema()  # the PATCH body as written (its `push` is a partial already)

    @extend_schema(operation_id="get_notifications", tags=["notifications"],
                   responses={200: ps.NotificationsSerializer, **problems(401, 429)},
                   summary="Which kinds of pushes you get")
    def get(self, request: Request) -> Response:
        return Response({"push": push.preferences_of(request.user)})

    @extend_schema(operation_id="update_notifications", tags=["notifications"],
                   request=ps.NotificationsPatchSerializer,
                   responses={200: ps.NotificationsSerializer, **problems(400, 401, 429)},
                   summary="Turn kinds of pushes on or off",
                   description="`push` is merged: the kinds it names change, the others "
                   "stay. 400 `invalid_notification_kinds` for a kind that is not pushed.")
    def patch(self, request: Request) -> Response:
        sent = request.data.get("push") if isinstance(request.data, dict) else None
        if isinstance(sent, dict):
            push.check_kinds(sent)
        data = valid(ps.NotificationsPatchSerializer, request.data)
        return Response({"push": push.set_preferences(user=request.user, push=data["push"])})
