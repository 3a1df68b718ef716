"""Re-rolls after the roll: Green (all Green dice, once), Re-Re-Roll (two single-die
re-rolls per card) and Full House (any of the dice, once)."""

from __future__ import annotations

from typing import Any

from .data import ACTION_CARDS
from .state import DICE, Game, active_turn, coloured, in_play

REROLLS_PER_CARD = ACTION_CARDS["re_re_roll"].param("rerolls")


def green_dice(game: Game) -> list[int]:
    return [i for i, d in enumerate(active_turn(game).dice) if d.colour == "green"]


def green_reroll_open(game: Game) -> bool:
    """Green: all Green dice may be re-rolled together, once a turn (a Green card, or a
    Mimic or borrowed card counting as Green, must be in play)."""
    turn = active_turn(game)
    has_green = any(p.colour == "green" for p in coloured(game.seats[turn.seat]))
    return has_green and not turn.green_rerolled and bool(green_dice(game))


def rerolls_left(game: Game) -> int:
    """Re-Re-Roll: one die twice or two dice once each, i.e. two single-die re-rolls."""
    turn = active_turn(game)
    return REROLLS_PER_CARD * in_play(game.seats[turn.seat], "re_re_roll") - turn.rerolls_used


def full_house_reroll_open(game: Game) -> bool:
    """Full House: a second roll of any of the dice, once."""
    turn = active_turn(game)
    return (in_play(game.seats[turn.seat], "full_house") > 0 and not turn.full_house_rerolled
            and bool(turn.dice))


def subsets(n: int) -> list[list[int]]:
    return [[i for i in range(n) if mask >> i & 1] for mask in range(1, 1 << n)]


def reroll_actions(game: Game) -> list[dict[str, Any]]:
    """Every re-roll open now (empty once the player kept the dice)."""
    turn = game.turn
    if turn is None or turn.step != DICE or turn.kept:
        return []
    actions: list[dict[str, Any]] = []
    if green_reroll_open(game):
        actions.append({"type": "reroll_green"})
    if rerolls_left(game) > 0:
        actions += [{"type": "reroll_die", "die": i} for i in range(len(turn.dice))]
    if full_house_reroll_open(game):
        actions += [{"type": "reroll_full_house", "dice": s} for s in subsets(len(turn.dice))]
    return actions
