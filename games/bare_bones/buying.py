"""Buying: any card of the supply the coins pay for, at most one copy of each card (one
card of each stack) a turn."""

from __future__ import annotations

from collections.abc import Iterator

from games.core import IllegalAction
from games.core.memo import remember_last

from .actions import Buy
from .data import CARD_NAMES, COST, STACK
from .state import BUY, State, active_turn

BUY_REFUSED: dict[str, str] = {
    "stack_empty": "the supply holds no {card}",
    "already_bought": "at most one copy of each card a turn",
    "not_enough_coins": "{card} costs {cost}, you have {coins}",
}
"""Why a card may not be bought: the IllegalAction code and its message."""

BUYS: dict[str, Buy] = {card: Buy(card=card) for card in CARD_NAMES}
"""Each card's purchase, built once (the buys are listed at every step of buying)."""


def refusals(game: State) -> Iterator[tuple[str, str | None]]:
    """Each card of the supply, in supply order, with why it may not be bought now (a
    code of BUY_REFUSED) or None."""
    turn = active_turn(game)
    bought, coins = turn.bought, turn.coins
    for card, count in game.supply:
        if count <= 0:
            yield card, "stack_empty"
        elif STACK[card] in bought:
            yield card, "already_bought"
        elif COST[card] > coins:
            yield card, "not_enough_coins"
        else:
            yield card, None


def buy_refusal(game: State, card: str) -> str | None:
    """Why `card` may not be bought now (a code of BUY_REFUSED), or None."""
    return next((code for supplied, code in refusals(game) if supplied == card), "stack_empty")


def buy_problem(game: State, card: str) -> IllegalAction | None:
    code = buy_refusal(game, card)
    if code is None:
        return None
    message = BUY_REFUSED[code].format(card=card, cost=COST[card], coins=active_turn(game).coins)
    return IllegalAction(code, message)


def buy_actions(game: State) -> list[Buy]:
    turn = game.turn
    if turn is None or turn.step != BUY:
        return []
    return [BUYS[card] for card in buyable(game)]


# Asked about the state a decision ends in by `advance` and again by the next step's
# legal_actions and guards: remembered for the state asked last (games/core/memo.py).
@remember_last
def buyable(game: State) -> tuple[str, ...]:
    """The supply's cards that may be bought now, in supply order."""
    return tuple(card for card, code in refusals(game) if code is None)


def buy_open(game: State) -> bool:
    """Something is affordable (`buy_actions` lists it): buying awaits the player (else it
    ends by itself)."""
    turn = game.turn
    return turn is not None and turn.step == BUY and bool(buyable(game))
