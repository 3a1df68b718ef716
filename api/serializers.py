"""Request and response shapes of the public contract. Nothing clever here: shapes only."""

from __future__ import annotations

from django.conf import settings
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from events.models import MAX_TURN_TIMEOUT, GameStatus, SeedState
from games import registry

from .bot_serializers import AddBotSerializer
from .query_fields import QueryBooleanField, QueryIntegerField, QuerySerializer
from .validation import Closed, StrictTypes

JSON_OBJECT_HELP = "a JSON object"
# The table sizes any game seats; each game's own range is its rules' (games/<game>/data.py),
# checked by the service (400 `invalid_seats`, naming the game's range).
MIN_TABLE = min(rules.min_players for rules in registry.GAMES.values())
MAX_TABLE = max(rules.max_players for rules in registry.GAMES.values())
SEAT_RANGES = "; ".join(f"{slug} {rules.min_players} to {rules.max_players}"
                        for slug, rules in registry.GAMES.items())
MAX_INT = 2**31 - 1  # every integer the API takes fits the database's integers


class TurnTimeoutField(serializers.IntegerField):
    """Seconds, at least settings.DICE_MIN_TURN_TIMEOUT, read each time a serializer is made
    (DRF copies declared fields by calling the class again): the check and the served
    schema follow the setting; openapi.yaml documents its default, 10."""

    def __init__(self, **kwargs):  # type: ignore[no-untyped-def]
        kwargs.setdefault("min_value", settings.DICE_MIN_TURN_TIMEOUT)
        super().__init__(**kwargs)


# Dice scheme 3's seeds and commitments: 64 lowercase hex digits (games/core/fairness.py).
HEX_256 = "^[0-9a-f]{64}$"


@extend_schema_field({"type": "string", "pattern": HEX_256})
class Hex256Field(serializers.CharField):
    """A scheme 3 seed or seed commitment: the contract shows its shape; the service
    refuses another with its own code (invalid_client_seed, invalid_seed_commitment)."""

    def __init__(self, **kwargs):  # type: ignore[no-untyped-def]
        kwargs.setdefault("allow_blank", True)
        kwargs.setdefault("trim_whitespace", False)
        super().__init__(**kwargs)


class ProblemSerializer(serializers.Serializer):
    type = serializers.CharField(help_text='"about:blank": the problem is told by `code`')
    title = serializers.CharField()
    status = serializers.IntegerField()
    code = serializers.CharField(help_text="stable machine-readable code, e.g. version_conflict")
    detail = serializers.CharField(help_text="what went wrong, naming the rule that forbids it")
    instance = serializers.CharField(required=False, allow_null=True)
    current_version = serializers.IntegerField(required=False,
                                               help_text="on version_conflict: the head version")
    errors = serializers.DictField(
        required=False, child=serializers.ListField(child=serializers.CharField()),
        help_text="on invalid_request and invalid_password: the messages of each field by "
        "its path (`options.ones_wild`, `seats.0`; a list's items by index), those of no one "
        "field under `non_field_errors`")
    ticket = serializers.UUIDField(required=False, help_text="on ticket_exists: the waiting "
                                   "ticket you hold for that game type")
    game = serializers.UUIDField(required=False, help_text="on ticket_matched: the game the "
                                 "ticket was matched to")
    limit = serializers.IntegerField(required=False, help_text="on too_many_open_tables and "
                                     "too_many_webhooks: the cap (docs/platform.md)")


# A seed commitment as clients post it (dice scheme 3, docs/fairness.md).
SEED_COMMITMENT_HELP = (
    "SHA-256 of \"dice-seed/3:\" and the 32 random bytes of your seed, in 64 lowercase hex "
    "digits; keep the seed and reveal it after the start (POST /games/{id}/seed). Another "
    "shape: 400 `invalid_seed_commitment`.")


