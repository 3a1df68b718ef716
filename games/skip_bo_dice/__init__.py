"""Skip-Bo Dice Game (slug `skip-bo-dice`): roll-and-write Build Piles 1 to 10.

The rules, actions, events, awaiting kinds and view fields are documented for client
developers in docs/games/skip-bo-dice.md; the rulebook is
shared/seeds/004_dcb40b05cb0e8789.txt with the "skip-bo-dice" rulings of RULINGS.md.
"""

from __future__ import annotations

from games.core.outcome import Outcome
from games.core.rules import typed_decider

from . import decide as _decide
from . import evolve as _evolve
from . import legal as _legal
from . import outcome as _outcome
from . import rules as _rules
from . import view as _view
from .actions import ACTIONS
from .data import MAX_PLAYERS, MIN_PLAYERS, NAME, OPTIONS, SLUG
from .events import EVENTS
from .state import State

RULES = typed_decider(
    slug=SLUG, name=NAME, min_players=MIN_PLAYERS, max_players=MAX_PLAYERS, options=OPTIONS,
    actions=ACTIONS, events=EVENTS, view_type=_view.View, outcome_type=Outcome,
    setup=_decide.setup, handlers=_decide.HANDLERS, awaits=_legal.AWAITS,
    out_of_turn=_legal.OUT_OF_TURN, in_play=_rules.in_play, evolve=_evolve.evolve,
    legal_actions=_legal.legal_actions, awaiting=_legal.awaiting, view=_view.view,
    timeout_action=_legal.timeout_action, outcome=_outcome.outcome,
)

__all__ = ["RULES", "State"]
