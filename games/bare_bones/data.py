"""The rulebook's data (RULINGS, bare-bones): dice, Dice Cards, Action Cards, suggested sets.

Everything here is data of the ruleset; the rules read it and never repeat it.
"""

from __future__ import annotations

from typing import Literal

from games.core import Option
from games.core.frozen import frozen_record

SLUG = "bare-bones"
NAME = "Bare Bones"
MIN_PLAYERS, MAX_PLAYERS = 2, 4
DEFAULT_ROUNDS = 12
MIN_ROUNDS, MAX_ROUNDS = 1, 30

# --- dice and Dice Cards ---------------------------------------------------------------

COLOURS: tuple[str, ...] = ("blue", "yellow", "red", "purple", "green", "black", "white")
"""The seven dice colours, in supply order. A Dice Card is named after its colour."""

FACES: dict[str, tuple[int, ...]] = {
    "blue": (1, 1, 1, 2, 3, 4),
    "yellow": (2, 4, 4, 4, 4, 6),   # (Ruling) the rulebook prints five faces; the sixth is 4
    "red": (1, 2, 3, 3, 4, 5),
    "purple": (4, 4, 5, 5, 6, 6),
    "green": (2, 2, 2, 5, 5, 5),
    "black": (5, 5, 6, 6, 6, 6),
    "white": (2, 3, 3, 3, 4, 5),
}
Colour = Literal[COLOURS]  # type: ignore[valid-type]

COIN_COLOURS: frozenset[str] = frozenset({"white"})
"""White dice show coins, not points."""

DICE_PER_COLOUR = 4
MAX_DICE = 6
"""At most six dice are rolled in a turn."""

SUPPLY_DICE = DICE_PER_COLOUR * len(COLOURS)
"""The supply's 28 dice are numbered by colour in supply order: Blue 0-3, Yellow 4-7,
Red 8-11, Purple 12-15, Green 16-19, Black 20-23, White 24-27 (the `roll` action's
`supply_dice`). A die set aside on a Can't Touch This is the last of its colour."""


