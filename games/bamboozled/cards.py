"""The after-roll cards: what Jackpot, Double and Up/Down do to the dice."""

from __future__ import annotations

from .data import AFTER_ROLL, DIE_SIDES, JACKPOT, readings
from .state import CardUse, Dice2

UP_DOWN_STEP = {"up": 1, "down": -1}


def card_uses(hand: tuple[str, ...]) -> list[CardUse]:
    """Every way the after-roll cards in `hand` could be played, in a stable order."""
    uses: list[CardUse] = []
    for name in AFTER_ROLL:
        if name not in hand:
            continue
        if name == "jackpot":
            uses.append(CardUse("jackpot"))
        elif name == "double":
            uses.extend(CardUse("double", die) for die in (0, 1))
        else:
            uses.extend(
                CardUse("up_down", die, way) for die in (0, 1) for way in UP_DOWN_STEP
            )
    return uses


def card_problem(dice: Dice2, use: CardUse) -> str | None:
    """Why the card cannot be played on these dice (a rule code), or None."""
    if use.name == "jackpot" and sorted(dice) == [1, 2]:
        return "card_changes_nothing"
    if use.name == "double" and dice[0] == dice[1]:
        return "card_changes_nothing"
    if use.name == "up_down":
        value = dice[use.die or 0] + UP_DOWN_STEP[use.direction or "up"]
        if not 1 <= value <= DIE_SIDES:
            return "up_down_out_of_range"
    return None


def dice_after(dice: Dice2, use: CardUse) -> Dice2:
    """The dice as the card makes them."""
    if use.name == "jackpot":
        return (2, 1)
    die = use.die or 0
    other = dice[1 - die]
    if use.name == "double":
        value = other
    else:
        value = dice[die] + UP_DOWN_STEP[use.direction or "up"]
    return (value, other) if die == 0 else (other, value)


def backed_scores(dice: Dice2, use: CardUse) -> tuple[int, ...]:
    """The scores the card makes true on these dice (Jackpot: only 21)."""
    if use.name == "jackpot":
        return (JACKPOT,)
    return readings(dice_after(dice, use))
