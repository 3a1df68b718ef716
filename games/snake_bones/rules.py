"""The rules of Snake Bones as small named functions (no events, no dice)."""

from __future__ import annotations

from collections import Counter
from typing import Iterable, Sequence

from games.core.frozen import frozen_record
from games.core.outcome import Outcome
from games.core.seats import LEFT, RIGHT, next_seat

from .data import FACES, MIN_STAKE, RAISE_QUANTITY_OR_FACE, WILD_FACE
from .state import Bid, Payment, State


@frozen_record
class CallResult:
    count: int
    caller_right: bool
    losers: tuple[int, ...]
    payments: tuple[Payment, ...]


def stake_range(state: State, seat: int) -> range:
    """A stake is at least one coin and at most the coins the player holds."""
    return range(MIN_STAKE, state.coins[seat] + 1)


def bid_quantity_range(state: State) -> range:
    """A bid names at least one die and at most every die in play."""
    return range(1, state.dice_in_play + 1)


def is_raise(current: Bid | None, quantity: int, face: int, raise_rule: str) -> bool:
    """Any bid opens; after that a strictly higher quantity, or (quantity_or_face) the
    same quantity with a higher face."""
    if current is None:
        return True
    if quantity > current.quantity:
        return True
    return (raise_rule == RAISE_QUANTITY_OR_FACE and quantity == current.quantity
            and face > current.face)


def count_matching(all_dice: Sequence[int], face: int, ones_wild: bool) -> int:
    """The dice in play showing the face, plus ones when they are wild (face != 1)."""
    count = all_dice.count(face)
    if ones_wild and face != WILD_FACE:
        count += all_dice.count(WILD_FACE)
    return count


def dice_on_table(state: State) -> list[int]:
    """Every die of the seats still in, in seat order."""
    rolled = state.rolled
    return [die for seat in state.active for die in rolled[seat]]


def pays_stake(state: State, payer: int, payee: int) -> Payment:
    """The loser of a call pays their own stake (never more than they hold)."""
    return Payment(payer, payee, min(state.stakes[payer] or 0, state.coins[payer]))


def judge_bluff(state: State, caller: int) -> CallResult:
    """The bid stands when count >= quantity: the caller loses a die and pays the bidder.
    Otherwise the bidder loses a die and pays the caller."""
    bid = _bid(state)
    count = count_matching(dice_on_table(state), bid.face, state.ones_wild)
    if count >= bid.quantity:
        return CallResult(count, False, (caller,), (pays_stake(state, caller, bid.seat),))
    return CallResult(count, True, (bid.seat,), (pays_stake(state, bid.seat, caller),))


def judge_spot_on(state: State, caller: int) -> CallResult:
    """Exactly right: every other active player loses a die and pays the caller.
    Otherwise the caller loses a die and pays the bidder."""
    bid = _bid(state)
    count = count_matching(dice_on_table(state), bid.face, state.ones_wild)
    if count == bid.quantity:
        others = tuple(s for s in state.active if s != caller)
        return CallResult(count, True, others, tuple(pays_stake(state, s, caller) for s in others))
    return CallResult(count, False, (caller,), (pays_stake(state, caller, bid.seat),))


def is_out(state: State, seat: int) -> bool:
    """A player with no dice or no coins is out."""
    return state.dice_counts[seat] <= 0 or state.coins[seat] <= 0


def out_reason(state: State, seat: int) -> str:
    no_dice, no_coins = state.dice_counts[seat] <= 0, state.coins[seat] <= 0
    if no_dice and no_coins:
        return "no_dice_no_coins"
    return "no_dice" if no_dice else "no_coins"


def next_bidder(state: State, seat: int) -> int:
    """Bidding goes to the left: the next active seat."""
    return next_seat(seat, state.players, state.active, LEFT)


def next_opener(state: State) -> int:
    """The next round opens with the active player to the right of the last opener."""
    assert state.opener is not None
    return next_seat(state.opener, state.players, state.active, RIGHT)


def face_held_most(dice: Iterable[int]) -> int:
    """The face showing on most of these dice; the lowest such face on a tie."""
    counts = Counter(dice)
    return min(FACES, key=lambda face: (-counts[face], face))


def game_is_decided(state: State) -> bool:
    return len(state.active) <= 1


def standings(state: State) -> Outcome:
    """Winner: the last seat in. The others rank by how late they went out (same round:
    tied). Score: the number of seats that went out before this one."""
    waves: dict[int, list[int]] = {}
    for i, s in enumerate(state.seats):
        if s.out_round is not None:
            waves.setdefault(s.out_round, []).append(i)
    winners = tuple(state.active)
    ranking = (winners, *(tuple(waves[r]) for r in sorted(waves, reverse=True)))
    scores = {i: sum(len(seats) for r, seats in waves.items()
                     if s.out_round is None or r < s.out_round)
              for i, s in enumerate(state.seats)}
    return Outcome(winners=winners, ranking=ranking, scores=scores)


def _bid(state: State) -> Bid:
    assert state.bid is not None
    return state.bid
