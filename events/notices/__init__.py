"""A player's live channel (docs/platform.md, "The player channel"): notices stored per
player in commit order (store.py), written by the write path's listener and the clocks'
warnings (reactions.py, from events/tidings.py's "who needs to know"), published on commit
under the player's key (events/live/broadcast.py)."""

from .store import channel_key, notify, page, prune, served

__all__ = ["channel_key", "notify", "page", "prune", "served"]
