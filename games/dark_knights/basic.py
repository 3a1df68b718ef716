"""The basic Dark Knights bot: push your luck by expected points (issue #17).

Everything in Dark Knights is public, so a bot sees the whole table in its view. It
plays from the view alone (`Seen.view`, `Seen.legal`); events are not needed.

After a roll, each legal set-aside is scored by what its position is worth: the better
of holding at once (matching table dice forced in, as the hold does) and rolling the
remaining dice once more, whose expected value is worked out exactly over every outcome
of those dice (a bust scores 0, losing the turn total at risk; a roll that survives is
worth the best hold after its best set-aside; a roll-through is worth its set plus the
fresh six dice that follow). Then it rolls when the expected value of the next roll
beats the turn total it would bank, and holds otherwise. A hold that reaches the target
wins; in a final round's last turn it rolls until it leads.

The expected values depend only on the shape of the position (the values and shades in
each combination, and how many dark and light dice are rolled), so they are cached by
that shape (odds.py); the turn total enters only as the amount at risk. `for_points`
plays the same way with a risk shift, which the strong level's two-seat race takes
(race.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core.bots import Rng, Seen

from .odds import FRESH_GAIN, FRESH_SURVIVAL, roll_value
from .reading import (Combo, best_set_aside, held_score, read_combinations, set_score,
                      shades_of, shapes_of)

JSON = Any
WIN = 10**9

# --- the game around the turn --------------------------------------------------------------

class Context:
    """The seat's standing: what banking wins, what must be beaten; and how much risk it
    takes (`shift`: points taken off every roll's expected value; 0 for `basic`, below 0
    to roll on more, above to bank sooner)."""

    def __init__(self, view: Mapping[str, JSON], seat: int, shift: float = 0.0) -> None:
        self.shift = shift
        scores = {int(k): v for k, v in view["scores"].items()}
        self.mine = scores[seat]
        self.target = view["target"]
        self.final_round = view["final_round"]
        others = [v for k, v in scores.items() if k != seat]
        self.best_other = max(others) if others else None
        # the final round is on and this is the seat's last turn
        self.last_turn = view.get("target_reached_by") is not None and self.best_other is not None

    def bank(self, points: int) -> float:
        """What banking `points` now is worth: WIN when it wins the game at once; in a
        last turn, anything that does not lead loses."""
        total = self.mine + points
        if self.last_turn:
            assert self.best_other is not None
            return WIN if total > self.best_other else -WIN + points
        if total >= self.target:
            return WIN if not self.final_round else WIN / 2 + points
        return points

    def roll(self, expected: float) -> float:
        """What rolling on, expecting to bank `expected`, is worth (in a last turn when
        holding would not lead, rolling is the only hope), less the risk shift."""
        return -WIN / 2 + expected if self.last_turn else expected - self.shift


# --- the policies ------------------------------------------------------------------------

def position_value(combos: list[Combo], table: list[tuple[int, int]], turn_total: int,
                   ctx: Context) -> float:
    """The better of holding and rolling on, for a set and the dice left on the table."""
    if not table:   # roll-through: the set is scored, six fresh dice may follow
        total = turn_total + set_score(combos)
        return max(ctx.bank(total),
                   ctx.roll(FRESH_SURVIVAL * total + FRESH_GAIN))
    hold = turn_total + held_score(combos, table)
    shapes = shapes_of(combos)
    dark, light = shades_of([d for d, _ in table])
    return max(ctx.bank(hold), ctx.roll(roll_value(shapes, dark, light, turn_total)))


def basic(seen: Seen, rng: Rng) -> dict[str, JSON]:
    """Set aside what leaves the most expected points; roll while the next roll's
    expected value beats the total at risk; bank what wins."""
    return for_points(seen, 0.0)


def for_points(seen: Seen, shift: float) -> dict[str, JSON]:
    """`basic`'s play with a risk shift: each roll's expected value counts `shift`
    points less (`Context`)."""
    view, actions = seen.view, seen.actions()
    types = {a["type"] for a in actions}
    ctx = Context(view, seen.seat, shift)
    turn_total = view["turn_total"]
    if types == {"roll"}:
        return actions[0]
    if "hold" in types:   # roll or hold
        combos = read_combinations(view)
        hold = view["hold_value"]
        dice = view["dice_to_roll"]
        if not combos and len(dice) == 6:
            rolled = FRESH_SURVIVAL * turn_total + FRESH_GAIN
        else:
            dark, light = shades_of(dice)
            rolled = roll_value(shapes_of(combos), dark, light, turn_total)
        if ctx.roll(rolled) > ctx.bank(hold):
            return next(a for a in actions if a["type"] == "roll")
        return next(a for a in actions if a["type"] == "hold")
    # a set-aside: the one whose position is worth most (the first of equals)
    return dict(best_set_aside(
        view, actions, lambda after, table: position_value(after, table, turn_total, ctx),
        margin=1e-9))
