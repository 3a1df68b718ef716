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
    card_order,
    stack_of,
    units,
)
from .state import State, active_turn, coloured, in_play, opponents, units_left, without

LOAN = ACTION_CARDS["loan_shark"]
LOAN_AMOUNTS = range(LOAN.param("min"), LOAN.param("max") + 1)


def distinct(cards: tuple[str, ...] | list[str]) -> list[str]:
    return sorted(set(cards), key=card_order)


# --- may this card be played now? ----------------------------------------------------------

def play_problem(game: State, seat: int, card: str) -> IllegalAction | None:
    """Why `card` cannot be played now (its parameters aside), or None."""
    turn, player = active_turn(game), game.seats[seat]
    if card not in player.hand:
        return IllegalAction("card_not_in_hand", f"{card} is not in your hand")
    if units(card) > units_left(turn):
        return IllegalAction("not_enough_action_units",
                             f"{card} needs {units(card)} Action Units; {units_left(turn)} left")
    for group in EXCLUSIVE:
        if stack_of(card) in group and any(in_play(player, o) for o in group - {stack_of(card)}):
            return IllegalAction("point_pro_with_straight_cash",
                                 "Point Pro and Straight Cash may not be played in the same turn")
    if card == "mimic" and not coloured(player):
        return IllegalAction("mimic_needs_dice_card", "Mimic copies a Dice Card you have in play")
    if card == "yard_sale" and len(player.hand) < 2:
        return IllegalAction("nothing_to_sell", "Yard Sale returns another card from your hand")
    return None


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
    reds = sum(1 for p in coloured(game.seats[turn.seat]) if p.colour == "red")
    return reds // RED_CARDS_PER_DRAW - turn.red_draws


def red_draw_problem(game: State) -> IllegalAction | None:
    """Why Red may not draw now, or None. (Issue #16) With the draw and discard piles
    both empty there is nothing to draw: the draw would change nothing."""
    if red_draws_left(game) <= 0:
        return IllegalAction("no_red_draw", "Red draws one card for every two Red Dice Cards")
    player = game.seats[active_turn(game).seat]
    if not player.draw_size and not player.discard:
        return IllegalAction("nothing_to_draw", "the draw and discard piles are both empty")
    return None
