"""Quick play: matchmaking tickets grouped into tables (docs/platform.md, Quick play).

    tickets.py  post, cancel and read a player's tickets; expire old ones
    policy.py   which waiting tickets make a table now (pure)
    matcher.py  open those tables under the queue's lock; `matched` marks the tickets

Views call tickets.py; the sweeper (events/tasks.py) calls `sweep`."""

from .matcher import due_queues, match_queue
from .tickets import (
    MAX_BOT_FILL,
    cancel_all,
    cancel_ticket,
    expire_due,
    post_ticket,
    ticket_of,
    tickets_of,
)


def sweep() -> dict[str, int]:
    """Open the tables whose groups came of age (settle time, bots), then expire the
    tickets past their time. Returns what it did."""
    games = sum(len(match_queue(key)) for key in due_queues())
    return {"matched_games": games, "expired_tickets": expire_due()}


__all__ = ["MAX_BOT_FILL", "cancel_all", "cancel_ticket", "match_queue", "post_ticket",
           "sweep", "ticket_of", "tickets_of"]
