"""Re-rolls after the roll: Green (all Green dice, once), Re-Re-Roll (two single-die
re-rolls per card) and Full House (any of the dice, once)."""

from __future__ import annotations

from games.core.legal import Choice, Subset
from games.core.messages import GameAction

from .actions import RerollDie, RerollFullHouse, RerollGreen
from .data import ACTION_CARDS
from .state import DICE, State, active_turn, coloured, in_play

REROLLS_PER_CARD = ACTION_CARDS["re_re_roll"].param("rerolls")


def green_dice(game: State) -> list[int]:
    return [i for i, d in enumerate(active_turn(game).dice) if d.colour == "green"]


def green_reroll_open(game: State) -> bool:
    """Green: all Green dice may be re-rolled together, once a turn (a Green card, or a
    Mimic or borrowed card counting as Green, must be in play)."""
    turn = active_turn(game)
    has_green = any(p.colour == "green" for p in coloured(game.seats[turn.seat]))
    return has_green and not turn.green_rerolled and bool(green_dice(game))


def rerolls_left(game: State) -> int:
    """Re-Re-Roll: one die twice or two dice once each, i.e. two single-die re-rolls."""
    turn = active_turn(game)
    return REROLLS_PER_CARD * in_play(game.seats[turn.seat], "re_re_roll") - turn.rerolls_used


def full_house_reroll_open(game: State) -> bool:
    """Full House: a second roll of any of the dice, once."""
    turn = active_turn(game)
    return (in_play(game.seats[turn.seat], "full_house") > 0 and not turn.full_house_rerolled
            and bool(turn.dice))


def reroll_actions(game: State) -> list[GameAction | Choice]:
    """Every re-roll open now (empty once the player kept the dice). Full House's second
    roll is one choice: any non-empty set of the dice."""
    turn = game.turn
    if turn is None or turn.step != DICE or turn.kept:
        return []
    actions: list[GameAction | Choice] = []
    if green_reroll_open(game):
        actions.append(RerollGreen())
    if rerolls_left(game) > 0:
        actions += [RerollDie(die=i) for i in range(len(turn.dice))]
    if full_house_reroll_open(game):
        dice = tuple(range(len(turn.dice)))
        actions.append(Choice(RerollFullHouse, {}, {"dice": Subset(dice, 1, len(dice))}))
    return actions


def reroll_open(game: State) -> bool:
    """A re-roll is open: the player is awaited to re-roll or keep the dice."""
    return bool(reroll_actions(game))
