"""Tallying a turn (points, coins, conversions, Loan Shark repayment) and end scoring."""

from __future__ import annotations

from collections.abc import Sequence

from games.core.memo import remember_last
from games.core.outcome import rank_by

from . import events as ev
from .data import ACTION_CARDS, COIN_COLOURS
from .doubling import DOUBLING, Doubling
from .state import Die, Seat, State, blocked_faces, fpv, hot_potatoes, in_play

HOT_POTATO_PENALTY = ACTION_CARDS["hot_potato"].param("penalty")
LOAN_PENALTY = ACTION_CARDS["loan_shark"].param("penalty_per_coin")


def doubling_card(seat: Seat) -> str | None:
    """The card in play that doubles dice after the roll (at most one fits in 5 units)."""
    return next((p.card for p in seat.play if p.card in DOUBLING), None)


def signature(game: State, option: Doubling | None) -> tuple:
    turn = game.turn
    assert turn is not None
    doubled = option.doubled if option else ()
    removed = option.removed if option else ()
    return tuple(sorted((d.colour, d.face, i in doubled, i in removed)
                        for i, d in enumerate(turn.dice)))


# Asked about the state a decision ends in by `advance` and again by the next step's
# legal_actions and guards: remembered for the state asked last (games/core/memo.py).
@remember_last
def scoring_options(game: State) -> tuple[Doubling, ...]:
    """The distinct ways the doubling card can score these dice (equal outcomes merged)."""
    turn = game.turn
    assert turn is not None
    card = doubling_card(game.seats[turn.seat])
    if card is None:
        return ()
    seen, out = set(), []
    for option in DOUBLING[card](turn.dice):
        key = signature(game, option)
        if key not in seen:
            seen.add(key)
            out.append(option)
    return tuple(out)


def dice_values(dice: tuple[Die, ...], option: Doubling | None,
                blocked: list[int]) -> list[int]:
    """What each die scores: its number, doubled once per doubling, 0 when removed or
    blocked (a number another player's Can't Touch This blocks)."""
    out = []
    for i, die in enumerate(dice):
        removed = option is not None and i in option.removed
        doubled = option is not None and i in option.doubled
        out.append(0 if removed or die.face in blocked else die.face * (2 if doubled else 1))
    return out


def converted(points: int, coins: int, seat: Seat) -> tuple[int, int, str | None]:
    """Straight Cash turns points into coins; Point Pro turns the earned coins into points."""
    if in_play(seat, "straight_cash"):
        return 0, coins + points, "straight_cash"
    if in_play(seat, "point_pro"):
        return points + coins, 0, "point_pro"
    return points, coins, None


def tally(game: State, option: Doubling | None) -> ev.TurnScored:
    """The turn's `turn_scored` data: dice points and coins, conversions, the repayment
    of last turn's loan (each coin still owed costs 2 points)."""
    turn = game.turn
    assert turn is not None
    seat = game.seats[turn.seat]
    blocked = blocked_faces(game, turn.seat)
    values = dice_values(turn.dice, option, blocked)
    raw_points = sum(v for v, d in zip(values, turn.dice) if d.colour not in COIN_COLOURS)
    raw_coins = sum(v for v, d in zip(values, turn.dice) if d.colour in COIN_COLOURS)
    points, coins, conversion = converted(raw_points, raw_coins, seat)
    available = turn.coins + coins
    repaid = min(seat.owed, available)
    penalty = LOAN_PENALTY * (seat.owed - repaid)
    return ev.TurnScored(
        seat=turn.seat,
        dice=tuple(turn.dice),
        doubled=tuple(option.doubled) if option else (),
        removed=tuple(option.removed) if option else (),
        doubled_by=option.card if option else None,
        blocked=tuple(blocked),
        values=tuple(values),
        points=points,
        coins_earned=coins,
        conversion=conversion,  # type: ignore[arg-type]
        loan_repaid=repaid,
        loan_penalty=penalty,
        coins=available - repaid,
        score=seat.score + points - penalty,
    )


def total_of(tallied: ev.TurnScored) -> int:
    return tallied.points + tallied.coins_earned


# --- the end ----------------------------------------------------------------------------

def breakdown(seat: Seat) -> ev.Breakdown:
    """The seat's final total: running score + Final Point Values - 15 per Hot Potato
    owned (Ruling) - 2 per coin of a loan never repaid (Our choice: the last turn's loan
    has no next turn to repay)."""
    owned = seat.owned()
    points, potatoes = fpv(owned), hot_potatoes(owned)
    total = seat.score + points - HOT_POTATO_PENALTY * potatoes - LOAN_PENALTY * seat.owed
    return ev.Breakdown(running=seat.score, final_point_value=points, hot_potatoes=potatoes,
                        loan_owed=seat.owed, cards=len(owned), total=total)


def ranking(game: State, totals: Sequence[ev.Breakdown]) -> list[list[int]]:
    """Highest total first; a tie goes to fewer cards, then the tied players share.
    (Ruling) Resigned seats rank below every player who did not resign, among themselves
    by the order they left, the later one higher. `totals`: each seat's breakdown."""
    keys = [(part.total, -part.cards) for part in totals]
    groups = [[s for s in group if s not in game.resigned] for group in rank_by(keys)]
    staying = [group for group in groups if group]
    return staying + [[seat] for seat in reversed(game.resigned)]


def results(game: State) -> ev.Final:
    totals = [breakdown(seat) for seat in game.seats]
    groups = ranking(game, totals)
    return ev.Final(
        winners=tuple(groups[0]),
        ranking=tuple(tuple(g) for g in groups),
        scores={s: part.total for s, part in enumerate(totals)},
        breakdown=dict(enumerate(totals)),
    )
