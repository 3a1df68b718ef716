"""The event store and its read models.

`Event` rows are append-only (PostgreSQL triggers refuse UPDATE, DELETE and TRUNCATE;
nothing here offers either). `Game` and `Seat` are the read model of the lobby and of
each stream's head: status, version, who is awaited.
"""

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
    """Where a seat is in dice scheme 3's commit and reveal (docs/decisions/0029-committed-seeds.md)."""

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
        default=NEW_DICE_SCHEME, help_text="how the dice's HMAC message encodes the seeds (docs/fairness.md)")
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


class Event(models.Model):
    """One event of one game's stream. seq runs 1, 2, 3 ... with no gaps per game."""

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="events")
    seq = models.PositiveIntegerField()
    type = models.CharField(max_length=60)
    schema_version = models.PositiveSmallIntegerField(default=1)
    data = models.JSONField(default=dict)
    private = models.JSONField(default=dict, help_text="{seat: payload} seen by that seat only")
    actor = models.CharField(max_length=20, help_text="seat:N, bot:N, clock or system")
    command = models.JSONField(null=True, blank=True,
                               help_text="the action that caused this batch (first event only)")
    draws = models.JSONField(default=list, help_text="[[nonce, sides, value], ...] rolled here")
    idempotency_key = models.CharField(max_length=200, null=True, blank=True)
    recorded_at = models.DateTimeField()
    prev_hash = models.CharField(max_length=64)
    hash = models.CharField(max_length=64)

    class Meta:
        ordering = ["game", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="unique_game_seq"),
        ]


class Snapshot(models.Model):
    """A folded state of a game at `version`, for rules of code version `rules_version`:
    derived data written after commit (events/store/snapshots.py), never the truth.
    Deleting every snapshot changes no answer; one of other rules is never read."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="snapshots")
    version = models.PositiveIntegerField()
    rules_version = models.CharField(max_length=64)
    state = models.JSONField(help_text="games.core.codec's JSON of the rules' state")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "rules_version", "version"],
                                    name="unique_snapshot"),
        ]


class IdempotencyRecord(models.Model):
    """The first answer to an action posted with an Idempotency-Key."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="idempotency_records")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    key = models.CharField(max_length=200)
    fingerprint = models.CharField(max_length=64, help_text="SHA-256 of the canonical request")
    first_seq = models.PositiveIntegerField()
    last_seq = models.PositiveIntegerField()
    version = models.PositiveIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "user", "key"], name="unique_idempotency_key"),
        ]


class Deadline(models.Model):
    """An awaited seat's clock: a read-model row written with the events that start it."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="deadlines")
    seat = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=40)
    version = models.PositiveIntegerField(help_text="the head version this deadline applies to")
    started_at = models.DateTimeField()
    due_at = models.DateTimeField(db_index=True)
    warn_at = models.DateTimeField(null=True, blank=True)
    warned = models.BooleanField(default=False)
    continuation = models.BooleanField(
        default=False, help_text="the clock already acted this turn: finish it at once")
    enqueued_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="one_deadline_per_seat"),
        ]


class BotTurn(models.Model):
    """A seat the bot plays, awaited at `version`: a read-model row written with the events
    that ask for it (events/bots/), so the sweeper finds a bot move whose task was lost.

    A bot's own seat, or a player's seat on autoplay (played by the game's basic bot)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="bot_turns")
    seat = models.PositiveSmallIntegerField()
    level = models.CharField(max_length=20, help_text="the bot level that plays it")
    version = models.PositiveIntegerField(help_text="the head version the move is for")
    due_at = models.DateTimeField(db_index=True, help_text="when the bot moves")
    enqueued_at = models.DateTimeField(null=True, blank=True)
    failed = models.BooleanField(default=False,
                                 help_text="the bot raised: the seat is left to its clock")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="one_bot_turn_per_seat"),
        ]


class WebhookEvent(models.TextChoices):
    """What a webhook may be notified of: its one home (the API's choices are these)."""

    YOUR_TURN = "your_turn"
    GAME_STARTED = "game_started"
    GAME_OVER = "game_over"
    CLOCK_WARNING = "clock_warning"


class Webhook(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="webhooks")
    url = models.URLField(max_length=500)
    secret = models.CharField(max_length=700,
                              help_text="whsec_ + base64 of the key (events/webhooks/signing.py)")
    previous_secret = models.CharField(
        max_length=700, blank=True, default="",
        help_text="during a rotation: the secret before it, which still signs too")
    previous_secret_until = models.DateTimeField(
        null=True, blank=True, help_text="when the previous secret stops signing on its own")
    events = models.JSONField(default=list, help_text="WebhookEvent values")
    active = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]


class DeliveryStatus(models.TextChoices):
    PENDING = "pending"
    DELIVERED = "delivered"
    FAILED = "failed"


