"""The rulebook's data for Snake Bones: table size, starting purse, dice, options."""

from __future__ import annotations

from games.core import Option

SLUG = "snake-bones"
NAME = "Snake Bones"
MIN_PLAYERS = 2
MAX_PLAYERS = 8

STARTING_DICE = 5
STARTING_COINS = 10
SIDES = 6
FACES: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
WILD_FACE = 1
MIN_STAKE = 1

RAISE_QUANTITY = "quantity"
RAISE_QUANTITY_OR_FACE = "quantity_or_face"

OPTIONS: tuple[Option, ...] = (
    Option(
        name="ones_wild",
        default=False,
        schema={"type": "boolean"},
        description="Ones count toward any other face bid upon.",
    ),
    Option(
        name="raise_rule",
        default=RAISE_QUANTITY,
        schema={"type": "string", "enum": [RAISE_QUANTITY, RAISE_QUANTITY_OR_FACE]},
        description=(
            "'quantity': a raise names a strictly higher quantity (any face); "
            "'quantity_or_face': the same quantity with a higher face is also a raise."
        ),
    ),
)

# Phases of the state.
STARTING = "starting"
STAKING = "staking"
BIDDING = "bidding"
RESOLVING = "resolving"
OVER = "over"

# Awaiting kinds.
AWAIT_STAKE = "stake"
AWAIT_BID = "bid"
AWAIT_RESPOND = "respond"

# Calls.
BLUFF = "bluff"
SPOT_ON = "spot_on"
