"""Request and response shapes of quick play (docs/platform.md, Quick play). Shapes only:
the game type, the seat range against the game's table sizes, the options and the bot
wait are checked by the service (events/matchmaking/tickets.py) with their own codes."""

from __future__ import annotations

from rest_framework import serializers

from events.matchmaking import MAX_BOT_FILL
from events.models import TicketStatus

from .serializers import MAX_INT, SEED_COMMITMENT_HELP, Hex256Field
from .validation import StrictTypes


class SeatRangeSerializer(StrictTypes, serializers.Serializer):
    """The table sizes a ticket accepts, both ends included."""

    min = serializers.IntegerField(min_value=-MAX_INT, max_value=MAX_INT,
                                   help_text="the smallest table (players and bots) you accept")
    max = serializers.IntegerField(min_value=-MAX_INT, max_value=MAX_INT,
                                   help_text="the largest table you accept; at least `min`; "
                                   "both within the game type's players")


class CreateTicketSerializer(StrictTypes, serializers.Serializer):
    """A ticket for quick play: the game, the table sizes you accept, its options."""

    game_type = serializers.CharField(max_length=100, help_text="a game type's slug")
    seats = SeatRangeSerializer()
    options = serializers.DictField(
        child=serializers.JSONField(allow_null=True), required=False, default=dict,
        help_text="the game type's options; omitted ones take their defaults. Only tickets "
                  "with the same options (after defaults) share a table")
    fill_with_bots_after = serializers.IntegerField(
        min_value=-MAX_INT, max_value=MAX_INT, required=False, allow_null=True, default=None,
        help_text=f"seconds (0 to {MAX_BOT_FILL}) after which your table starts with bots "
                  "in the seats no player took; null or omitted: never seated with bots")
    seed_commitment = Hex256Field(
        required=False,
        help_text=SEED_COMMITMENT_HELP + " Carried to the seat the match gives you: reveal "
        "the seed when `match_found` tells you the game is revealing. Omitted: your seat "
        "commits none.")


class TicketSerializer(serializers.Serializer):
    """A matchmaking ticket as its player reads it."""

    id = serializers.UUIDField()
    game_type = serializers.CharField()
    seats = SeatRangeSerializer()
    options = serializers.DictField(child=serializers.JSONField(allow_null=True),
                                    help_text="the options, with the defaults filled in")
    fill_with_bots_after = serializers.IntegerField(allow_null=True)
    seed_commitment = serializers.CharField(allow_null=True,
                                            help_text="the ticket's seed commitment; null: none")
    status = serializers.ChoiceField(
        choices=TicketStatus.values,
        help_text="`waiting` for a table; `matched`: `game` names it (started, you are "
                  "seated); `cancelled` by you; `expired` at `expires_at` unmatched")
    game = serializers.UUIDField(allow_null=True, help_text="the game; null until matched")
    created_at = serializers.DateTimeField()
    expires_at = serializers.DateTimeField(
        help_text="when a waiting ticket expires (DICE_TICKET_LIFETIME after its creation)")
    matched_at = serializers.DateTimeField(allow_null=True)


class TicketListSerializer(serializers.Serializer):
    results = TicketSerializer(many=True, help_text="your most recent tickets, newest first")
