"""Bare Bones as a decider: the RULES object the registry loads."""

from __future__ import annotations

from typing import Any

from games.core import Decider, Dice, Event, GameConfig, Option

from . import decide as deciding
from . import legal
from .data import (
    ACTION_CARDS,
    ACTION_SET_SIZE,
    DICE_PER_COLOUR,
    RANDOM_SET,
    SUGGESTED_SETS,
    action_stack_order,
)
from .evolve import evolve as fold_event
from .flow import roll_die
from .scoring import outcome
from .view import view

MIN_PLAYERS, MAX_PLAYERS = 2, 4
DEFAULT_ROUNDS = 12

OPTIONS: tuple[Option, ...] = (
    Option("rounds", DEFAULT_ROUNDS, {"type": "integer", "minimum": 1, "maximum": 30},
           "Rounds played; every player takes one turn a round."),
    Option("action_set", "bare_bones_basics", {"anyOf": [
        {"type": "string", "enum": [*SUGGESTED_SETS, RANDOM_SET]},
        {"type": "array", "items": {"type": "string", "enum": sorted(ACTION_CARDS)},
         "minItems": ACTION_SET_SIZE, "maxItems": ACTION_SET_SIZE, "uniqueItems": True},
    ]}, "The 7 Action Card stacks: a suggested set, 'random' (drawn with the dice and "
        "recorded), or a list of 7 distinct Action Card names."),
)


def chosen_action_cards(choice: Any, dice: Dice) -> tuple[str, ...]:
    """The seven Action Card stacks of the game, in supply order (low to high cost)."""
    if choice == RANDOM_SET:
        left, picked = sorted(ACTION_CARDS), []
        for _ in range(ACTION_SET_SIZE):
            picked.append(left.pop(dice.roll(len(left)) - 1))
        return action_stack_order(tuple(picked))
    names = SUGGESTED_SETS[choice] if isinstance(choice, str) else tuple(choice)
    if len(set(names)) != ACTION_SET_SIZE or not set(names) <= set(ACTION_CARDS):
        raise ValueError(f"action_set needs {ACTION_SET_SIZE} distinct Action Card names")
    return action_stack_order(tuple(names))


def roll_off(players: int, dice: Dice) -> tuple[int, list[dict[str, list[int]]]]:
    """Each player rolls the four Blue dice; the highest total is player 1; the players
    tied for highest roll again."""
    contenders, rounds = list(range(players)), []
    while True:
        rolls = {s: [roll_die(dice, "blue") for _ in range(DICE_PER_COLOUR)] for s in contenders}
        rounds.append({str(s): r for s, r in rolls.items()})
        best = max(sum(r) for r in rolls.values())
        contenders = [s for s, r in rolls.items() if sum(r) == best]
        if len(contenders) == 1:
            return contenders[0], rounds


def setup(config: GameConfig, dice: Dice) -> list[Event]:
    players = config.players
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Bare Bones takes {MIN_PLAYERS} to {MAX_PLAYERS} players")
    options = {o.name: config.options.get(o.name, o.default) for o in OPTIONS}
    if isinstance(options["action_set"], (list, tuple)):
        options["action_set"] = list(options["action_set"])
    rounds = options["rounds"]
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= 30:
        raise ValueError("rounds is an integer from 1 to 30")
    actions = chosen_action_cards(options["action_set"], dice)
    first, rolls = config.first_player, []
    if first is None:
        first, rolls = roll_off(players, dice)
    elif not 0 <= first < players:
        raise ValueError("the first player must be a seat at the table")
    return [Event("game_started", {
        "players": players, "options": options, "action_cards": list(actions),
        "first_player": first, "first_player_drawn": config.first_player is None,
        "roll_off": rolls,
    })]


RULES = Decider(
    slug="bare-bones", name="Bare Bones", min_players=MIN_PLAYERS, max_players=MAX_PLAYERS,
    options=OPTIONS, setup=setup, decide=deciding.decide, evolve=fold_event,
    legal_actions=legal.legal_actions, awaiting=legal.awaiting, view=view,
    timeout_action=legal.timeout_action, outcome=outcome,
)
