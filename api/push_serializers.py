"""Web Push over HTTP (docs/notifications.md): a browser's subscription, the push log, the
choice of kinds, and the pushed message's JSON (PushPayload)."""

from __future__ import annotations

from django.conf import settings
from drf_spectacular.utils import extend_schema_serializer
from rest_framework import serializers

from events.push.subscriptions import KINDS

from .record_serializers import CursorQuerySerializer
from .validation import StrictTypes

LANGUAGES = [code for code, _ in settings.LANGUAGES]


class VapidKeySerializer(serializers.Serializer):
    public_key = serializers.CharField(
        help_text="the application server key: base64url (no padding) of the uncompressed "
                  "P-256 point (65 bytes); pass it as `applicationServerKey` to "
                  "`PushManager.subscribe`")


class PushKeysSerializer(StrictTypes, serializers.Serializer):
    """The subscription's keys (RFC 8291), as the browser gives them."""

    p256dh = serializers.CharField(max_length=200,
                                   help_text="base64url of the browser's P-256 public key "
                                             "(65 bytes, uncompressed)")
    auth = serializers.CharField(max_length=100,
                                 help_text="base64url of the 16-byte authentication secret")


@extend_schema_serializer(component_name="CreatePushSubscription")
class PushSubscriptionRequestSerializer(StrictTypes, serializers.Serializer):
    """A browser's `PushSubscription.toJSON()`, and optionally the texts' language."""

    endpoint = serializers.CharField(max_length=2000,
                                     help_text="the push service's https URL for this device")
    expirationTime = serializers.FloatField(  # noqa: N815 (the browser's own spelling)
        required=False, allow_null=True, min_value=0, max_value=253_402_300_799_999,
        help_text="milliseconds since the epoch after which the browser drops it; null: none")
    keys = PushKeysSerializer()
    language = serializers.ChoiceField(
        choices=LANGUAGES, required=False,
        help_text="the language of the pushed texts (default: from Accept-Language)")


class PushSubscriptionSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    endpoint = serializers.CharField()
    language = serializers.ChoiceField(choices=LANGUAGES)
    expiration_time = serializers.DateTimeField(allow_null=True)
    created_at = serializers.DateTimeField()


class PushDeliveryQuerySerializer(CursorQuerySerializer):
    pass


class PushDeliverySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=KINDS)
    game = serializers.UUIDField(allow_null=True)
    status = serializers.ChoiceField(choices=["pending", "delivered", "failed"])
    attempts = serializers.IntegerField()
    last_status_code = serializers.IntegerField(allow_null=True,
                                                help_text="the push service's last answer")
    last_error = serializers.CharField(allow_blank=True)
    subscription = serializers.IntegerField(
        allow_null=True, help_text="the subscription pushed to; null once it was removed")
    removed_reason = serializers.CharField(
        allow_blank=True, help_text="why this push removed its subscription: `gone` (410), "
                                    "`not_found` (404), `moved` (another account took the "
                                    "device); empty otherwise")
    created_at = serializers.DateTimeField()
    next_attempt_at = serializers.DateTimeField()
    delivered_at = serializers.DateTimeField(allow_null=True)


class PushDeliveryPageSerializer(serializers.Serializer):
    results = PushDeliverySerializer(many=True)
    next = serializers.URLField(allow_null=True, help_text="the next page; null on the last")


def _kinds(required: bool) -> type[serializers.Serializer]:
    fields = {kind: serializers.BooleanField(required=required) for kind in KINDS}
    if required:
        return type("PushKindsSerializer", (serializers.Serializer,), fields)
    # A request: each value a JSON boolean ("true" refused); unknown kinds are the
    # service's to refuse, with their own code (events/push/subscriptions.py).
    return type("PushKindsPatchSerializer", (StrictTypes, serializers.Serializer), fields)


PushKindsSerializer = _kinds(True)
PushKindsPatchSerializer = _kinds(False)


class NotificationsSerializer(serializers.Serializer):
    push = PushKindsSerializer(help_text="each pushed kind: whether you get it")


@extend_schema_serializer(component_name="PatchNotifications")
class NotificationsPatchSerializer(serializers.Serializer):
    push = PushKindsPatchSerializer(help_text="the kinds to change; the others stay")


@extend_schema_serializer(component_name="PushPayload")
class PushPayloadSerializer(serializers.Serializer):
    """The JSON a push message carries (decrypted by the browser: `event.data.json()` in
    the service worker). Public facts only; under 1 KB."""

    kind = serializers.ChoiceField(choices=KINDS)
    game = serializers.UUIDField(help_text="the game (for rematch_offered: the new table)")
    game_type = serializers.CharField(help_text="the game type's slug")
    version = serializers.IntegerField(help_text="the game's version when it was pushed")
    title = serializers.CharField(help_text="short, in the subscription's language")
    body = serializers.CharField(help_text="one sentence, in the subscription's language")
    url = serializers.CharField(help_text="the web page's route of the table, e.g. "
                                          "/play/#/game/<uuid>")
    due_at = serializers.DateTimeField(required=False,
                                       help_text="clock_warning only: when the clock acts")


class ExportPushSerializer(serializers.Serializer):
    """Web Push in /me/export: subscriptions (without their keys) and the kinds you get."""

    subscriptions = PushSubscriptionSerializer(many=True)
    preferences = PushKindsSerializer()
