"""Dark Knights as a decider: setup and the GameRules object."""

from __future__ import annotations


from games.core import Decider, Dice, Event, GameConfig, IllegalAction, pick
from games.core.options import resolve_options

from . import events as ev
from .data import MAX_PLAYERS, MIN_PLAYERS, NAME, OPTIONS, SLUG
from .decide import decide
from .evolve import evolve
from .outcome import outcome
from .play import awaiting, legal_actions, timeout_action, view


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


RULES = Decider(
    slug=SLUG, name=NAME, min_players=MIN_PLAYERS, max_players=MAX_PLAYERS, options=OPTIONS,
    setup=setup, decide=decide, evolve=evolve, legal_actions=legal_actions, awaiting=awaiting,
    view=view, timeout_action=timeout_action, outcome=outcome,
)
