"""Fill sources: what a fill may take (dice, Stockpiles, Skip-Bos, claimed Bonus Die
values) and what it writes.

Whether a source offers something now (`unused_dice`, `top_box`, `free_skip_bo_left`,
`reward_left`) and whether what it offers fits a bubble (`fits`) are each said once:
decide's checks (`take`, which raises IllegalAction with a rule-named code) and
legal_actions' list (`offered`) both read them, so what it lists and what decide
accepts cannot drift apart.
"""

from __future__ import annotations

from typing import Callable

from games.core import IllegalAction

from .actions import FillSource
from .data import BONUS, BUBBLES, DICE, PILES, SKIP_BO, STOCKPILES, Face
from .events import Source
from .rules import next_bubble, top_box, unused_dice
from .state import Board, State

DIE_SOURCES: tuple[FillSource, ...] = tuple(FillSource(kind="die", die=d) for d in range(len(DICE)))
STOCKPILE_SOURCES: tuple[FillSource, ...] = tuple(
    FillSource(kind="stockpile", stockpile=k) for k in range(STOCKPILES))
FREE_SKIP_BO = FillSource(kind="free_skip_bo")
REWARD_SKIP_BO = FillSource(kind="reward_skip_bo")
FILL_SOURCES: tuple[FillSource, ...] = (*DIE_SOURCES, *STOCKPILE_SOURCES, FREE_SKIP_BO,
                                        REWARD_SKIP_BO)
"""Every fill source there is, built (and checked) once, in the order legal_actions lists
them: dice, Stockpiles, the free Skip-Bo, a Skip-Bo Reward."""
FIRST_STOCKPILE = len(DIE_SOURCES)
FREE_SKIP_BO_INDEX = FILL_SOURCES.index(FREE_SKIP_BO)
REWARD_SKIP_BO_INDEX = FILL_SOURCES.index(REWARD_SKIP_BO)


def require_open_pile(board: Board, pile: int) -> int:
    bubble = next_bubble(board, pile)
    if bubble is None:
        raise IllegalAction("pile_complete", f"Build Pile {PILES[pile]} is complete")
    return bubble


def fits(face: Face, bubble: int) -> bool:
    """A Skip-Bo fits any bubble; a number only the bubble of that number."""
    return face == SKIP_BO or face == bubble


FITTING: dict[Face, frozenset[int]] = {
    face: frozenset(b for b in range(1, BUBBLES + 1) if fits(face, b))
    for face in (*range(1, BUBBLES + 1), SKIP_BO)}
"""The bubbles each face or mark `fits`, tabled once: legal_actions asks it of every
source offered for every open pile (up to 48 times a list)."""


def written_mark(face: Face, bubble: int) -> Face:
    """A Skip-Bo writes SB into the next bubble; a number must be that bubble's number."""
    if not fits(face, bubble):
        raise IllegalAction("number_does_not_fit",
                            f"bubbles are filled in order: the next one is {bubble}, not {face}")
    return SKIP_BO if face == SKIP_BO else bubble


def free_skip_bo_left(board: Board) -> bool:
    return board.free_skip_bos > 0


def reward_left(board: Board) -> bool:
    return board.rewards_available > 0


def require_unused_die(state: State, die: int) -> None:
    if not 0 <= die < len(DICE):
        raise IllegalAction("no_such_die", f"dice are numbered 0..{len(DICE) - 1}")
    if state.used[die]:
        raise IllegalAction("die_already_used", f"die {die} was used this turn")


def require_stockpile_index(stockpile: int) -> None:
    if not 0 <= stockpile < STOCKPILES:
        raise IllegalAction("no_such_stockpile", f"Stockpiles are numbered 0..{STOCKPILES - 1}")


Taken = tuple[Face, Source]
"""The mark a source writes into a bubble, and the source as the event records it."""


def from_die(state: State, board: Board, source: FillSource, bubble: int) -> Taken:
    die = source.die
    assert die is not None
    require_unused_die(state, die)
    return written_mark(state.dice[die], bubble), Source(kind="die", die=die)


def from_stockpile(state: State, board: Board, source: FillSource, bubble: int) -> Taken:
    stockpile = source.stockpile
    assert stockpile is not None
    require_stockpile_index(stockpile)
    box = top_box(board, stockpile)
    if box is None:
        raise IllegalAction("stockpile_empty", f"Stockpile {stockpile} has no unused number")
    mark = written_mark(board.stockpiles[stockpile][box].value, bubble)
    return mark, Source(kind="stockpile", stockpile=stockpile, box=box)


def from_free_skip_bo(state: State, board: Board, source: FillSource, bubble: int) -> Taken:
    if not free_skip_bo_left(board):
        raise IllegalAction("free_skip_bo_used", "the free Skip-Bo was already used")
    return SKIP_BO, Source(kind="free_skip_bo")


def from_reward_skip_bo(state: State, board: Board, source: FillSource, bubble: int) -> Taken:
    if not reward_left(board):
        raise IllegalAction("no_skip_bo_reward", "no earned Skip-Bo Reward is left to use")
    return SKIP_BO, Source(kind="reward_skip_bo")


SOURCES: dict[str, Callable[[State, Board, FillSource, int], Taken]] = {
    "die": from_die,
    "stockpile": from_stockpile,
    "free_skip_bo": from_free_skip_bo,
    "reward_skip_bo": from_reward_skip_bo,
}


def take(state: State, board: Board, source: FillSource, bubble: int) -> Taken:
    """The mark `source` writes into `bubble`, or IllegalAction when it cannot."""
    return SOURCES[source.kind](state, board, source, bubble)


def offered(state: State, board: Board) -> list[tuple[int, Face]]:
    """Every source `take` accepts now (its index in FILL_SOURCES), with the face it
    offers (fitting some bubble or not), in the order of FILL_SOURCES. The active
    player's dice are offered to whoever fills (the fill step is theirs alone)."""
    dice = state.dice
    out = [(d, dice[d]) for d in unused_dice(state)]
    for k, boxes in enumerate(board.stockpiles):
        box = top_box(board, k)
        if box is not None:
            out.append((FIRST_STOCKPILE + k, boxes[box].value))
    if free_skip_bo_left(board):
        out.append((FREE_SKIP_BO_INDEX, SKIP_BO))
    if reward_left(board):
        out.append((REWARD_SKIP_BO_INDEX, SKIP_BO))
    return out


def uses_bonus_die(source: FillSource) -> bool:
    return source.kind == "die" and source.die == BONUS
