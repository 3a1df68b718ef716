"""The end of a Bare Bones game: the highest total wins; ties go to fewer cards, then the
tied players share the win (the breakdown is in `game_over` and the view's `final`)."""

from __future__ import annotations

from games.core.outcome import Outcome

from .scoring import results
from .state import OVER, State


def outcome(state: State) -> Outcome | None:
    if state.phase != OVER:
        return None
    final = results(state)
    return Outcome(winners=final.winners, ranking=final.ranking, scores=final.scores)
