"""Buying: any card of the supply the coins pay for, at most one copy of each card (one
card of each stack) a turn."""

from __future__ import annotations

from games.core import IllegalAction

from .actions import Buy
from .data import cost, stack_of
from .state import BUY, State, active_turn, supply_count


def buy_problem(game: State, card: str) -> IllegalAction | None:
    turn = active_turn(game)
    if supply_count(game, card) <= 0:
        return IllegalAction("stack_empty", f"the supply holds no {card}")
    if stack_of(card) in turn.bought:
        return IllegalAction("already_bought", "at most one copy of each card a turn")
    if cost(card) > turn.coins:
        return IllegalAction("not_enough_coins", f"{card} costs {cost(card)}, you have {turn.coins}")
    return None


def buy_actions(game: State) -> list[Buy]:
    turn = game.turn
    if turn is None or turn.step != BUY:
        return []
    return [Buy(card=card) for card, n in game.supply
            if n > 0 and buy_problem(game, card) is None]


def buy_open(game: State) -> bool:
    """Something is affordable: buying awaits the player (else it ends by itself)."""
    return bool(buy_actions(game))
