"""Skip-Bo Dice as a decider: the RULES object the registry loads."""

from __future__ import annotations

from typing import Any, Mapping

from games.core import Dice, Event, GameConfig, Option

from . import decide as deciding
from . import legal, scoring, view as viewing
from .evolve import evolve as fold_event
from .state import Game


class SkipBoDiceRules:
    slug = "skip-bo-dice"
    name = "Skip-Bo Dice Game"
    min_players = 1
    max_players = 4
    options: tuple[Option, ...] = ()

    def setup(self, config: GameConfig, dice: Dice) -> list[Event]:
        """The game starts; the first player (named, or drawn with a die) rolls at once."""
        players = config.players
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"Skip-Bo Dice takes {self.min_players} to {self.max_players} players")
        first, drawn = config.first_player, config.first_player is None
        if first is None:
            first = dice.roll(players) - 1
        elif not 0 <= first < players:
            raise ValueError("the first player must be a seat at the table")
        started = Event("game_started", {"players": players, "options": dict(config.options),
                                         "first_player": first, "first_player_drawn": drawn})
        return [started, deciding.turn_started(1, first, dice)]

    def decide(self, state: Game, seat: int, action: Mapping[str, Any], dice: Dice) -> list[Event]:
        return deciding.decide(state, seat, action, dice)

    def evolve(self, state: Game | None, event: Event) -> Game:
        return fold_event(state, event)

    def legal_actions(self, state: Game, seat: int) -> list[dict[str, Any]]:
        return legal.legal_actions(state, seat)

    def awaiting(self, state: Game) -> dict[int, str]:
        return legal.awaiting(state)

    def view(self, state: Game, viewer: int | None) -> dict[str, Any]:
        return viewing.view(state, viewer)

    def timeout_action(self, state: Game, seat: int) -> dict[str, Any]:
        return legal.timeout_action(state, seat)

    def outcome(self, state: Game) -> dict[str, Any] | None:
        return scoring.outcome(state)


RULES = SkipBoDiceRules()
