"""The immutable state of a Skip-Bo Dice game: the table and every player's board."""

from __future__ import annotations

from games.core.frozen import frozen_record

from .data import FILL, FREE_SKIP_BOS, PILES, REROLLS, STOCKPILE_BOXES, STOCKPILES, Face


@frozen_record
class Box:
    """One written Stockpile box; `used` when its number was crossed out."""

    value: Face
    used: bool = False


@frozen_record
class Completion:
    """A completed Build Pile: the place of its moment (1, 2, ...) and the reward circled."""

    place: int
    reward: int


@frozen_record
class Board:
    """One player's board."""

    piles: tuple[tuple[Face, ...], ...] = ((),) * len(PILES)
    completions: tuple[Completion | None, ...] = (None,) * len(PILES)
    stockpiles: tuple[tuple[Box, ...], ...] = ((),) * STOCKPILES
    free_skip_bos: int = FREE_SKIP_BOS
    rewards_earned: int = 0
    rewards_used: int = 0
    rerolls_left: int = REROLLS

    @property
    def rewards_available(self) -> int:
        return self.rewards_earned - self.rewards_used

    @property
    def piles_completed(self) -> int:
        return sum(1 for c in self.completions if c is not None)

    @property
    def all_stockpiles_full(self) -> bool:
        return all(len(s) >= STOCKPILE_BOXES for s in self.stockpiles)


@frozen_record
class State:
    """The whole table.

    `dice` and `used` are the active player's six dice this turn; `shown` is every value
    the Bonus Die showed this turn, in order; `claimed[seat]` the indices of `shown` that
    seat has used; `choosers` the seats still to choose in the stockpile step; `moments`
    per pile, the completion moments in the order they first completed it.
    `claims_awaited`: the claim_window option is "awaited" (issue #16); `passed` the
    seats that passed their claims this turn; `resigned` the seats that resigned, in the
    order they left (RULINGS, Resigning).
    """

    players: int
    first_player: int
    boards: tuple[Board, ...]
    turn: int = 0
    active: int = 0
    phase: str = FILL
    dice: tuple[Face, ...] = ()
    used: tuple[bool, ...] = ()
    shown: tuple[int, ...] = ()
    claimed: tuple[tuple[int, ...], ...] = ()
    choosers: tuple[int, ...] = ()
    moments: tuple[tuple[str, ...], ...] = ((),) * len(PILES)
    fills: int = 0
    last_round_by: int | None = None
    final_turns: tuple[int, ...] | None = None
    claims_awaited: bool = False
    passed: tuple[int, ...] = ()
    resigned: tuple[int, ...] = ()

    @property
    def in_play(self) -> tuple[int, ...]:
        """The seats still playing: every seat but those that resigned, in the order
        they left (`resigned`)."""
        return tuple(s for s in range(self.players) if s not in self.resigned)
