"""Skip-Bo Dice as a decider: the RULES object the registry loads."""

from __future__ import annotations

from games.core import Decider, Dice, Event, GameConfig

from . import decide as deciding
from . import legal, scoring, view as viewing
from .evolve import evolve as fold_event


MIN_PLAYERS, MAX_PLAYERS = 1, 4


def setup(config: GameConfig, dice: Dice) -> list[Event]:
    """The game starts; the first player (named, or drawn with a die) rolls at once."""
    players = config.players
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Skip-Bo Dice takes {MIN_PLAYERS} to {MAX_PLAYERS} players")
    first, drawn = config.first_player, config.first_player is None
    if first is None:
        first = dice.roll(players) - 1
    elif not 0 <= first < players:
        raise ValueError("the first player must be a seat at the table")
    started = Event("game_started", {"players": players, "options": dict(config.options),
                                     "first_player": first, "first_player_drawn": drawn})
    return [started, deciding.turn_started(1, first, dice)]


RULES = Decider(
    slug="skip-bo-dice", name="Skip-Bo Dice Game", min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS, options=(), setup=setup, decide=deciding.decide, evolve=fold_event,
    legal_actions=legal.legal_actions, awaiting=legal.awaiting, view=viewing.view,
    timeout_action=legal.timeout_action, outcome=scoring.outcome,
)
