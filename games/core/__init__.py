"""The shared core of the rules: the decider interface, events, dice, errors, seats."""

from .dice import Dice, NoDice, ScriptedDice, pick, roll_many, shuffle
from .errors import IllegalAction, MalformedAction
from .events import Event
from .rules import Action, Decider, GameConfig, GameRules, Option, replay

__all__ = [
    "Action", "Decider", "Dice", "Event", "GameConfig", "GameRules", "IllegalAction", "MalformedAction",
    "NoDice", "Option", "ScriptedDice", "pick", "replay", "roll_many", "shuffle",
]
