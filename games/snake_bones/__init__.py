"""Snake Bones: liar's dice with coin stakes, hidden dice and bluff / spot-on calls.

The rules, options, actions, events, awaiting kinds and view fields are documented for
client developers in docs/games/snake-bones.md; the rulebook is
shared/seeds/001_3f9dc845bdc97a51.txt with the "snake-bones" rulings of RULINGS.md.
"""

from __future__ import annotations

from typing import Any

from games.core import Dice, Event, GameConfig, Option

from . import decide as _decide
from . import evolve as _evolve
from . import view as _view
from .data import MAX_PLAYERS, MIN_PLAYERS, NAME, OPTIONS, SLUG
from .state import State


class SnakeBonesRules:
    """The Snake Bones decider (satisfies games.core.GameRules)."""

    slug: str = SLUG
    name: str = NAME
    min_players: int = MIN_PLAYERS
    max_players: int = MAX_PLAYERS
    options: tuple[Option, ...] = OPTIONS

    def setup(self, config: GameConfig, dice: Dice) -> list[Event]:
        return _decide.setup(config, dice)

    def decide(self, state: State, seat: int, action: Any, dice: Dice) -> list[Event]:
        return _decide.decide(state, seat, action, dice)

    def evolve(self, state: State | None, event: Event) -> State:
        return _evolve.evolve(state, event)

    def legal_actions(self, state: State, seat: int) -> list[dict[str, Any]]:
        return _view.legal_actions(state, seat)

    def awaiting(self, state: State) -> dict[int, str]:
        return _view.awaiting(state)

    def view(self, state: State, viewer: int | None) -> dict[str, Any]:
        return _view.view(state, viewer)

    def timeout_action(self, state: State, seat: int) -> dict[str, Any]:
        return _view.timeout_action(state, seat)

    def outcome(self, state: State) -> dict[str, Any] | None:
        return _view.outcome(state)


RULES = SnakeBonesRules()

__all__ = ["RULES", "SnakeBonesRules", "State"]
