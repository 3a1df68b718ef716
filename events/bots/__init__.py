"""Bots at the table (docs/bots.md): who the bot plays and when (turns.py), what it sees
(seen.py), and its move through the one write path (play.py).

A bot plays a bot's seat at its level, and a player's seat on autoplay at the game's
basic level. `turns.on_appended` listens to the write path (wired in events/apps.py):
each batch that leaves such a seat awaited writes a `BotTurn` row in the batch's
transaction and, after commit, hands the move to a worker (`events.play_bot`, the only
Celery in events/tasks.py). The sweeper hands an overdue one to a worker again.
"""

from .play import play
from .turns import BOT_LEVEL_OF_AUTOPLAY, on_appended, overdue

__all__ = ["BOT_LEVEL_OF_AUTOPLAY", "on_appended", "overdue", "play"]