class CreateGameSerializer(Closed, StrictTypes, serializers.Serializer):
    """A new game: its type, table size and options; the creator takes seat 0."""

    game_type = serializers.ChoiceField(choices=sorted(registry.GAMES))
    seats = serializers.IntegerField(
        min_value=MIN_TABLE, max_value=MAX_TABLE,
        help_text=f"table size, within the game type's `min_players` to `max_players` "
                  f"({SEAT_RANGES}); another: 400 `invalid_seats`")
    options = serializers.DictField(child=serializers.JSONField(allow_null=True), required=False,
                                    default=dict, help_text="the game type's options; "
                                    "omitted ones take their defaults")
    seed_commitment = Hex256Field(
        required=False, help_text=SEED_COMMITMENT_HELP + " Omitted: none yet (PUT "
        "/games/{id}/seed-commitment until the start).")
    turn_timeout = TurnTimeoutField(
        max_value=MAX_TURN_TIMEOUT, required=False, allow_null=True, default=None,
        help_text="seconds each awaited seat has to act (from `minimum`, the server's "
                  "DICE_MIN_TURN_TIMEOUT, to 30 days); null: no clock")
    autoplay_after = serializers.IntegerField(
        min_value=1, max_value=100,
        required=False, default=3, help_text="timeouts in a row after which the seat goes "
        "on autoplay (played by the game's basic bot) until its player acts again")
    bots = serializers.ListField(
        child=AddBotSerializer(), required=False, max_length=MAX_TABLE - 1,
        help_text="bots to seat after the creator, in seats 1, 2, ... (at most `seats` - 1); "
                  "none if omitted")
    private = serializers.BooleanField(
        required=False, default=False,
        help_text="true: only the game's players may read it; it is never listed as "
                  "watchable and has no public replay (docs/platform.md, Spectators)")
    rated = serializers.BooleanField(
        required=False, default=False,
        help_text="true: the game counts for the ratings if it ends by the rules with at "
                  "least two players and no bot (docs/ratings.md)")


class ClientSeedSerializer(StrictTypes, serializers.Serializer):
    """A lobby opened before dice scheme 3: the caller's contribution to the dice, set or
    changed before the start."""

    client_seed = serializers.CharField(
        max_length=128, allow_blank=True, trim_whitespace=False,
        help_text="any text up to 128 characters; empty: contribute none")


class ClientSeedRevealSerializer(Closed, StrictTypes, serializers.Serializer):
    """Dice scheme 3: the seed your seat committed to, revealed while the game is revealing."""

    client_seed = Hex256Field(
        help_text="your seed: the 64 lowercase hex digits whose tagged SHA-256 is your "
        "seat's `seed_commitment`; another shape: 400 `invalid_client_seed`, another seed: "
        "400 `seed_does_not_match_commitment`")


class SeedCommitmentSerializer(Closed, StrictTypes, serializers.Serializer):
    """Dice scheme 3: the caller's commitment to their seed, set or replaced until the start."""

    seed_commitment = Hex256Field(help_text=SEED_COMMITMENT_HELP)


class JoinSerializer(Closed, StrictTypes, serializers.Serializer):
    """Taking the next free seat, optionally with a seed commitment."""

    seed_commitment = Hex256Field(
        required=False, help_text=SEED_COMMITMENT_HELP + " Omitted: none yet (PUT "
        "/games/{id}/seed-commitment until the start).")


class StartSerializer(StrictTypes, serializers.Serializer):
    """Starting the game with the players seated."""

    first_player = serializers.IntegerField(
        max_value=MAX_TABLE - 1,
        required=False, allow_null=True, min_value=0,
        help_text="the seat the creator names to go first (Snake Bones: the first bidder); "
                  "omitted: drawn with the game's dice and recorded. A seat the table does "
                  "not have: 400 `invalid_first_player`")


class SeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    player = serializers.CharField(
        allow_null=True, help_text="the name shown for the player now: their username, "
        "read when served (\"deleted player\" once the account is deleted); null for a "
        "bot's seat")
    player_id = serializers.CharField(
        allow_null=True, help_text="the player's opaque, stable id (`p_...`): what events "
        "name the player by (`table_seated`), kept when the account is renamed or deleted; "
        "null for a bot's seat")
    bot = serializers.CharField(allow_null=True, help_text="a bot's seat: its level (e.g. "
                                "basic); null for a player's seat")
    client_seed = serializers.CharField(
        allow_blank=True, allow_null=True, help_text="the seat's own contribution to the "
        "dice; empty: none. Dice scheme 3: the seed as fixed (empty: none or withheld), null "
        "until the seeds are fixed (in the lobby and while revealing)")
    seed_commitment = serializers.CharField(
        allow_null=True, help_text="dice scheme 3: the seat's commitment to its seed "
        "(PUT /games/{id}/seed-commitment); null: none")
    seed = serializers.ChoiceField(
        choices=SeedState.values, help_text="none: no commitment; committed: a commitment, "
        "not revealed yet; revealed: the seed was revealed (served once fixed); withheld: "
        "not revealed by the deadline, the seat's seed is empty")
    autoplay = serializers.BooleanField(
        help_text="true: the seat timed out too often and the game's basic bot plays it "
                  "until its player acts again")
    timeouts_in_row = serializers.IntegerField()


class AwaitingSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    kind = serializers.CharField(help_text="the decision awaited, e.g. stake, bid, respond")
    deadline = serializers.DateTimeField(allow_null=True,
                                         help_text="when the clock acts for this seat")


class RatingSerializer(serializers.Serializer):
    mu = serializers.FloatField(help_text="the estimated skill")
    sigma = serializers.FloatField(help_text="its uncertainty")
    ordinal = serializers.FloatField(help_text="the displayed rating: mu - 3 sigma")


class RatingChangeSerializer(serializers.Serializer):
    game_id = serializers.UUIDField()
    game_type = serializers.CharField()
    player_id = serializers.CharField()
    seat = serializers.IntegerField()
    place = serializers.IntegerField(help_text="the seat's place (ties share one)")
    applied = serializers.IntegerField(help_text="the game's place in the order the "
                                       "ratings applied games (docs/ratings.md)")
    finished_at = serializers.DateTimeField()
    before = RatingSerializer()
    after = RatingSerializer()


class GameSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    game_type = serializers.CharField()
    status = serializers.ChoiceField(choices=GameStatus.values)
    options = serializers.DictField(child=serializers.JSONField(allow_null=True))
    table_size = serializers.IntegerField()
    creator = serializers.CharField()
    seats = SeatSerializer(many=True)
    seat = serializers.IntegerField(allow_null=True, help_text="the caller's seat, or null")
    version = serializers.IntegerField(help_text="sequence number of the last event")
    awaiting = AwaitingSerializer(many=True)
    turn_timeout = serializers.IntegerField(allow_null=True)
    autoplay_after = serializers.IntegerField()
    view = serializers.DictField(child=serializers.JSONField(allow_null=True), allow_null=True,
                                 help_text="the game as the caller may see it (docs/games/); "
                                 "null in the lobby and in lists")
    outcome = serializers.DictField(child=serializers.JSONField(), allow_null=True)
    server_seed_hash = serializers.CharField(help_text="SHA-256 commitment to the server seed")
    server_seed = serializers.CharField(allow_null=True, help_text="revealed when the game ends")
    dice_scheme = serializers.IntegerField(
        help_text="how the dice are drawn from the seeds (docs/fairness.md): 3 for every "
        "game opened now (seeds committed in the lobby, revealed after the start)")
    reveal_by = serializers.DateTimeField(
        allow_null=True, help_text="status revealing: when the seeds are fixed, a seat "
        "that has not revealed withholding its seed; null otherwise")
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    rematch = serializers.UUIDField(
        allow_null=True, help_text="this finished game's rematch (POST /games/{id}/rematch): "
        "the new game's id; null until a player asks for one")
    rematch_of = serializers.UUIDField(
        allow_null=True, help_text="the finished game this game is the rematch of; null "
        "for a game opened with POST /games")
    invited = serializers.ListField(
        child=serializers.CharField(help_text="a player id (`p_...`)"),
        help_text="a rematch's invitations: the player ids of the finished game's other "
        "players, who take a seat with POST /games/{id}/join (a seated one stays listed); "
        "empty for a game opened with POST /games")
    private = serializers.BooleanField(
        help_text="chosen at creation: true, only the game's players may read it (to anyone "
        "else it is absent: 404); false, anyone signed in may watch it, and anyone may "
        "replay it once finished")
    rated = serializers.BooleanField(
        help_text="chosen at creation: the game counts for the ratings (docs/ratings.md)")
    rating_changes = RatingChangeSerializer(
        many=True, allow_null=True, help_text="a finished rated game's rating changes, by "
        "seat, once the ratings projection applied it (moments after the end); null "
        "otherwise, and in lists")
    replay_url = serializers.URLField(
        allow_null=True, help_text="a finished, non-private game's public replay: the "
        "absolute URL of this game, which GET (with /events and /state) answers without "
        "an account; null while the game runs and for a private game")


class GameListSerializer(serializers.Serializer):
    count = serializers.IntegerField()
    results = GameSerializer(many=True)


class ActionObjectField(serializers.DictField):
    """An action: {"type": ..., ...fields}. legal-actions lists them ready to post."""

    def __init__(self, **kwargs):  # type: ignore[no-untyped-def]
        super().__init__(child=serializers.JSONField(allow_null=True), **kwargs)


class LegalActionsSerializer(serializers.Serializer):
    game_type = serializers.CharField(help_text="the game's type: its payloads are that "
                                      "game's (`<Game>...` components)")
    version = serializers.IntegerField()
    seat = serializers.IntegerField(allow_null=True)
    actions = serializers.ListField(child=ActionObjectField())


