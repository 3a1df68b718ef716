"""Quick play: matchmaking tickets grouped into tables (docs/platform.md, Quick play).

    tickets.py  post, cancel and read a player's tickets; expire old ones
    policy.py   which waiting tickets make a table now (pure)
    matcher.py  claim those tables' tickets under the queue's lock, then open each game;
                `matched` marks the tickets

Views call tickets.py; the sweeper (events/tasks.py) calls `sweep`."""

from .matcher import due_queues, match_queue, release_stale
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
    """Give back the claims a crashed matcher left, open the tables whose groups came of
    age (settle time, bots) or were given back, then expire the tickets past their time.
    Returns what it did."""
    released = release_stale()
    games = sum(len(match_queue(key)) for key in sorted(released | set(due_queues())))
    return {"matched_games": games, "expired_tickets": expire_due()}


__all__ = ["MAX_BOT_FILL", "cancel_all", "cancel_ticket", "match_queue", "post_ticket",
           "sweep", "ticket_of", "tickets_of"]
