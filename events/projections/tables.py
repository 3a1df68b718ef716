"""The projections' tables: read models derived from the events alone.

Every row here can be dropped and rebuilt by `python3 manage.py projections rebuild NAME`
(docs/projections.md); none is the truth. `Checkpoint` is each projection's place in the
events' commit order; the others are the read models of the history, the statistics and
the ratings projections (events/projections/history.py, statistics.py, ratings.py).
Players are named by their opaque player id (accounts' Player), never by name.
"""

from __future__ import annotations

from django.db import models


class Checkpoint(models.Model):
    """Where a projection is in the commit order: the last event it applied, as the
    position (transaction id, event id) of events/projections/feed.py."""

    name = models.CharField(primary_key=True, max_length=40)
    tx = models.BigIntegerField(default=0, help_text="the transaction id (0 on SQLite)")
    event_id = models.BigIntegerField(default=0)
    applied = models.BigIntegerField(default=0, help_text="events applied since the reset")
    replayed_tx = models.BigIntegerField(
        default=0, help_text="the feed's last event when the read model was reset: up to "
        "it (with replayed_event_id) a run replays old events and tells no one")
    replayed_event_id = models.BigIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)


class PlayedGame(models.Model):
    """A finished game as one of its players played it (the history projection)."""

    player_id = models.CharField(max_length=32)
    game_id = models.UUIDField()
    game_type = models.CharField(max_length=40)
    seat = models.PositiveSmallIntegerField()
    players = models.PositiveSmallIntegerField(help_text="seats at the table")
    result = models.CharField(max_length=10, help_text="won, lost or abandoned")
    place = models.PositiveSmallIntegerField(null=True, help_text="1 for the winners; "
                                             "null when abandoned")
    score = models.IntegerField(null=True)
    rated = models.BooleanField(default=False)
    disputed_calls = models.PositiveSmallIntegerField(
        default=0, help_text="bluff and spot-on calls the player made or faced")
    finished_at = models.DateTimeField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["player_id", "game_id"],
                                               name="one_played_game_per_player")]
        indexes = [models.Index(fields=["player_id", "-finished_at", "-game_id"],
                                name="played_game_newest")]


class PlayerRecord(models.Model):
    """A player's totals in one game type: games played and won (the history projection)."""

    player_id = models.CharField(max_length=32)
    game_type = models.CharField(max_length=40)
    played = models.PositiveIntegerField(default=0)
    won = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["player_id", "game_type"],
                                               name="one_record_per_player_type")]


class PlayerStatistics(models.Model):
    """The statistics projection's counters of a player in one game type, by name."""

    player_id = models.CharField(max_length=32)
    game_type = models.CharField(max_length=40)
    games = models.PositiveIntegerField(default=0)
    counts = models.JSONField(default=dict)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["player_id", "game_type"],
                                               name="one_statistics_per_player_type")]


class Rating(models.Model):
    """A player's current rating in one game type (the ratings projection)."""

    player_id = models.CharField(max_length=32)
    game_type = models.CharField(max_length=40)
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField(db_index=True)
    games = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["player_id", "game_type"],
                                               name="one_rating_per_player_type")]
        indexes = [models.Index(fields=["game_type", "-ordinal", "player_id"],
                                name="rating_leaderboard")]


class RatingChange(models.Model):
    """One rated game's change of one player's rating, in the order games were applied."""

    applied = models.BigIntegerField(db_index=True,
                                     help_text="the game's place in the order of application")
    game_id = models.UUIDField()
    game_type = models.CharField(max_length=40)
    player_id = models.CharField(max_length=32)
    seat = models.PositiveSmallIntegerField()
    place = models.PositiveSmallIntegerField()
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu = models.FloatField()
    sigma = models.FloatField()
    finished_at = models.DateTimeField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game_id", "player_id"],
                                               name="one_rating_change_per_game_player")]
        indexes = [models.Index(fields=["player_id", "game_type", "applied"],
                                name="rating_history")]
