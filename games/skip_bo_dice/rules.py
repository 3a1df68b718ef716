"""The rules of Skip-Bo Dice as small named functions of the state (no events, no dice)."""

from __future__ import annotations

import functools

from games.core.memo import remember_last
from games.core.outcome import Outcome, rank_by
from games.core.seats import next_seat, seats_from

from .data import (
    BUBBLES, COLLECTED, COMPLETION_REWARDS, CROSSED, PILES, PILES_TO_END, STAR_BUBBLES,
    STOCKPILE, STOCKPILE_BOXES, Face, is_number,
)
from .state import Board, State

# --- the board ---------------------------------------------------------------------------

def pile_index(pile: str) -> int:
    return PILES.index(pile)


def next_bubble(board: Board, pile: int) -> int | None:
    """The number of the next bubble to fill in that pile, None when it is complete."""
    filled = len(board.piles[pile])
    return filled + 1 if filled < BUBBLES else None


def open_bubbles(board: Board) -> list[int]:
    """The next bubble of every pile that is not complete (`next_bubble` of each)."""
    return [len(filled) + 1 for filled in board.piles if len(filled) < BUBBLES]


def star_mark(bubble: int, mark: Face) -> str | None:
    """A number collects the star over its bubble; a Skip-Bo crosses it out."""
    if bubble not in STAR_BUBBLES:
        return None
    return COLLECTED if is_number(mark) else CROSSED


def top_box(board: Board, stockpile: int) -> int | None:
    """The index of the topmost unused box of a Stockpile (None if all used or empty)."""
    boxes = board.stockpiles[stockpile]
    for index in range(len(boxes) - 1, -1, -1):
        if not boxes[index].used:
            return index
    return None


def stockpile_full(board: Board, stockpile: int) -> bool:
    return len(board.stockpiles[stockpile]) >= STOCKPILE_BOXES


def earns_skip_bo_reward(box: int) -> bool:
    """Writing the last box of a Stockpile earns a Skip-Bo Reward."""
    return box + 1 == STOCKPILE_BOXES


# --- the turn ----------------------------------------------------------------------------

def unused_dice(state: State) -> tuple[int, ...]:
    """The active player's dice not set aside; the Bonus Die is never set aside."""
    return _unused(state.used)


# One answer for each of the (at most 2 ** 6 + 1) ways of the dice being used: the fill
# step's legal actions ask it two or three times a list, and the list cost 1.5 us.
@functools.lru_cache(maxsize=128)
def _unused(used: tuple[bool, ...]) -> tuple[int, ...]:
    return tuple(i for i, die_used in enumerate(used) if not die_used)


def bonus_value_index(state: State) -> int:
    """The index in `shown` of the value the Bonus Die shows now."""
    return len(state.shown) - 1


def in_play(state: State, seat: int) -> bool:
    """A seat that resigned plays no more (RULINGS, Resigning)."""
    return seat not in state.resigned


def last_player_standing(state: State) -> bool:
    """The game ends when resignations leave one player (or, alone at the table, none)."""
    return len(state.in_play) < min(2, state.players)


def stockpile_choosers(state: State, seat: int) -> list[int]:
    """Who chooses in the stockpile step: every player still in play, the active one
    first and then to the left, except those whose Stockpiles are all full."""
    return [s for s in seats_from(seat, state.players)
            if in_play(state, s) and not state.boards[s].all_stockpiles_full]


def claimable(state: State, seat: int) -> bool:
    """`seat` (not the active player, still in play) could claim a value shown this turn
    now: one it has not claimed is the next bubble of one of its piles."""
    if seat == state.active or not in_play(state, seat):
        return False
    claimed = state.claimed[seat]
    unclaimed = {value for index, value in enumerate(state.shown) if index not in claimed}
    return not unclaimed.isdisjoint(open_bubbles(state.boards[seat]))


