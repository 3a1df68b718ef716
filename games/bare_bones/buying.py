"""Buying: any card of the supply the coins pay for, at most one copy of each card (one
card of each stack) a turn."""

from __future__ import annotations

from collections.abc import Iterator

from games.core import IllegalAction

from .actions import Buy
from .data import cost, stack_of
from .state import BUY, State, active_turn, supply_count

BUY_REFUSED: dict[str, str] = {
    "stack_empty": "the supply holds no {card}",
    "already_bought": "at most one copy of each card a turn",
    "not_enough_coins": "{card} costs {cost}, you have {coins}",
}
"""Why a card may not be bought: the IllegalAction code and its message."""


def buy_refusal(game: State, card: str) -> str | None:
    """Why `card` may not be bought now (a code of BUY_REFUSED), or None."""
    turn = active_turn(game)
    if supply_count(game, card) <= 0:
        return "stack_empty"
    if stack_of(card) in turn.bought:
        return "already_bought"
    if cost(card) > turn.coins:
        return "not_enough_coins"
    return None


def buy_problem(game: State, card: str) -> IllegalAction | None:
    code = buy_refusal(game, card)
    if code is None:
        return None
    message = BUY_REFUSED[code].format(card=card, cost=cost(card), coins=active_turn(game).coins)
    return IllegalAction(code, message)


def buy_actions(game: State) -> list[Buy]:
    turn = game.turn
    if turn is None or turn.step != BUY:
        return []
    return [Buy(card=card) for card in buyable(game)]


def buyable(game: State) -> Iterator[str]:
    """The supply's cards that may be bought now, in supply order."""
    return (card for card, n in game.supply if n > 0 and buy_refusal(game, card) is None)


def buy_open(game: State) -> bool:
    """Something is affordable (`buy_actions` lists it): buying awaits the player (else it
    ends by itself)."""
    turn = game.turn
    return turn is not None and turn.step == BUY and any(True for _ in buyable(game))
