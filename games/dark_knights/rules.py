"""Dark Knights as a decider: setup and the GameRules object."""

from __future__ import annotations

from typing import Any

from games.core import Dice, Event, GameConfig, IllegalAction, Option, pick
from games.core.options import resolve_options

from . import events as ev
from .data import MAX_PLAYERS, MIN_PLAYERS, NAME, OPTIONS, SLUG
from .decide import decide
from .evolve import evolve
from .outcome import outcome
from .play import awaiting, legal_actions, timeout_action, view
from .state import State


def first_player(config: GameConfig, dice: Dice) -> tuple[int, bool]:
    """The seat the creator named, else one drawn with the dice (recorded)."""
    if config.first_player is not None:
        if not 0 <= config.first_player < config.players:
            raise IllegalAction("no_such_seat", "the first player must be a seat at the table")
        return config.first_player, False
    if config.players == 1:
        return 0, False
    return pick(dice, list(range(config.players))), True


def setup(config: GameConfig, dice: Dice) -> list[Event]:
    if not MIN_PLAYERS <= config.players <= MAX_PLAYERS:
        raise IllegalAction("player_count", f"{NAME} takes {MIN_PLAYERS} to {MAX_PLAYERS} players")
    options = resolve_options(OPTIONS, config.options)
    first, drawn = first_player(config, dice)
    return [ev.game_started(config.players, options, first, drawn),
            ev.turn_started(first, last_turn=False)]


class DarkKnights:
    slug: str = SLUG
    name: str = NAME
    min_players: int = MIN_PLAYERS
    max_players: int = MAX_PLAYERS
    options: tuple[Option, ...] = OPTIONS

    def setup(self, config: GameConfig, dice: Dice) -> list[Event]:
        return setup(config, dice)

    def decide(self, state: State, seat: int, action: Any, dice: Dice) -> list[Event]:
        return decide(state, seat, action, dice)

    def evolve(self, state: State | None, event: Event) -> State:
        return evolve(state, event)

    def legal_actions(self, state: State, seat: int) -> list[dict[str, Any]]:
        return legal_actions(state, seat)

    def awaiting(self, state: State) -> dict[int, str]:
        return awaiting(state)

    def view(self, state: State, viewer: int | None) -> dict[str, Any]:
        return view(state, viewer)

    def timeout_action(self, state: State, seat: int) -> dict[str, Any]:
        return timeout_action(state, seat)

    def outcome(self, state: State) -> dict[str, Any] | None:
        return outcome(state)


RULES = DarkKnights()
