"""Turn clocks: deadlines beside the stream (deadlines.py), kept in line with who is
awaited by listening to the write path (reactions.py), and the timeout action applied
through the write path when a deadline passes (timeouts.py); dice scheme 3's reveal
deadline (reveals.py)."""

from .deadlines import (
    WARN_AT,
    due,
    everyone_on_autoplay,
    player_is_back,
    record_timeout,
    sync_deadlines,
    warnings_due,
)
from .reveals import close_reveal, reveals_due
from .timeouts import abandon, apply_timeout

__all__ = [
    "WARN_AT", "due", "everyone_on_autoplay", "player_is_back", "record_timeout", "sync_deadlines",
    "warnings_due", "close_reveal", "reveals_due", "abandon", "apply_timeout"
]
