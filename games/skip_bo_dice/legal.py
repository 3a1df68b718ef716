"""Who is awaited, what each seat may do now, and what a timeout does."""

from __future__ import annotations

from typing import Any

from games.core import IllegalAction

from .data import PILES, STOCKPILES
from .sources import SOURCES
from .state import FILL, OVER, STOCKPILE, Game, next_bubble, stockpile_full, unused_dice

Action = dict[str, Any]


def awaiting(game: Game) -> dict[int, str]:
    if game.phase == OVER:
        return {}
    if game.phase == FILL:
        return {game.active: "fill"}
    return {seat: "stockpile" for seat in game.choosers}


def fill_sources(game: Game, seat: int) -> list[dict[str, Any]]:
    board = game.boards[seat]
    sources: list[dict[str, Any]] = [{"kind": "die", "die": d} for d in unused_dice(game)]
    sources += [{"kind": "stockpile", "stockpile": k} for k in range(STOCKPILES)]
    if board.free_skip_bos > 0:
        sources.append({"kind": "free_skip_bo"})
    if board.rewards_available > 0:
        sources.append({"kind": "reward_skip_bo"})
    return sources


def fill_actions(game: Game, seat: int) -> list[Action]:
    board, actions = game.boards[seat], []
    for pile, name in enumerate(PILES):
        bubble = next_bubble(board, pile)
        if bubble is None:
            continue
        for source in fill_sources(game, seat):
            try:
                SOURCES[source["kind"]](game, board, source, bubble)
            except IllegalAction:
                continue
            actions.append({"type": "fill", "pile": name, "source": source})
    return actions


def reroll_actions(game: Game, seat: int) -> list[Action]:
    if game.boards[seat].rerolls_left <= 0:
        return []
    dice = unused_dice(game)
    return [{"type": "reroll", "dice": [d for i, d in enumerate(dice) if mask >> i & 1]}
            for mask in range(1, 1 << len(dice))]


def stockpile_actions(game: Game, seat: int) -> list[Action]:
    board = game.boards[seat]
    return [{"type": "stockpile", "die": die, "stockpile": k}
            for die in unused_dice(game) for k in range(STOCKPILES) if not stockpile_full(board, k)]


def claim_actions(game: Game, seat: int) -> list[Action]:
    board, actions = game.boards[seat], []
    for index, value in enumerate(game.shown):
        if index in game.claimed[seat]:
            continue
        for pile, name in enumerate(PILES):
            if next_bubble(board, pile) == value:
                actions.append({"type": "claim_bonus", "turn": game.turn, "value_index": index,
                                "pile": name})
    return actions


def legal_actions(game: Game, seat: int) -> list[Action]:
    if game.phase == OVER or not 0 <= seat < game.players:
        return []
    actions: list[Action] = []
    if seat == game.active and game.phase == FILL:
        actions += fill_actions(game, seat) + reroll_actions(game, seat) + [{"type": "done"}]
    if game.phase == STOCKPILE and seat in game.choosers:
        actions += stockpile_actions(game, seat)
    if seat != game.active:
        actions += claim_actions(game, seat)
    return actions


def timeout_action(game: Game, seat: int) -> Action:
    """The active player is done; a stockpile choice takes the first unused die into the
    first Stockpile that is not full."""
    if game.phase == FILL and seat == game.active:
        return {"type": "done"}
    if game.phase == STOCKPILE and seat in game.choosers:
        board = game.boards[seat]
        stockpile = next(k for k in range(STOCKPILES) if not stockpile_full(board, k))
        return {"type": "stockpile", "die": unused_dice(game)[0], "stockpile": stockpile}
    raise IllegalAction("not_awaited", "this seat is not awaited")
