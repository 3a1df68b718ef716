"""The rules of card playing as small named functions of the state (no events, no dice).

The other rules live in modules named after them: which dice may be rolled (`pool.py`),
re-rolls (`rerolls.py`), doubling (`doubling.py`), scoring (`scoring.py`), buying
(`buying.py`); what each card does when played is `effects.py`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core import IllegalAction

from .data import (
    ACTION_CARDS,
    COLOURS,
    EXCLUSIVE,
    RED_CARDS_PER_DRAW,
    STACK,
    UNITS,
)
from .state import State, active_turn, coloured, opponents, units_left, without

LOAN = ACTION_CARDS["loan_shark"]
LOAN_AMOUNTS = range(LOAN.param("min"), LOAN.param("max") + 1)
EXCLUDED_BY: dict[str, frozenset[str]] = {
    stack: frozenset().union(*(group - {stack} for group in EXCLUSIVE if stack in group))
    for stack in set(STACK.values())}
"""The stacks a stack may not be played with in a turn (EXCLUSIVE, read once per card)."""


def distinct(cards: tuple[str, ...] | list[str]) -> list[str]:
    """The distinct cards of a hand or part of one, in card order (a hand is kept in card
    order: state.Seat)."""
    return list(dict.fromkeys(cards))


# --- may this card be played now? ----------------------------------------------------------

PLAY_REFUSED: dict[str, str] = {
    "card_not_in_hand": "{card} is not in your hand",
    "not_enough_action_units": "{card} needs {units} Action Units; {left} left",
    "point_pro_with_straight_cash": "Point Pro and Straight Cash may not be played in the same "
                                    "turn",
    "mimic_needs_dice_card": "Mimic copies a Dice Card you have in play",
    "nothing_to_sell": "Yard Sale returns another card from your hand",
}
"""Why a card may not be played now: the IllegalAction code and its message."""


def play_refusal(game: State, seat: int, card: str) -> str | None:
    """Why `card` cannot be played now (its parameters aside): a code of PLAY_REFUSED,
    or None."""
    player = game.seats[seat]
    if card not in player.hand:
        return "card_not_in_hand"
    if UNITS[card] > units_left(active_turn(game)):
        return "not_enough_action_units"
    excluded = EXCLUDED_BY[STACK[card]]
    if excluded and any(p.card in excluded for p in player.play):
        return "point_pro_with_straight_cash"
    if card == "mimic" and not coloured(player):
        return "mimic_needs_dice_card"
    if card == "yard_sale" and len(player.hand) < 2:
        return "nothing_to_sell"
    return None


def play_problem(game: State, seat: int, card: str) -> IllegalAction | None:
    """Why `card` cannot be played now (its parameters aside), or None."""
    code = play_refusal(game, seat, card)
    if code is None:
        return None
    message = PLAY_REFUSED[code].format(card=card, units=UNITS[card],
                                        left=units_left(active_turn(game)))
    return IllegalAction(code, message)


def mimic_colours(game: State, seat: int) -> list[str]:
    """Mimic copies the colour of a Dice Card in play."""
    return [c for c in COLOURS if any(p.colour == c for p in coloured(game.seats[seat]))]


def yard_sale_returns(game: State, seat: int) -> list[str]:
    """Yard Sale returns another card of the hand."""
    return distinct(without(game.seats[seat].hand, "yard_sale"))


def joyride_targets(game: State, seat: int) -> list[int]:
    """Joyride targets another seat still in play, in seat order from the player's left."""
    return opponents(game, seat)


def check_params(game: State, seat: int, card: str, params: Mapping[str, Any]) -> None:
    """The extra field of Mimic, Yard Sale, Joyride and Loan Shark."""
    if card == "mimic" and params["copy"] not in mimic_colours(game, seat):
        raise IllegalAction("not_in_play", "Mimic copies the colour of a Dice Card in play")
    if card == "yard_sale" and params["returned"] not in yard_sale_returns(game, seat):
        raise IllegalAction("card_not_in_hand", "the returned card must be in your hand")
    if card == "joyride" and params["target"] not in joyride_targets(game, seat):
        raise IllegalAction("no_such_opponent", "Joyride targets another seat at the table")
    if card == "loan_shark" and params["amount"] not in LOAN_AMOUNTS:
        raise IllegalAction("loan_out_of_range",
                            f"a loan is {LOAN.param('min')} to {LOAN.param('max')} coins")


# --- Red's draw ------------------------------------------------------------------------------

def red_draws_left(game: State) -> int:
    """Red: one card for every two Red Dice Cards played (Mimics and borrowed cards count)."""
    turn = active_turn(game)
    reds = sum(1 for p in game.seats[turn.seat].play if p.colour == "red")
    return reds // RED_CARDS_PER_DRAW - turn.red_draws


RED_DRAW_REFUSED: dict[str, str] = {
    "no_red_draw": "Red draws one card for every two Red Dice Cards",
    "nothing_to_draw": "the draw and discard piles are both empty",
}
"""Why Red may not draw now: the IllegalAction code and its message."""


def red_draw_refusal(game: State) -> str | None:
    """Why Red may not draw now (a code of RED_DRAW_REFUSED), or None. (Issue #16) With
    the draw and discard piles both empty there is nothing to draw: the draw would change
    nothing."""
    if red_draws_left(game) <= 0:
        return "no_red_draw"
    player = game.seats[active_turn(game).seat]
    if not player.draw_size and not player.discard:
        return "nothing_to_draw"
    return None


def red_draw_problem(game: State) -> IllegalAction | None:
    code = red_draw_refusal(game)
    return None if code is None else IllegalAction(code, RED_DRAW_REFUSED[code])
