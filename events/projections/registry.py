"""The projections by name (`python3 manage.py projections ... NAME`), and running them all."""

from __future__ import annotations

from . import history, ratings, statistics
from .runner import Projection, run

# In the order the worker runs them: the ratings first, so a game's end reaches the
# leaderboard before the histories and statistics are brought up to date.
PROJECTIONS: dict[str, Projection] = {
    p.name: p for p in (ratings.PROJECTION, history.PROJECTION, statistics.PROJECTION)}


def run_all() -> dict[str, int]:
    """Bring every projection up to date; the events each applied."""
    return {name: run(projection) for name, projection in PROJECTIONS.items()}
