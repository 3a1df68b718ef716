"""The immutable state of a Skip-Bo Dice game and small read-only questions about it."""

from __future__ import annotations

from dataclasses import dataclass

from .data import (
    BUBBLES, COMPLETION_REWARDS, FREE_SKIP_BOS, PILES, REROLLS, STOCKPILE_BOXES,
    STOCKPILES, Face,
)

FILL = "fill"
STOCKPILE = "stockpile"
OVER = "over"


@dataclass(frozen=True)
class Box:
    """One written Stockpile box; `used` when its number was crossed out."""

    value: Face
    used: bool = False


@dataclass(frozen=True)
class Completion:
    """A completed Build Pile: the place of its moment (1, 2, ...) and the reward circled."""

    place: int
    reward: int


@dataclass(frozen=True)
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


@dataclass(frozen=True)
class Game:
    """The whole table. `shown` is every Bonus Die value shown this turn, in order."""

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


def pile_index(pile: str) -> int:
    return PILES.index(pile)


def next_bubble(board: Board, pile: int) -> int | None:
    """The number of the next bubble to fill in that pile, None when it is complete."""
    filled = len(board.piles[pile])
    return filled + 1 if filled < BUBBLES else None


def top_box(board: Board, stockpile: int) -> int | None:
    """The index of the topmost unused box of a Stockpile (None if all used or empty)."""
    boxes = board.stockpiles[stockpile]
    for index in range(len(boxes) - 1, -1, -1):
        if not boxes[index].used:
            return index
    return None


def stockpile_full(board: Board, stockpile: int) -> bool:
    return len(board.stockpiles[stockpile]) >= STOCKPILE_BOXES


def unused_dice(game: Game) -> list[int]:
    """The active player's dice not set aside; the Bonus Die is never set aside."""
    return [i for i, used in enumerate(game.used) if not used]


def bonus_value_index(game: Game) -> int:
    """The index in `shown` of the value the Bonus Die shows now."""
    return len(game.shown) - 1


def bonus_moment(turn: int, value_index: int) -> str:
    """Fills with the same Bonus Die value happen at the same moment."""
    return f"bonus:{turn}:{value_index}"


def action_moment(fills: int) -> str:
    """Any other fill is a moment of its own."""
    return f"fill:{fills}"


def completion_place(game: Game, pile: int, moment: str) -> int:
    """The place (1-based) a completion at `moment` takes for that pile."""
    moments = game.moments[pile]
    return moments.index(moment) + 1 if moment in moments else len(moments) + 1


def completion_reward(place: int) -> int:
    return COMPLETION_REWARDS[place - 1] if place <= len(COMPLETION_REWARDS) else 0
