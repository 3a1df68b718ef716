"""The shapes of the caller's own account: GET/PATCH/DELETE /me, POST /me/password and
GET /me/export (docs/accounts.md); the caller's inbox, GET /me/games (docs/platform.md)."""

from __future__ import annotations

from rest_framework import serializers

from events.models import GameStatus

from .auth_serializers import AccessTokenSerializer
from .push_serializers import ExportPushSerializer
from .query_fields import QueryIntegerField, QuerySerializer
from .serializers import EventSerializer, SeatSerializer
from .validation import StrictTypes
from .webhook_serializers import DeliverySerializer, WebhookSerializer

USERNAME_HELP = ("3 to 40 letters, digits, _ . -; unique regardless of case (else 409 "
                 "`username_taken`), as at registration")


class AccountSerializer(serializers.Serializer):
    username = serializers.CharField(help_text="the name other players see")
    date_joined = serializers.DateTimeField(help_text="when the account was registered")


class RenameSerializer(StrictTypes, serializers.Serializer):
    """A new username for the caller's account."""

    username = serializers.RegexField(r"^[A-Za-z0-9_.-]{3,40}$", max_length=40,
                                      help_text=USERNAME_HELP)


class DeleteAccountSerializer(StrictTypes, serializers.Serializer):
    """Confirms an account deletion: the password, unless the token is from a recent
    login. The body may be left out then."""

    password = serializers.CharField(
        required=False, max_length=128, write_only=True, trim_whitespace=False,
        help_text="the account's password; may be left out when the token was issued by a "
                  "login (or registration) of the last DICE_RECENT_LOGIN_MINUTES minutes "
                  "(default 5), else 403 `password_required`")


class ChangePasswordSerializer(StrictTypes, serializers.Serializer):
    """The current password and the new one."""

    current_password = serializers.CharField(
        max_length=128, write_only=True, trim_whitespace=False,
        help_text="the password now (else 403 `wrong_password`, counted as a failed login)")
    new_password = serializers.CharField(
        min_length=8, max_length=128, write_only=True, trim_whitespace=False,
        help_text="at least 8 characters, not all digits, not a common password, not like "
                  "the username (else 400 `invalid_password`)")


class PasswordChangedSerializer(serializers.Serializer):
    revoked_tokens = serializers.IntegerField(
        help_text="how many of your other tokens were revoked (the one this request used "
                  "stays valid)")


class ExportAccountSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="the account's internal id")
    username = serializers.CharField()
    email = serializers.CharField(allow_blank=True, help_text="empty: none was ever asked for")
    date_joined = serializers.DateTimeField()
    last_login = serializers.DateTimeField(allow_null=True,
                                           help_text="the service does not record logins "
                                                     "here: null (see tokens' created_at)")


class ExportWebhookSerializer(WebhookSerializer):
    deliveries = DeliverySerializer(many=True, help_text="its latest 100 deliveries, newest "
                                    "first")


class ExportGameSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    game_type = serializers.CharField()
    status = serializers.ChoiceField(choices=GameStatus.values)
    seat = serializers.IntegerField(help_text="your seat")
    creator = serializers.BooleanField(help_text="you opened the table")
    client_seed = serializers.CharField(allow_blank=True, help_text="your own client seed")
    joined_at = serializers.DateTimeField()
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    outcome = serializers.DictField(child=serializers.JSONField(allow_null=True),
                                    allow_null=True)
    version = serializers.IntegerField(help_text="the game's head version")
    events = EventSerializer(many=True, help_text="the events as your seat is served them "
                             "(GET /games/{id}/events): public data and your own private "
                             "parts only; at most `events` (1000)")
    events_next_after = serializers.IntegerField(
        allow_null=True, help_text="null: every event is here; else the game has more: "
        "GET /games/{id}/events?after=<this>")


class NoneYetSerializer(serializers.Serializer):
    kept = serializers.BooleanField(help_text="false: the service keeps none of these")
    detail = serializers.CharField()


class ExportSerializer(serializers.Serializer):
    exported_at = serializers.DateTimeField()
    account = ExportAccountSerializer()
    tokens = AccessTokenSerializer(many=True, help_text="your live tokens' metadata, never "
                                   "their keys (the keys are not kept)")
    webhooks = ExportWebhookSerializer(many=True, help_text="never their secrets")
    push = ExportPushSerializer(help_text="your push subscriptions (never their keys) and "
                                "the kinds of pushes you get")
    games = ExportGameSerializer(many=True, help_text="a page of the games you hold a seat "
                                 "at, oldest first")
    games_next_after = serializers.IntegerField(
        allow_null=True, help_text="null: this was the last page of games; else pass as "
        "?after= for the next")
    ratings = NoneYetSerializer()
    statistics = NoneYetSerializer()


class ExportQuerySerializer(QuerySerializer):
    after = QueryIntegerField(required=False, min_value=0, max_value=2**63 - 1,
                                     default=0, help_text="games_next_after of the page before")
    limit = QueryIntegerField(required=False, min_value=1, max_value=50, default=10,
                                     help_text="games per page (1 to 50)")
    events = QueryIntegerField(required=False, min_value=0, max_value=1000, default=1000,
                               help_text="events per game (0 to 1000); a game with more says "
                               "so in `events_next_after`")


class InboxQuerySerializer(QuerySerializer):
    limit = QueryIntegerField(required=False, min_value=1, max_value=100, default=20,
                              help_text="games per page (1 to 100)")
    cursor = serializers.CharField(required=False, max_length=400,
                                   help_text="the opaque cursor of the page before, as "
                                   "`next` and the Link header give it")
    my_turn = serializers.BooleanField(required=False, allow_null=False,
                                       help_text="true: only the games awaiting you; false: "
                                       "only the others, invitations included; omitted: all")


class InboxGameSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    game_type = serializers.CharField(help_text="the game's slug, e.g. snake-bones")
    status = serializers.ChoiceField(choices=[GameStatus.LOBBY, GameStatus.REVEALING,
                                              GameStatus.ACTIVE],
                                     help_text="lobby, revealing or active: finished games "
                                     "are not listed")
    my_turn = serializers.BooleanField(help_text="true: the game awaits a decision of your "
                                       "seat (GET /games/{id}/legal-actions); false for an "
                                       "invitation")
    my_seat = serializers.IntegerField(allow_null=True, help_text="your seat at the table; "
                                       "null for an invitation (you hold no seat yet)")
    invited = serializers.BooleanField(help_text="true: an invitation, a rematch's table in "
                                       "the lobby that names you in `invited`, with a free "
                                       "seat; take one with POST /games/{id}/join. false: "
                                       "you hold a seat")
    creator = serializers.CharField(help_text="the name shown now for the player who opened "
                                    "the table (who starts it; for a rematch, who asked for it)")
    deadline = serializers.DateTimeField(allow_null=True, help_text="when the clock acts for "
                                         "your seat; null: no clock runs for it")
    last_move_at = serializers.DateTimeField(help_text="when the game's latest event was "
                                             "recorded; in the lobby, when the game was opened")
    seats = SeatSerializer(many=True, help_text="the seats, as GET /games/{id} serves them")
    version = serializers.IntegerField(help_text="sequence number of the last event")


class InboxSerializer(serializers.Serializer):
    results = InboxGameSerializer(many=True, help_text="your games awaiting you first, then "
                                  "your invitations, then the others; within each, by your "
                                  "deadline (soonest first, none last), then by last move "
                                  "(oldest first)")
    next = serializers.URLField(allow_null=True, help_text="the next page (also in the Link "
                                "header, rel=\"next\"); null on the last page")
