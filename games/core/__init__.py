"""The shared core of the rules: the decider interface, typed messages, dice, errors, seats."""

from .dice import Dice, NoDice, ScriptedDice, pick, roll_many, shuffle
from .errors import IllegalAction, MalformedAction
from .messages import GameAction, GameEvent
from .options import Option
from .rules import Action, Decider, GameConfig, GameRules, replay

__all__ = [
    "Action", "Decider", "Dice", "GameAction", "GameConfig", "GameEvent", "GameRules",
    "IllegalAction", "MalformedAction", "NoDice", "Option", "ScriptedDice", "pick", "replay",
    "roll_many", "shuffle",
]
