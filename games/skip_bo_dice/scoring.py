"""Scoring and the tie-break."""

from __future__ import annotations

from typing import Any

from games.core.outcome import rank_by

from .data import STAR_BUBBLES, is_number
from .state import OVER, Board, Game


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


def ranking(game: Game) -> list[list[int]]:
    """Most points first; ties go to the most unused Skip-Bos and re-rolls, then share."""
    return rank_by([(score(b), unused_skip_bos_and_rerolls(b)) for b in game.boards])


def results(game: Game) -> dict[str, Any]:
    groups = ranking(game)
    return {
        "winners": groups[0],
        "ranking": groups,
        "scores": {str(s): score(b) for s, b in enumerate(game.boards)},
    }


def outcome(game: Game) -> dict[str, Any] | None:
    return results(game) if game.phase == OVER else None