class ActionSerializer(StrictTypes, serializers.Serializer):
    """An action for the caller's seat, against the version it was decided on."""

    expected_version = serializers.IntegerField(
        max_value=MAX_INT,
        required=False, min_value=0,
        help_text="the version the action was decided against (or send If-Match)")
    action = ActionObjectField(help_text="one of the objects listed by legal-actions")
    seat = serializers.IntegerField(max_value=MAX_INT, required=False, min_value=0,
                                    help_text="optional; must be the caller's own seat")


class EventSerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    type = serializers.CharField()
    data = serializers.DictField(child=serializers.JSONField(allow_null=True))
    private = serializers.DictField(child=serializers.JSONField(allow_null=True), required=False,
                                    help_text="present only on the caller's own private part")
    actor = serializers.CharField(
        help_text="seat:N (the player of seat N), bot:N (a bot playing seat N), clock or system")
    recorded_at = serializers.DateTimeField(help_text="when it was appended (UTC, RFC 3339)")
    batch_end = serializers.BooleanField(
        help_text="true on the last event of a batch (the events one action, the clock or "
                  "the service appended at once): only the state after it was ever served, "
                  "and only such versions are valid for GET /state?version=")
    text = serializers.CharField(
        help_text="what happened, in one or a few sentences for you (your own secrets in "
                  "your text only), in the language of Accept-Language (see "
                  "Content-Language; English by default)")


class TurnAwaitingSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    kind = serializers.CharField(help_text="the decision awaited, e.g. stake, bid, respond")


class ActionResultSerializer(serializers.Serializer):
    game_type = serializers.CharField(help_text="the game's type: its payloads are that "
                                      "game's (`<Game>...` components)")
    version = serializers.IntegerField(help_text="the version after this answer's events")
    seat = serializers.IntegerField(help_text="the mover's seat")
    status = serializers.ChoiceField(choices=[GameStatus.ACTIVE, GameStatus.FINISHED],
                                     help_text="the game's status at `version`")
    awaiting = TurnAwaitingSerializer(
        many=True, help_text="who is awaited at `version` (empty once the game is over); "
        "the clocks' deadlines change without a new version: GET the game for them")
    view = serializers.DictField(child=serializers.JSONField(allow_null=True),
                                 help_text="the mover's view at `version`, as GET /state "
                                 "serves it")
    legal_actions = serializers.ListField(
        child=ActionObjectField(), help_text="the mover's legal actions at `version`, as GET "
        "legal-actions lists them (empty once the game is over): post the next one against "
        "`version`")
    events = EventSerializer(many=True)


class TurnSerializer(serializers.Serializer):
    """Your turn: after a batch, to the reader of each awaited seat only."""

    game_type = serializers.CharField(help_text="the game's type: its payloads are that "
                                      "game's (`<Game>...` components)")
    version = serializers.IntegerField(help_text="the version this turn is at: post "
                                       "against it")
    seat = serializers.IntegerField(help_text="the reader's seat, awaited at `version`")
    awaiting = TurnAwaitingSerializer(many=True, help_text="every seat awaited at `version`")
    legal_actions = serializers.ListField(
        child=ActionObjectField(), help_text="the reader's legal actions at `version`, as "
        "GET legal-actions lists them")


class StateSerializer(serializers.Serializer):
    game_type = serializers.CharField(help_text="the game's type: its payloads are that "
                                      "game's (`<Game>...` components)")
    version = serializers.IntegerField()
    seat = serializers.IntegerField(allow_null=True)
    view = serializers.DictField(child=serializers.JSONField(allow_null=True), allow_null=True)


class StateQuerySerializer(QuerySerializer):
    version = QueryIntegerField(
        max_value=MAX_INT, required=False, min_value=0,
        help_text="a version from 0 to the game's (a lobby game's is 0, its view null); "
                  "omitted: the head. Beyond the game's version: 400 `invalid_version`; "
                  "inside a batch: 400 `not_a_batch_end` (see `batch_end`)")


class GameListQuerySerializer(QuerySerializer):
    status = serializers.ChoiceField(choices=GameStatus.values, required=False)
    game_type = serializers.ChoiceField(choices=sorted(registry.GAMES), required=False)
    mine = serializers.BooleanField(required=False, default=False)
    watchable = QueryBooleanField(
        required=False, help_text="true: only the games anyone may watch (active and not "
        "private); false: only the others; omitted: both")
    limit = QueryIntegerField(required=False, min_value=1, max_value=200, default=50)
    offset = QueryIntegerField(max_value=MAX_INT, required=False, min_value=0, default=0)
