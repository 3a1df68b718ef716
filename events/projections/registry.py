"""The projections by name (`python3 manage.py projections ... NAME`), and running them all."""

from __future__ import annotations

from . import history, ratings, statistics
from .runner import Projection, run

PROJECTIONS: dict[str, Projection] = {
    p.name: p for p in (history.PROJECTION, statistics.PROJECTION, ratings.PROJECTION)}


def run_all() -> dict[str, int]:
    """Bring every projection up to date; the events each applied."""
    return {name: run(projection) for name, projection in PROJECTIONS.items()}
