"""Live updates: a game's new head pushed once per committed batch to every reader
waiting for it (broadcast.py; the readers are api/live_views.py)."""
