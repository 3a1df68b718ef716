"""The events app's tables, one module per concept; every name is imported from here
(`from events.models import Game`), as Django finds an app's models.

    games.py        a game's row (the lobby's and its stream head's read model), its seats
    stream.py       the append-only events, snapshots, the answers to idempotent requests
    clocks.py       a decision's deadline, a bot's turn
    webhooks.py     webhook registrations and their deliveries
    matchmaking.py  quick play's queues and tickets
    notices.py      a player's live channel

The projections' read models (docs/projections.md) and Web Push's tables live with their
code: events/projections/tables.py and events/push/tables.py, imported below.
"""

from ..projections.tables import (
    Checkpoint,
    PlayedGame,
    PlayerRecord,
    PlayerStatistics,
    Rating,
    RatingChange,
)
from ..push.tables import PushDelivery, PushPreference, PushSubscription
from .clocks import BotTurn, Deadline
from .games import (
    MAX_TURN_TIMEOUT,
    NEW_DICE_SCHEME,
    UNFINISHED_STARTED,
    Game,
    GameStatus,
    Seat,
    SeedState,
)
from .matchmaking import MatchQueue, Ticket, TicketStatus
from .notices import NoticeHead, NoticeKind, PlayerNotice
from .stream import Event, IdempotencyRecord, Snapshot
from .webhooks import Delivery, DeliveryStatus, Webhook, WebhookEvent

__all__ = [
    "MAX_TURN_TIMEOUT", "NEW_DICE_SCHEME", "UNFINISHED_STARTED",
    "BotTurn", "Checkpoint", "Deadline", "Delivery", "DeliveryStatus", "Event", "Game",
    "GameStatus", "IdempotencyRecord", "MatchQueue", "NoticeHead", "NoticeKind",
    "PlayedGame", "PlayerNotice", "PlayerRecord", "PlayerStatistics", "PushDelivery",
    "PushPreference", "PushSubscription", "Rating", "RatingChange", "Seat", "SeedState",
    "Snapshot", "Ticket", "TicketStatus", "Webhook", "WebhookEvent",
]