class Delivery(models.Model):
    """One notification to one webhook: an outbox row, retried with backoff."""

    webhook = models.ForeignKey(Webhook, on_delete=models.CASCADE, related_name="deliveries")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, null=True, blank=True)
    kind = models.CharField(max_length=20, choices=WebhookEvent.choices)
    payload = models.JSONField()
    status = models.CharField(max_length=10, choices=DeliveryStatus.choices,
                              default=DeliveryStatus.PENDING, db_index=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    next_attempt_at = models.DateTimeField(db_index=True)
    enqueued_at = models.DateTimeField(null=True, blank=True)
    last_status_code = models.PositiveSmallIntegerField(null=True, blank=True)
    last_error = models.CharField(max_length=300, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    delivered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["id"]


class TicketStatus(models.TextChoices):
    """A matchmaking ticket's status: its one home (the API's choices are these values)."""

    WAITING = "waiting"
    MATCHED = "matched"
    CANCELLED = "cancelled"
    EXPIRED = "expired"


class MatchQueue(models.Model):
    """One queue of compatible tickets (a game type and its canonical options): its row is
    what a matcher locks, so that matchers of one queue take turns (events/matchmaking/,
    docs/decisions/0012-matchmaking-queue-lock.md)."""

    key = models.CharField(max_length=64, primary_key=True,
                           help_text="SHA-256 of the game type and its canonical options")
    game_type = models.CharField(max_length=40)


class Ticket(models.Model):
    """A player's request for a table (quick play, docs/platform.md): waiting until the
    matcher seats it at a game, cancelled by its player, or expired. A waiting ticket may
    be claimed by a matcher opening its table (claim, claimed_at)."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="tickets")
    game_type = models.CharField(max_length=40)
    options = models.JSONField(default=dict, help_text="canonical: defaults filled in")
    queue = models.ForeignKey(MatchQueue, on_delete=models.PROTECT, related_name="tickets")
    seats_min = models.PositiveSmallIntegerField()
    seats_max = models.PositiveSmallIntegerField()
    fill_with_bots_after = models.PositiveIntegerField(
        null=True, blank=True, help_text="seconds; null: never seated with bots")
    seed_commitment = models.CharField(
        max_length=64, blank=True, default="",
        help_text="dice scheme 3: the commitment carried to the seat the matcher gives; "
        "blank: none")
    bots_at = models.DateTimeField(null=True, blank=True,
                                   help_text="created_at + fill_with_bots_after")
    status = models.CharField(max_length=10, choices=TicketStatus.choices,
                              default=TicketStatus.WAITING)
    game = models.ForeignKey(Game, on_delete=models.PROTECT, null=True, blank=True,
                             related_name="tickets")
    created_at = models.DateTimeField()
    expires_at = models.DateTimeField(db_index=True)
    matched_at = models.DateTimeField(null=True, blank=True)
    # A matcher's claim on a waiting ticket (events/matchmaking/matcher.py): its table is
    # being opened outside the queue's lock. Still `waiting` to its player.
    claim = models.UUIDField(null=True, blank=True)
    claimed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["queue", "status", "created_at"],
                                name="ticket_queue_waiting")]
        constraints = [
            # One waiting ticket per player and game type, whatever races (409 ticket_exists).
            models.UniqueConstraint(fields=["user", "game_type"],
                                    condition=models.Q(status="waiting"),
                                    name="one_waiting_ticket_per_game_type"),
        ]


class NoticeKind(models.TextChoices):
    """What a player's live channel carries (events/notices/): its one home."""

    YOUR_TURN = "your_turn"
    GAME_STARTED = "game_started"
    GAME_FINISHED = "game_finished"
    MATCH_FOUND = "match_found"
    REMATCH_OFFERED = "rematch_offered"
    CLOCK_WARNING = "clock_warning"
    RATING_CHANGED = "rating_changed"
    SEEDS_REQUESTED = "seeds_requested"


class NoticeHead(models.Model):
    """A player's last notice sequence number. Its row is locked (by the upsert that
    raises it) until the writing transaction ends: for one player, seq order is commit
    order (events/notices/store.py)."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                primary_key=True, related_name="notice_head")
    seq = models.PositiveBigIntegerField(default=0)


class PlayerNotice(models.Model):
    """One notice on a player's live channel: public facts only (ids, versions, kinds, a
    public outcome), never a private part of a game. Pruned after
    DICE_NOTICE_RETENTION_DAYS (events/notices/store.py `prune`)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="notices")
    seq = models.PositiveBigIntegerField(help_text="1, 2, 3 ... per player, in commit order")
    kind = models.CharField(max_length=20, choices=NoticeKind.choices)
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="notices")
    version = models.PositiveIntegerField(help_text="the game's version when it was written")
    data = models.JSONField(default=dict, help_text="the kind's public fields")
    created_at = models.DateTimeField(db_index=True)

    class Meta:
        ordering = ["user", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["user", "seq"], name="unique_notice_seq"),
        ]


# The projections' read models (docs/projections.md) live with their code.
from .projections.tables import (  # noqa: E402,F401
    Checkpoint,
    PlayedGame,
    PlayerRecord,
    PlayerStatistics,
    Rating,
    RatingChange,
)
from .push.tables import PushDelivery, PushPreference, PushSubscription  # noqa: E402,F401
