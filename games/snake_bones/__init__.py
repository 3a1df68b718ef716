"""Snake Bones: liar's dice with coin stakes, hidden dice and bluff / spot-on calls.

The rules, options, actions, events, awaiting kinds and view fields are documented for
client developers in docs/games/snake-bones.md; the rulebook is
shared/seeds/001_3f9dc845bdc97a51.txt with the "snake-bones" rulings of RULINGS.md.
"""

from __future__ import annotations

from games.core import Decider

from . import challenges as _challenges
from . import decide as _decide
from . import evolve as _evolve
from . import view as _view
from .data import MAX_PLAYERS, MIN_PLAYERS, NAME, OPTIONS, SLUG
from .state import State

RULES = Decider(
    slug=SLUG, name=NAME, min_players=MIN_PLAYERS, max_players=MAX_PLAYERS, options=OPTIONS,
    setup=_decide.setup, decide=_decide.decide, evolve=_evolve.evolve,
    legal_actions=_view.legal_actions, awaiting=_view.awaiting, view=_view.view,
    timeout_action=_view.timeout_action, outcome=_view.outcome,
    challenges=_challenges.challenges,
)

__all__ = ["RULES", "State"]