# Remembered for the state asked last (games/core/memo.py): a stockpile-step state is
# asked by `awaiting`, by legal_actions (who may pass) and, when decide's events fold to
# it, by decide (is the step over?); remembered, the engines benchmark at four players
# asks `claimable` a quarter less often.
@remember_last
def claim_waiters(state: State) -> tuple[int, ...]:
    """With the claim window "awaited", the seats awaited for their claims in the
    stockpile step: every other seat that can still claim and has not passed, to the
    left of the active player. Always none with the "open" window."""
    if not state.claims_awaited or state.phase != STOCKPILE:
        return ()
    return tuple([s for s in seats_from(state.active, state.players)
                  if s not in state.passed and claimable(state, s)])


def stockpile_step_over(state: State) -> bool:
    """Every chooser has chosen and (window "awaited") nobody is awaited for claims."""
    return not state.choosers and not claim_waiters(state)


def next_active(state: State) -> int | None:
    """Who rolls next: the seat to the left still in play, or the next final turn; None:
    the game ends."""
    if state.final_turns == ():
        return None
    if state.final_turns is not None:
        return state.final_turns[0]
    return next_seat(state.active, state.players, state.in_play)


# --- completions and the end -------------------------------------------------------------

def bonus_moment(turn: int, value_index: int) -> str:
    """Fills with the same Bonus Die value happen at the same moment."""
    return f"bonus:{turn}:{value_index}"


def action_moment(fills: int) -> str:
    """Any other fill is a moment of its own."""
    return f"fill:{fills}"


def completion_place(state: State, pile: int, moment: str) -> int:
    """The place (1-based) a completion at `moment` takes for that pile."""
    moments = state.moments[pile]
    return moments.index(moment) + 1 if moment in moments else len(moments) + 1


def completion_reward(place: int) -> int:
    return COMPLETION_REWARDS[place - 1] if place <= len(COMPLETION_REWARDS) else 0


def starts_last_round(state: State, seat: int) -> bool:
    """The first player to complete their third pile starts the last round (this
    completion, not yet folded, is counted)."""
    return state.last_round_by is None and state.boards[seat].piles_completed + 1 >= PILES_TO_END


def last_round_turns(state: State, trigger: int) -> list[int]:
    """After this turn every other player still in play takes one final turn, in order
    to the left."""
    return [s for s in seats_from((state.active + 1) % state.players, state.players)
            if s != trigger and in_play(state, s)]


# --- scoring -----------------------------------------------------------------------------

def stars_collected(board: Board) -> int:
    """One point per Point Star circled: the star bubble was filled with a number."""
    return sum(1 for pile in board.piles for bubble in STAR_BUBBLES
               if len(pile) >= bubble and is_number(pile[bubble - 1]))


def completion_points(board: Board) -> int:
    return sum(c.reward for c in board.completions if c is not None)


def unused_skip_bos_and_rerolls(board: Board) -> int:
    """Worth a point each, and the tie-break."""
    return board.rerolls_left + board.free_skip_bos + board.rewards_available


def score(board: Board) -> int:
    return stars_collected(board) + completion_points(board) + unused_skip_bos_and_rerolls(board)


def ranking(state: State) -> list[list[int]]:
    """Most points first; ties go to the most unused Skip-Bos and re-rolls, then share.
    Seats that resigned rank below every other, the later one to leave higher (RULINGS,
    Resigning)."""
    playing = state.in_play
    boards = [state.boards[s] for s in playing]
    groups = rank_by([(score(b), unused_skip_bos_and_rerolls(b)) for b in boards])
    return ([[playing[i] for i in group] for group in groups]
            + [[seat] for seat in reversed(state.resigned)])


def standings(state: State) -> Outcome:
    """Scores are every seat's, a resigned one's kept for the record. Alone at the
    table, a resignation wins nobody."""
    groups = ranking(state)
    return Outcome(winners=tuple(groups[0]) if state.in_play else (),
                   ranking=tuple(tuple(g) for g in groups),
                   scores={s: score(b) for s, b in enumerate(state.boards)})
