"""Who is awaited, what each seat may post now, and what the clock posts for them.

Every item is concrete except the re-roll, listed once as a choice of a subset of the
unused dice (the concrete list would have up to 63 items)."""

from __future__ import annotations

import functools

from games.core import IllegalAction
from games.core.legal import Choice, Subset
from games.core.messages import GameAction

from .actions import (
    ClaimBonus, Done, Fill, PassClaim, Reroll, Resign, WriteStockpile,
)
from .data import (
    AWAIT_CLAIM, AWAIT_FILL, AWAIT_STOCKPILE, DICE, FILL, OVER, PILES, STOCKPILE, STOCKPILES,
)
from .rules import claim_waiters, in_play, next_bubble, stockpile_full, unused_dice
from .sources import FILL_SOURCES, FITTING, offered
from .state import State

Item = GameAction | Choice


# What a seat awaited for each kind may post (games.core.rules.typed_decider checks it),
# and the claims any seat may post awaited or not: the claim window checks them; any
# seat still in play may resign, in or out of turn (RULINGS, Resigning).
AWAITS: dict[str, tuple[type[GameAction], ...]] = {
    AWAIT_FILL: (Fill, Reroll, Done),
    AWAIT_STOCKPILE: (WriteStockpile,),
    AWAIT_CLAIM: (),
}
OUT_OF_TURN: tuple[type[GameAction], ...] = (ClaimBonus, PassClaim, Resign)


def awaiting(state: State) -> dict[int, str]:
    if state.phase == OVER:
        return {}
    if state.phase == FILL:
        return {state.active: AWAIT_FILL} if in_play(state, state.active) else {}
    waiting = {seat: AWAIT_STOCKPILE for seat in state.choosers}
    for seat in claim_waiters(state):  # window "awaited": who can still claim
        waiting.setdefault(seat, AWAIT_CLAIM)
    return waiting


FILLS: tuple[tuple[Fill, ...], ...] = tuple(
    tuple(Fill(pile=name, source=source) for source in FILL_SOURCES)  # type: ignore[arg-type]
    for name in PILES)
"""Every fill there is, by pile and index in FILL_SOURCES (built once)."""
DONE, RESIGN = Done(), Resign()


def fill_actions(state: State, seat: int) -> list[Item]:
    """Every fitting source for every open pile (at most 4 x 12)."""
    board, actions = state.boards[seat], []
    sources = [(index, FITTING[face]) for index, face in offered(state, board)]
    for pile, fills in enumerate(FILLS):
        bubble = next_bubble(board, pile)
        if bubble is not None:
            actions += [fills[index] for index, bubbles in sources if bubble in bubbles]
    return actions


def reroll_choices(state: State, seat: int) -> list[Item]:
    """Any non-empty subset of the unused dice (the Bonus Die is always one)."""
    if state.boards[seat].rerolls_left <= 0:
        return []
    return [reroll_choice(unused_dice(state))]


@functools.cache  # bounded: the sets of the six dice (64)
def reroll_choice(dice: tuple[int, ...]) -> Choice:
    """The re-roll of any non-empty subset of `dice` (built once for each set of dice)."""
    return Choice(Reroll, {}, {"dice": Subset(of=dice, min_size=1, max_size=len(dice))})


WRITES: tuple[tuple[WriteStockpile, ...], ...] = tuple(
    tuple(WriteStockpile(die=die, stockpile=k) for k in range(STOCKPILES))
    for die in range(len(DICE)))
"""Every stockpile choice there is, by die and Stockpile (built once)."""


def stockpile_actions(state: State, seat: int) -> list[Item]:
    """Every unused die into every Stockpile that is not full (at most 6 x 4)."""
    board = state.boards[seat]
    open_stockpiles = [k for k in range(STOCKPILES) if not stockpile_full(board, k)]
    return [WRITES[die][k] for die in unused_dice(state) for k in open_stockpiles]


def claim_actions(state: State, seat: int) -> list[Item]:
    """Every unclaimed value shown this turn, on every pile whose next bubble it is. A
    value is shown at most 8 times a turn (1 roll, 4 uses on the active player's piles,
    3 re-rolls), so with 4 piles waiting for it: at most 32 items."""
    board, claimed, actions = state.boards[seat], state.claimed[seat], []
    bubbles = [next_bubble(board, pile) for pile in range(len(PILES))]
    for index, value in enumerate(state.shown):
        if index in claimed or value not in bubbles:
            continue
        for bubble, name in zip(bubbles, PILES):
            if bubble == value:
                actions.append(ClaimBonus(turn=state.turn, value_index=index,
                                          pile=name))  # type: ignore[arg-type]
    return actions


def legal_actions(state: State, seat: int) -> list[Item]:
    """The seat's moves, then `resign` for every seat still in play."""
    if state.phase == OVER or not 0 <= seat < state.players or not in_play(state, seat):
        return []
    return [*moves(state, seat), RESIGN]


def moves(state: State, seat: int) -> list[Item]:
    actions: list[Item] = []
    if seat == state.active and state.phase == FILL:
        actions += [*fill_actions(state, seat), *reroll_choices(state, seat), DONE]
    if state.phase == STOCKPILE and seat in state.choosers:
        actions += stockpile_actions(state, seat)
    if seat != state.active:
        actions += claim_actions(state, seat)
        if can_pass(state, seat):
            actions.append(PassClaim(turn=state.turn))
    return actions


def can_pass(state: State, seat: int) -> bool:
    """Window "awaited", stockpile step: a seat awaited for its claims (one that can
    still claim and has not passed) may pass instead."""
    return seat in claim_waiters(state)


def timeout_action(state: State, seat: int) -> GameAction:
    """The active player is done; a stockpile choice takes the first unused die into the
    first Stockpile that is not full; a seat awaited for its claims passes."""
    if state.phase == FILL and seat == state.active:
        return Done()
    if state.phase == STOCKPILE and seat in state.choosers:
        board = state.boards[seat]
        stockpile = next(k for k in range(STOCKPILES) if not stockpile_full(board, k))
        return WriteStockpile(die=unused_dice(state)[0], stockpile=stockpile)
    if seat in claim_waiters(state):
        return PassClaim(turn=state.turn)
    raise IllegalAction("not_awaited", f"seat {seat} is not awaited")
