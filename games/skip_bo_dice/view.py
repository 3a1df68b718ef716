"""The table as a client sees it. Everything in Skip-Bo Dice is public."""

from __future__ import annotations

from typing import Any

from .data import BONUS, PILES, STAR_BUBBLES, ruleset
from .legal import awaiting
from .scoring import outcome, score, stars_collected, unused_skip_bos_and_rerolls
from .state import Board, Game, completion_reward, next_bubble, top_box


def pile_view(board: Board, pile: int) -> dict[str, Any]:
    marks = board.piles[pile]
    completion = board.completions[pile]
    stars = {}
    for bubble in STAR_BUBBLES:
        mark = marks[bubble - 1] if len(marks) >= bubble else None
        stars[str(bubble)] = None if mark is None else (
            "crossed" if isinstance(mark, str) else "collected")
    return {
        "marks": list(marks),
        "next_bubble": next_bubble(board, pile),
        "stars": stars,
        "completed": None if completion is None else {
            "place": completion.place, "reward": completion.reward},
    }


def board_view(game: Game, seat: int) -> dict[str, Any]:
    board = game.boards[seat]
    return {
        "seat": seat,
        "piles": {name: pile_view(board, i) for i, name in enumerate(PILES)},
        "stockpiles": [
            {"boxes": [{"value": b.value, "used": b.used} for b in boxes],
             "top": None if (t := top_box(board, k)) is None else boxes[t].value}
            for k, boxes in enumerate(board.stockpiles)
        ],
        "free_skip_bos": board.free_skip_bos,
        "skip_bo_rewards": {"earned": board.rewards_earned, "used": board.rewards_used,
                            "available": board.rewards_available},
        "rerolls_left": board.rerolls_left,
        "piles_completed": board.piles_completed,
        "stars_collected": stars_collected(board),
        "score": score(board),
        "unused_skip_bos_and_rerolls": unused_skip_bos_and_rerolls(board),
        "bonus_values_claimed": sorted(game.claimed[seat]),
    }


def completions_view(game: Game) -> dict[str, Any]:
    """Per pile: how many completion moments have passed and what the next one earns."""
    out = {}
    for pile, name in enumerate(PILES):
        moments = len(game.moments[pile])
        out[name] = {"moments": moments, "next_reward": completion_reward(moments + 1)}
    return out


def view(game: Game, viewer: int | None) -> dict[str, Any]:
    return {
        "players": game.players,
        "phase": game.phase,
        "seats": [board_view(game, seat) for seat in range(game.players)],
        "you": viewer,
        "turn": game.turn,
        "active": game.active,
        "awaiting": {str(s): k for s, k in awaiting(game).items()},
        "dice": [{"die": i, "kind": "bonus" if i == BONUS else "number", "face": face,
                  "used": game.used[i]} for i, face in enumerate(game.dice)],
        "bonus_values": [
            {"value_index": i, "value": v,
             "claimed_by": [s for s in range(game.players) if i in game.claimed[s]]}
            for i, v in enumerate(game.shown)
        ],
        "stockpile_choosers": list(game.choosers),
        "completions": completions_view(game),
        "last_round": None if game.last_round_by is None else {
            "started_by": game.last_round_by, "final_turns_left": list(game.final_turns or ())},
        "outcome": outcome(game),
        "ruleset": ruleset(),
    }
