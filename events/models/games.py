"""A game's row (the read model of the lobby and of its stream's head: status, version,
who is awaited) and its seats, with the statuses they take."""

from __future__ import annotations

import uuid
from typing import Any

from django.conf import settings
from django.db import models


class GameStatus(models.TextChoices):
    """A game's status: its one home (the API's choices are these values)."""

    LOBBY = "lobby"
    REVEALING = "revealing"
    ACTIVE = "active"
    FINISHED = "finished"


# The statuses of a game that has started and not ended (the seats are fixed): a
# `revealing` game is started, not joinable, and counts as an open table as an active one.
UNFINISHED_STARTED = (GameStatus.REVEALING, GameStatus.ACTIVE)


class SeedState(models.TextChoices):
    """Where a seat is in dice scheme 3's commit and reveal
    (docs/decisions/0029-committed-seeds.md)."""

    NONE = "none"
    COMMITTED = "committed"
    REVEALED = "revealed"
    WITHHELD = "withheld"


# The dice scheme of every game opened now (docs/fairness.md); lobbies opened before
# scheme 3 keep their 2 (events/writes/lobby.py keeps their path).
NEW_DICE_SCHEME = 3


# The longest turn clock a game may choose (seconds): its one home.
MAX_TURN_TIMEOUT = 30 * 24 * 3600


class Game(models.Model):
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    game_type = models.CharField(max_length=40, db_index=True)
    options = models.JSONField(default=dict)
    seats = models.PositiveSmallIntegerField(help_text="table size chosen at creation")
    status = models.CharField(max_length=10, choices=GameStatus.choices,
                              default=GameStatus.LOBBY, db_index=True)
    creator = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                related_name="created_games")
    version = models.PositiveIntegerField(default=0)
    head_hash = models.CharField(max_length=64, blank=True, default="",
                                 help_text="the hash of event `version` (empty before the first)")
    dice_used = models.PositiveIntegerField(default=0, help_text="next dice nonce")
    server_seed = models.CharField(max_length=64, help_text="secret until the game ends")
    server_seed_hash = models.CharField(max_length=64)
    dice_scheme = models.PositiveSmallIntegerField(
        default=NEW_DICE_SCHEME,
        help_text="how the dice's HMAC message encodes the seeds (docs/fairness.md)")
    turn_timeout = models.PositiveIntegerField(null=True, blank=True,
                                               help_text="seconds per decision; null: no clock")
    autoplay_after = models.PositiveSmallIntegerField(
        default=3, help_text="timeouts in a row after which the timeout policy plays the seat")
    awaiting = models.JSONField(default=dict, help_text="{seat: kind} from the rules")
    outcome = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    first_player = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="the seat the creator named to go first at the start "
        "(null: drawn), kept for the setup when a revealing game opens")
    reveal_by = models.DateTimeField(
        null=True, blank=True, help_text="status revealing: when the seeds are fixed, revealed "
        "or not (DICE_SEED_REVEAL_TIMEOUT after the start)")
    finished_at = models.DateTimeField(null=True, blank=True)
    # A rematch (events/writes/rematch.py): both ends of the link are columns of the
    # game row, so a game is served with them and no further read. One rematch per game:
    # the origin's row lock decides, `rematch_of` being unique is the last guard.
    rematch_of = models.OneToOneField(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="+",
        help_text="the finished game this one is the rematch of")
    rematch = models.OneToOneField(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="+",
        help_text="this finished game's rematch, once one was asked for")
    invited = models.JSONField(
        default=list, blank=True,
        help_text="player ids (accounts' Player) invited to this rematch's table")
    # Spectators (docs/platform.md): a private game is read by its players only, never
    # listed to others, and has no public replay.
    private = models.BooleanField(
        default=False, help_text="chosen at creation: only the game's players may read it")
    # Ratings (docs/ratings.md): chosen at creation, recorded in `table_seated`, which is
    # what the ratings projection reads.
    rated = models.BooleanField(
        default=False, help_text="chosen at creation: the game counts for the ratings")

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.game_type} {self.id} ({self.status} v{self.version})"

    def seeds_fixed(self) -> bool:
        """Whether the seats' seeds may be served: always in a game of a scheme before 3
        (set in the lobby, public); in scheme 3 once fixed (active or finished), never
        while a seat may still reveal (a revealed seed read before the fixing would let
        the seats still to reveal choose theirs)."""
        return (self.dice_scheme < NEW_DICE_SCHEME
                or self.status in (GameStatus.ACTIVE, GameStatus.FINISHED))


class Seat(models.Model):
    """A seat at a table: a player's (`user`) or a bot's (`bot_level`), never both."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seat_set")
    number = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                             related_name="seats", null=True, blank=True,
                             help_text="the player; null for a bot's seat")
    bot_level = models.CharField(max_length=20, blank=True, default="",
                                 help_text="the bot's level (games/<game>/bot.py BOTS); "
                                 "blank for a player's seat")
    client_seed = models.CharField(
        max_length=128, blank=True, default="",
        help_text="the seat's own seed; empty: contributes none. Dice scheme 3: the seed "
        "revealed (a bot's, drawn when seated), served once the seeds are fixed")
    seed_commitment = models.CharField(
        max_length=64, blank=True, default="",
        help_text="dice scheme 3: SHA-256 of \"dice-seed/3:\" and the seat's seed; blank: none")
    seed_state = models.CharField(max_length=10, choices=SeedState.choices,
                                  default=SeedState.NONE)
    joined_at = models.DateTimeField(auto_now_add=True)
    timeouts_in_row = models.PositiveSmallIntegerField(default=0)
    autoplay = models.BooleanField(default=False,
                                   help_text="played by the timeout policy until its player acts")

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="unique_seat_number"),
            models.UniqueConstraint(fields=["game", "user"], name="one_seat_per_user"),
            models.CheckConstraint(
                condition=(models.Q(user__isnull=False, bot_level="")
                       | (models.Q(user__isnull=True) & ~models.Q(bot_level=""))),
                name="seat_is_player_or_bot"),
        ]

    @property
    def is_bot(self) -> bool:
        return bool(self.bot_level)

    def served_seed(self, game: Game) -> dict[str, Any]:
        """The seat's seed fields as the game and its audit serve them."""
        return {"client_seed": self.client_seed if game.seeds_fixed() else None,
                "seed_commitment": self.seed_commitment or None, "seed": self.seed_state}

    def player(self) -> Any | None:
        """The seat's player (accounts' Player, through `user.player`: the opaque id
        events name the player by, and whether the account is deleted); None for a bot.
        Read with the seat by the store's reads (select_related("user__player"))."""
        return self.user.player if self.user_id is not None else None

    def player_public_id(self) -> str | None:
        """The id events and served seats name the player by; None for a bot."""
        player = self.player()
        return None if player is None else player.id

    def player_name(self) -> str | None:
        """The name shown for the player now (the username, or the placeholder of a
        deleted account); None for a bot. Never stored in an event."""
        player = self.player()
        return None if player is None else player.display_name(self.user)
