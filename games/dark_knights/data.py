"""The rulebook's data: the six dice, their shades, ace values and the scoring table."""

from __future__ import annotations

from games.core import Option

SLUG = "dark-knights"
NAME = "Dark Knights"
MIN_PLAYERS = 1
MAX_PLAYERS = 8

SIDES = 6
DARK = "dark"
LIGHT = "light"

# Every die has a fixed number: 0, 1, 2 are the dark dice and 3, 4, 5 the light dice.
SHADES: tuple[str, ...] = (DARK, DARK, DARK, LIGHT, LIGHT, LIGHT)
ALL_DICE: tuple[int, ...] = tuple(range(len(SHADES)))

ACE = 1
LIGHT_ACE_VALUE = 10          # a light ace counts as a 10
DARK_ACES_ALONE_VALUE = 1     # a combination of dark aces only is worth "ones"
SMALLEST_COMBINATION = 2      # a new combination needs 2 or more matching dice

# Clean combinations (light dice only): number of dice -> multiplier of the value.
CLEAN_MULTIPLIER: dict[int, int] = {2: 10, 3: 20}

DEFAULT_TARGET = 500

OPTIONS: tuple[Option, ...] = (
    Option(
        name="target",
        default=DEFAULT_TARGET,
        schema={"type": "integer", "minimum": 50, "maximum": 10_000},
        description="Banked score that wins the game.",
    ),
    Option(
        name="final_round",
        default=False,
        schema={"type": "boolean"},
        description=(
            "When a player reaches the target, every other player gets one last turn; "
            "the highest score wins and ties share the win."
        ),
    ),
)


# Phases of the seat whose turn it is.
ROLL = "roll"                  # a turn starts: roll all six dice
SET_ASIDE = "set_aside"        # dice were rolled: set aside at least one combination
ROLL_OR_HOLD = "roll_or_hold"  # roll the dice not in combinations (all six after a
                               # roll-through) or hold and bank
TURN_OVER = "turn_over"        # between a turn's end and the next turn_started (inside
                               # one decision only: never the state after a whole batch)
OVER = "over"

# How a turn ended (the view's last_turn.result).
BANKED = "banked"
BUSTED = "busted"

# Awaiting kinds, by phase.
AWAITED_KIND: dict[str, str] = {ROLL: "roll", SET_ASIDE: "set_aside",
                                ROLL_OR_HOLD: "roll_or_hold"}


def shade_of(die: int) -> str:
    return SHADES[die]
