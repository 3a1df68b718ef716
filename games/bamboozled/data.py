"""The rulebook's data: table size, the action-card deck, the score ranks, the options,
phases and awaiting kinds."""

from __future__ import annotations

import functools

from games.core import Option

SLUG = "bamboozled"
NAME = "Bamboozled"
# (Ruling: "There is no limit" in the rulebook; a cap only keeps a table a screen can
# show, and 20 still deals every player a card from the 22-card kids deck.)
MIN_PLAYERS, MAX_PLAYERS = 2, 20
# (Ruling: "just add to the number of strikes"; the cap keeps a strike count a screen
# can show as marks.)
MIN_STRIKES, MAX_STRIKES = 3, 20

# The deck of action cards (Ruling: Reverse x4, the rulebook gives no count).
CARD_COUNTS: tuple[tuple[str, int], ...] = (
    ("jackpot", 1),
    ("double", 2),
    ("up_down", 3),
    ("fresh_start", 4),
    ("my_bad", 4),
    ("skip", 4),
    ("reverse", 4),
    ("revive", 4),
)
CARD_NAMES: tuple[str, ...] = tuple(name for name, _ in CARD_COUNTS)
CARD_ORDER: dict[str, int] = {name: i for i, name in enumerate(CARD_NAMES)}

# Played secretly with a declaration, after the roll.
AFTER_ROLL: tuple[str, ...] = ("jackpot", "double", "up_down")
# Played by the responder (or, with the kids rules, the next roller) before rolling.
BEFORE_ROLL: tuple[str, ...] = ("fresh_start", "my_bad", "skip", "reverse")
KIDS_BEFORE_ROLL: tuple[str, ...] = ("fresh_start", "skip", "reverse")
# The simplified rules for kids remove the My Bad cards from the deck.
REMOVED_FOR_KIDS: tuple[str, ...] = ("my_bad",)

DIRECTIONS: tuple[str, ...] = ("up", "down")
DIE_SIDES = 6
JACKPOT = 21
NO_SCORE = 0


@functools.cache  # two decks (kids or not), built at every setup and first deal
def full_deck(kids: bool) -> tuple[str, ...]:
    """Every action card of the game, in canonical order."""
    return tuple(
        name
        for name, count in CARD_COUNTS
        for _ in range(count)
        if not (kids and name in REMOVED_FOR_KIDS)
    )


def in_canonical_order(cards: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    return tuple(sorted(cards, key=CARD_ORDER.__getitem__))


def rank(score: int) -> int:
    """Non-matching scores by number (12..65) < doubles 11..66 < Jackpot 21; 0 = no score."""
    known = RANKS.get(score)
    return rank_of(score) if known is None else known


def rank_of(score: int) -> int:
    """`rank`, worked out (RANKS holds it for every score and no score)."""
    if score == NO_SCORE:
        return 0
    if score == JACKPOT:
        return 300
    high, low = divmod(score, 10)
    if high == low:
        return 200 + high
    return score


# Every score two dice can be declared as, lowest rank first (36 readings).
SCORES: tuple[int, ...] = tuple(
    sorted((10 * a + b for a in range(1, 7) for b in range(1, 7)), key=rank_of)
)
# Each score's rank (and no score's), looked up on every declaration and legal list.
RANKS: dict[int, int] = {score: rank_of(score) for score in (NO_SCORE, *SCORES)}


# Keyed on a pair of dice: 36 pairs (any other pair a bot asks about is kept as well);
# asked on every declaration, call and card play, a hit costs a fiftieth of the sort.
@functools.lru_cache(maxsize=64)
def readings(dice: tuple[int, int]) -> tuple[int, ...]:
    """The scores a pair of dice may be read as: both orders (34 or 43)."""
    a, b = dice
    return tuple(sorted({10 * a + b, 10 * b + a}, key=rank))


OPTIONS: tuple[Option, ...] = (
    Option(
        "strikes", 3, {"type": "integer", "minimum": MIN_STRIKES, "maximum": MAX_STRIKES},
        "Strikes that put a player out (the 'More strikes' variant raises it).",
    ),
    Option(
        "hand_limit", 2,
        {"anyOf": [{"type": "integer", "minimum": 1}, {"type": "null"}]},
        "Most action cards a player may hold; null is the 'No limits' variant.",
    ),
    Option(
        "kids", False, {"type": "boolean"},
        "Simplified rules for kids: open rolls, must strictly beat, no bluffing, no My Bad.",
    ),
)

# Phases of the state ("setup" only until the first roll of the setup).
SETUP = "setup"
DECLARE = "declare"
RESPOND = "respond"
ROLL = "roll"
DISCARD = "discard"
OVER = "over"

# Awaiting kinds: the roller declares, the responder responds, (kids) the next roller
# rolls, a player over the hand limit discards.
AWAIT_DECLARE = DECLARE
AWAIT_RESPOND = RESPOND
AWAIT_ROLL = ROLL
AWAIT_DISCARD = DISCARD
