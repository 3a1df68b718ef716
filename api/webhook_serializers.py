"""Request and response shapes of webhooks (docs/notifications.md): a registration, its
secret's rotation, and the notifications and deliveries it receives. Shapes only."""

from __future__ import annotations

from django.core.validators import RegexValidator
from drf_spectacular.utils import extend_schema_field, extend_schema_serializer
from rest_framework import serializers

from events.models import WebhookEvent
from events.webhooks.registrations import URL_PATTERN
from events.webhooks.signing import SECRET_PATTERN

from .validation import StrictTypes

# The notifications a webhook may receive (events.models.WebhookEvent): one enum,
# WebhookKindEnum, in requests and answers alike.
WEBHOOK_KINDS = WebhookEvent.values


@extend_schema_field({"type": "string", "pattern": SECRET_PATTERN})
class SecretField(serializers.CharField):
    """A webhook secret: the contract shows the pattern of the secrets the service takes
    (events/webhooks/signing.py, `parse`: else 400 `invalid_webhook_secret`)."""


@extend_schema_serializer(component_name="CreateWebhook")
class WebhookRequestSerializer(StrictTypes, serializers.Serializer):
    """A URL to notify, and of what."""

    url = serializers.URLField(
        max_length=500,
        validators=[RegexValidator(URL_PATTERN, message="Enter a valid URL.")],
        help_text="http(s) (ftp: 400 `invalid_webhook_url`); the host a name of labels of "
                  "1 to 63 letters, digits or hyphens, `localhost` or an IP address")
    events = serializers.ListField(
        child=serializers.ChoiceField(choices=WEBHOOK_KINDS),
        min_length=1, help_text="which notifications to receive")
    secret = SecretField(
        required=False, min_length=16, max_length=128, trim_whitespace=False,
        help_text="the signing secret (drawn if omitted): `whsec_` + base64 of 24 to 64 "
                  "bytes, as Standard Webhooks says; any other string of 16 to 128 "
                  "characters (not starting with `whsec_`, nor starting or ending with "
                  "white space) is a key of its own UTF-8 bytes, returned in the whsec form")


class WebhookSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    url = serializers.CharField()
    events = serializers.ListField(child=serializers.ChoiceField(choices=WEBHOOK_KINDS),
                                   help_text="which notifications it receives")
    active = serializers.BooleanField()
    created_at = serializers.DateTimeField()
    rotating_until = serializers.DateTimeField(
        allow_null=True,
        help_text="during a secret rotation: when the previous secret stops signing (end "
                  "it sooner with POST .../end-rotation); null when only one secret signs")


class WebhookWithSecretSerializer(WebhookSerializer):
    """A webhook as its creation or a rotation answers: with its new secret, shown once."""

    secret = serializers.CharField(
        help_text="`whsec_` + base64 of the HMAC key: verify deliveries with a Standard "
                  "Webhooks library. Shown only in this answer: keep it")


class RotateSecretSerializer(StrictTypes, serializers.Serializer):
    """A new signing secret; the previous one keeps signing for a while."""

    secret = SecretField(
        required=False, min_length=16, max_length=128, trim_whitespace=False,
        help_text="the new secret, as at registration (drawn if omitted)")
    overlap_hours = serializers.IntegerField(
        required=False, min_value=1, max_value=720,
        help_text="the previous secret keeps signing until the rotation is ended, or this "
                  "many hours at most (default: DICE_WEBHOOK_ROTATION_HOURS, 72)")


class WebhookDataSerializer(serializers.Serializer):
    """What every notification's `data` holds: public facts only."""

    game_id = serializers.UUIDField()
    game_type = serializers.CharField()
    version = serializers.IntegerField(help_text="the game's version when it was sent")
    seat = serializers.IntegerField(help_text="the receiving player's seat")


class YourTurnDataSerializer(WebhookDataSerializer):
    """A your_turn notification's `data`: who is awaited now."""

    awaiting = serializers.DictField(
        child=serializers.CharField(),
        help_text="every seat awaited now (seat number as a string: the decision's kind)")


class GameOverDataSerializer(WebhookDataSerializer):
    """A game_over notification's `data`: the outcome."""

    outcome = serializers.DictField(child=serializers.JSONField(allow_null=True),
                                    help_text="the final outcome, as the game's `outcome`")


class ClockWarningDataSerializer(WebhookDataSerializer):
    """A clock_warning notification's `data`: the decision awaited and its deadline."""

    kind = serializers.CharField(help_text="the decision awaited, e.g. stake, bid, respond")
    due_at = serializers.DateTimeField(help_text="when the clock acts for this seat")


def _webhook_body(name: str, kind: str, data: serializers.Serializer,
                  doc: str) -> type[serializers.Serializer]:
    fields = {
        "id": serializers.IntegerField(help_text="the delivery's id (webhook-id is msg_<id>)"),
        "kind": serializers.ChoiceField(choices=[kind]),
        "created_at": serializers.DateTimeField(help_text="when the notification was made"),
        "data": data,
        "__doc__": doc,
    }
    return type(name, (serializers.Serializer,), fields)


YourTurnWebhookSerializer = _webhook_body(
    "YourTurnWebhookSerializer", "your_turn", YourTurnDataSerializer(),
    "A your_turn delivery: you are asked for a decision.")
GameStartedWebhookSerializer = _webhook_body(
    "GameStartedWebhookSerializer", "game_started", WebhookDataSerializer(),
    "A game_started delivery.")
GameOverWebhookSerializer = _webhook_body(
    "GameOverWebhookSerializer", "game_over", GameOverDataSerializer(),
    "A game_over delivery.")
ClockWarningWebhookSerializer = _webhook_body(
    "ClockWarningWebhookSerializer", "clock_warning", ClockWarningDataSerializer(),
    "A clock_warning delivery: 80% of your clock has run.")


class DeliverySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=WEBHOOK_KINDS)
    status = serializers.ChoiceField(choices=["pending", "delivered", "failed"])
    attempts = serializers.IntegerField()
    last_status_code = serializers.IntegerField(allow_null=True)
    last_error = serializers.CharField(allow_blank=True)
    payload = serializers.DictField(child=serializers.JSONField(allow_null=True))
    created_at = serializers.DateTimeField()
    next_attempt_at = serializers.DateTimeField()
    delivered_at = serializers.DateTimeField(allow_null=True)
