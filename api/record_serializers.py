"""The players' records (docs/ratings.md, docs/projections.md): profiles, finished games,
leaderboards, rating histories; served from the projections."""

from __future__ import annotations

from rest_framework import serializers

from events.projections.history import RESULTS

from .query_fields import QueryIntegerField, QuerySerializer
from .serializers import RatingChangeSerializer, RatingSerializer


class CursorQuerySerializer(QuerySerializer):
    limit = QueryIntegerField(required=False, min_value=1, max_value=100, default=20,
                              help_text="items per page (1 to 100)")
    cursor = serializers.CharField(required=False, max_length=400,
                                   help_text="the opaque cursor of the page before, as "
                                   "`next` and the Link header give it")


class PlayerGamesQuerySerializer(CursorQuerySerializer):
    game_type = serializers.CharField(required=False, max_length=40,
                                      help_text="only games of this type (its slug)")
    result = serializers.ChoiceField(choices=RESULTS, required=False,
                                     help_text="only games the player won, lost, or that "
                                     "were abandoned")
    disputed = serializers.BooleanField(required=False, allow_null=False,
                                        help_text="true: only games with calls the player "
                                        "made or faced (each with its challenge reports)")


class RatingHistoryQuerySerializer(QuerySerializer):
    after = QueryIntegerField(required=False, min_value=0, max_value=2**63 - 1, default=0,
                              help_text="the `applied` of the last change of the page before")
    limit = QueryIntegerField(required=False, min_value=1, max_value=500, default=100,
                              help_text="changes per page (1 to 500)")


class CurrentRatingSerializer(RatingSerializer):
    games = serializers.IntegerField(help_text="rated games applied")


class StatisticsSerializer(serializers.Serializer):
    """Counters from public events only (docs/projections.md, Statistics); a counter
    that never occurred is absent."""

    games = serializers.IntegerField(help_text="finished (not abandoned) games counted")
    calls = serializers.IntegerField(required=False, help_text="snake-bones, bamboozled: "
                                     "bluff (and spot-on) calls made")
    calls_right = serializers.IntegerField(required=False, help_text="of them, right")
    spot_on_calls = serializers.IntegerField(required=False, help_text="snake-bones")
    spot_on_right = serializers.IntegerField(required=False, help_text="snake-bones")
    bluffs_survived = serializers.IntegerField(
        required=False, help_text="snake-bones: bids called a bluff that stood; bamboozled: "
        "bluff or card-backed declarations accepted")
    banks = serializers.IntegerField(required=False, help_text="dark-knights: turns held")
    banked_points = serializers.IntegerField(
        required=False, help_text="dark-knights: points banked (average: / banks)")
    busts = serializers.IntegerField(required=False, help_text="dark-knights")
    stars_collected = serializers.IntegerField(required=False, help_text="skip-bo-dice")
    piles_completed = serializers.IntegerField(required=False, help_text="skip-bo-dice")
    games_scored = serializers.IntegerField(required=False, help_text="bare-bones")
    total_score = serializers.IntegerField(
        required=False, help_text="bare-bones: final scores summed (average: / games_scored)")
    best_score = serializers.IntegerField(required=False, help_text="bare-bones")


class GameTypeRecordSerializer(serializers.Serializer):
    game_type = serializers.CharField(help_text="the game type's slug")
    played = serializers.IntegerField(help_text="finished games (abandoned ones included)")
    won = serializers.IntegerField()
    rating = CurrentRatingSerializer(allow_null=True, help_text="null: no rated game yet")
    statistics = StatisticsSerializer()


class ProfileSerializer(serializers.Serializer):
    username = serializers.CharField()
    player_id = serializers.CharField(help_text="the opaque id games name the player by")
    member_since = serializers.DateTimeField()
    games_url = serializers.URLField(help_text="the player's finished games")
    records = GameTypeRecordSerializer(many=True, help_text="by game type")


class PlayedGameSerializer(serializers.Serializer):
    game_id = serializers.UUIDField()
    game_type = serializers.CharField()
    seat = serializers.IntegerField()
    players = serializers.IntegerField(help_text="seats at the table")
    result = serializers.ChoiceField(choices=RESULTS)
    place = serializers.IntegerField(allow_null=True, help_text="1 for the winners; null "
                                     "when abandoned")
    score = serializers.IntegerField(allow_null=True)
    rated = serializers.BooleanField()
    finished_at = serializers.DateTimeField()
    disputed_calls = serializers.IntegerField(help_text="bluff and spot-on calls the player "
                                              "made or faced")
    challenges_url = serializers.URLField(
        allow_null=True, help_text="the game's challenge reports (each call explained); "
        "null when the player made or faced no call")


class PlayedGamePageSerializer(serializers.Serializer):
    results = PlayedGameSerializer(many=True, help_text="newest first")
    next = serializers.URLField(allow_null=True, help_text="the next page (also in the "
                                "Link header, rel=\"next\"); null on the last page")


class LeaderboardEntrySerializer(CurrentRatingSerializer):
    place = serializers.IntegerField(help_text="1 for the highest ordinal")
    player_id = serializers.CharField()
    name = serializers.CharField(allow_null=True, help_text="the name shown now")


class LeaderboardSerializer(serializers.Serializer):
    game_type = serializers.CharField()
    min_games = serializers.IntegerField(help_text="rated games a player needs to appear")
    results = LeaderboardEntrySerializer(many=True, help_text="highest ordinal first")
    next = serializers.URLField(allow_null=True, help_text="the next page; null on the last")


class RatingHistorySerializer(serializers.Serializer):
    results = RatingChangeSerializer(many=True, help_text="in the order applied")