def die_colour(number: int) -> str:
    return COLOURS[number // DICE_PER_COLOUR]


def die_numbers(colour: str, count: int) -> tuple[int, ...]:
    """The numbers of the first `count` dice of `colour`."""
    first = COLOURS.index(colour) * DICE_PER_COLOUR
    return tuple(range(first, first + count))


DICE_COST: dict[str, int] = {
    "blue": 4, "yellow": 8, "red": 5, "purple": 10, "green": 6, "black": 12, "white": 6,
}
FINAL_POINT_VALUE: dict[str, int] = {
    "blue": 2, "yellow": 4, "red": 3, "purple": 5, "green": 4, "black": 6, "white": 0,
}

RED_CARDS_PER_DRAW = 2
"""Red: draw one card for every two Red Dice Cards played."""

# --- the starting deck, the draft, the supply ------------------------------------------

STARTING_DECK: tuple[str, ...] = ("blue",) * 3 + ("white",) * 4
DRAFT_PICKS = 3
DRAFT_MAX_COST = 6
STACK_SIZE = 7
HAND_SIZE = 5
ACTION_UNITS_PER_TURN = 5

# --- Action Cards ------------------------------------------------------------------------


@frozen_record
class ActionCard:
    """An Action Card as printed: its cost, Action Units, and the numbers of its effect."""

    name: str
    title: str
    cost: int
    units: int
    draws: int = 0          # cards drawn when played (Greed: the first copy of the turn)
    params: tuple[tuple[str, int], ...] = ()

    def param(self, key: str) -> int:
        return dict(self.params)[key]


ACTION_CARDS: dict[str, ActionCard] = {c.name: c for c in (
    ActionCard("cant_touch_this", "Can't Touch This", 6, 2),
    ActionCard("color_cubed", "Color Cubed", 7, 3, draws=1, params=(("same_colour", 3),)),
    ActionCard("double_up", "Double Up", 6, 2, params=(("cards", 2), ("dice_per_card", 2))),
    ActionCard("full_house", "Full House", 8, 4, params=(("dice_cards", 5), ("rolls", 2))),
    ActionCard("greed", "Greed", 9, 1, draws=2, params=(("later_draws", 1),)),
    ActionCard("hot_potato", "Hot Potato", 5, 2, draws=2, params=(("penalty", 15),)),
    ActionCard("joyride", "Joyride", 6, 1),
    ActionCard("keep_the_change", "Keep the Change", 5, 1),
    ActionCard("loan_shark", "Loan Shark", 4, 1,
               params=(("min", 1), ("max", 20), ("penalty_per_coin", 2))),
    ActionCard("mimic", "Mimic", 8, 2),
    ActionCard("odds_or_evens", "Odds or Evens", 7, 3),
    ActionCard("pairs", "Pairs", 7, 3, params=(("size", 2),)),
    ActionCard("point_pro", "Point Pro", 4, 1),
    ActionCard("rainbow", "Rainbow", 7, 3, draws=1, params=(("per_colour", 1), ("min_dice", 3))),
    ActionCard("re_re_roll", "Re-Re-Roll", 3, 2, params=(("rerolls", 2),)),
    ActionCard("run", "Run", 7, 3, draws=1, params=(("min_dice", 3),)),
    ActionCard("straight_cash", "Straight Cash", 4, 1),
    ActionCard("swap_meet", "Swap Meet", 6, 2),
    ActionCard("triplets", "Triplets", 7, 3, draws=1, params=(("size", 3),)),
    ActionCard("yard_sale", "Yard Sale", 5, 1, params=(("coins_less", 1),)),
)}

CANT_TOUCH_THIS = "cant_touch_this"
CTT_VERSIONS: tuple[str, ...] = tuple(f"{CANT_TOUCH_THIS}_{c}" for c in COLOURS)
"""(Ruling) The Can't Touch This stack is its seven colour versions, one of each."""

EXCLUSIVE: tuple[frozenset[str], ...] = (frozenset({"point_pro", "straight_cash"}),)
"""Cards that may not be played in the same turn."""

SUGGESTED_SETS: dict[str, tuple[str, ...]] = {
    "bare_bones_basics": ("greed", "re_re_roll", "pairs", "double_up", "odds_or_evens",
                          "color_cubed", "joyride"),
    "interplay": ("joyride", "swap_meet", "hot_potato", "cant_touch_this", "yard_sale", "run",
                  "full_house"),
    "money_money": ("straight_cash", "keep_the_change", "greed", "loan_shark", "point_pro",
                    "triplets", "yard_sale"),
    "many_paths": ("rainbow", "color_cubed", "swap_meet", "mimic", "double_up", "hot_potato",
                   "pairs"),
}
RANDOM_SET = "random"
ACTION_SET_SIZE = 7

OPTIONS: tuple[Option, ...] = (
    Option("rounds", DEFAULT_ROUNDS,
           {"type": "integer", "minimum": MIN_ROUNDS, "maximum": MAX_ROUNDS},
           "Rounds played; every player takes one turn a round."),
    Option("action_set", "bare_bones_basics", {"anyOf": [
        {"type": "string", "enum": [*SUGGESTED_SETS, RANDOM_SET]},
        {"type": "array", "items": {"type": "string", "enum": sorted(ACTION_CARDS)},
         "minItems": ACTION_SET_SIZE, "maxItems": ACTION_SET_SIZE, "uniqueItems": True},
    ]}, "The 7 Action Card stacks: a suggested set, 'random' (drawn with the dice and "
        "recorded), or a list of 7 distinct Action Card names."),
)

# --- cards by name ---------------------------------------------------------------------------

CARD_NAMES: tuple[str, ...] = (COLOURS + tuple(n for n in ACTION_CARDS if n != CANT_TOUCH_THIS)
                               + CTT_VERSIONS)
"""Every card's name in the API: Dice Cards by colour, Action Cards by name, Can't Touch
This by colour version."""
Card = Literal[CARD_NAMES]  # type: ignore[valid-type]

DRAW_REASONS: tuple[str, ...] = ("new_hand", "red", "bonus_match", "greed", "color_cubed",
                                 "rainbow", "run", "triplets", "hot_potato")
DrawReason = Literal[DRAW_REASONS]  # type: ignore[valid-type]

# --- phases, steps of a turn, awaiting kinds ------------------------------------------------

DRAFT = "draft"
TURN = "turn"
OVER = "over"

PLAY = "play"
JOYRIDE = "joyride"
SWAP_MEET = "swap_meet"
ROLL = "roll"
DICE = "dice"        # rolled: re-rolls, then the scoring choice
BUY = "buy"
END = "end"          # Hot Potatoes, Can't Touch This, bonus matching, cleanup
STEPS: tuple[str, ...] = (PLAY, JOYRIDE, SWAP_MEET, ROLL, DICE, BUY, END)

# awaiting kinds besides the steps PLAY, JOYRIDE, SWAP_MEET, ROLL and BUY
AWAIT_DRAFT = "draft"
AWAIT_REROLL = "reroll"
AWAIT_CHOOSE = "choose"
AWAIT_HOT_POTATO = "hot_potato"
AWAIT_BONUS_MATCH = "bonus_match"
AWAIT_KINDS: tuple[str, ...] = (AWAIT_DRAFT, PLAY, JOYRIDE, SWAP_MEET, ROLL, AWAIT_REROLL,
                                AWAIT_CHOOSE, BUY, AWAIT_HOT_POTATO, AWAIT_BONUS_MATCH)
AwaitKind = Literal[AWAIT_KINDS]  # type: ignore[valid-type]

# --- cards in general ----------------------------------------------------------------------


def is_dice_card(card: str) -> bool:
    return card in FACES


def _stack(card: str) -> str:
    return CANT_TOUCH_THIS if card.startswith(CANT_TOUCH_THIS + "_") else card


def _cost(card: str) -> int:
    return DICE_COST[card] if card in DICE_COST else ACTION_CARDS[_stack(card)].cost


def _units(card: str) -> int:
    return 0 if is_dice_card(card) else ACTION_CARDS[_stack(card)].units


_NAMES = (*CARD_NAMES, CANT_TOUCH_THIS)
# Every card's (and stack's) stack, cost and Action Units, read from the tables above
# once: the rules ask them for every card of every hand and supply listed.
STACK: dict[str, str] = {name: _stack(name) for name in _NAMES}
COST: dict[str, int] = {name: _cost(name) for name in _NAMES}
UNITS: dict[str, int] = {name: _units(name) for name in _NAMES}


def stack_of(card: str) -> str:
    """The supply stack a card belongs to (Can't Touch This versions share one stack)."""
    return STACK[card]


def ctt_colour(card: str) -> str:
    return card[len(CANT_TOUCH_THIS) + 1:]


def cost(card: str) -> int:
    return COST[card]


def units(card: str) -> int:
    return UNITS[card]


def final_point_value(card: str) -> int:
    return FINAL_POINT_VALUE.get(card, 0)


CARDS: frozenset[str] = frozenset(CARD_NAMES)


def is_card(card: object) -> bool:
    return isinstance(card, str) and card in CARDS


def stack_cards(stack: str) -> tuple[str, ...]:
    """The seven cards of a supply stack."""
    return CTT_VERSIONS if stack == CANT_TOUCH_THIS else (stack,) * STACK_SIZE


def action_stack_order(names: tuple[str, ...]) -> tuple[str, ...]:
    """(Rulebook) Action Card stacks are laid out from low to high cost."""
    return tuple(sorted(names, key=lambda n: (ACTION_CARDS[n].cost, n)))


DICE_CARD_RANK: dict[str, int] = {colour: COLOURS.index(colour) for colour in FACES}
"""A Dice Card's place in `card_order`: its colour's in supply order."""


def card_order(card: str) -> tuple[int, str]:
    """A stable order of card names: Dice Cards by colour, then Action Cards by name."""
    return DICE_CARD_RANK.get(card, len(COLOURS)), card


CARD_RANK: dict[str, int] = {card: i for i, card in enumerate(sorted(CARD_NAMES, key=card_order))}
"""Each card's place in `card_order` as one number: the fold sorts every hand it changes."""


def mean_face(colour: str) -> float:
    return sum(FACES[colour]) / len(FACES[colour])

