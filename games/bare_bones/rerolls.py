"""Re-rolls after the roll: Green (all Green dice, once), Re-Re-Roll (two single-die
re-rolls per card) and Full House (any of the dice, once)."""

from __future__ import annotations

from games.core.legal import Choice, Subset
from games.core.memo import remember_last
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


def single_rerolls_open(game: State) -> bool:
    """Re-Re-Roll's single-die re-rolls are left, and there are dice to re-roll."""
    return rerolls_left(game) > 0 and bool(active_turn(game).dice)


def rerolling(game: State) -> bool:
    """The turn is at its dice and the player has not kept them."""
    turn = game.turn
    return turn is not None and turn.step == DICE and not turn.kept


def reroll_actions(game: State) -> list[GameAction | Choice]:
    """Every re-roll open now (empty once the player kept the dice). Full House's second
    roll is one choice: any non-empty set of the dice."""
    if not rerolling(game):
        return []
    dice = tuple(range(len(active_turn(game).dice)))
    actions: list[GameAction | Choice] = []
    if green_reroll_open(game):
        actions.append(RerollGreen())
    if single_rerolls_open(game):
        actions += [RerollDie(die=i) for i in dice]
    if full_house_reroll_open(game):
        actions.append(Choice(RerollFullHouse, {}, {"dice": Subset(dice, 1, len(dice))}))
    return actions


# Asked about the state a decision ends in by `advance` and again by the next step's
# legal_actions and guards: remembered for the state asked last (games/core/memo.py).
@remember_last
def reroll_open(game: State) -> bool:
    """A re-roll is open (`reroll_actions` lists one): the player is awaited to re-roll or
    keep the dice."""
    return rerolling(game) and (green_reroll_open(game) or single_rerolls_open(game)
                                or full_house_reroll_open(game))
