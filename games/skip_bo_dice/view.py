"""The table as a client sees it. Everything in Skip-Bo Dice is public: every seat sees
what a spectator sees, and `you`."""

from __future__ import annotations

from dataclasses import field
from typing import Any, Literal, Mapping

from games.core.frozen import frozen_record
from games.core.messages import Record, doc
from games.core.outcome import Outcome

from .data import (
    BONUS, BUBBLES, CLAIMS_AWAITED, CLAIMS_OPEN, COMPLETION_REWARDS, DICE, FACE_SCHEMA,
    FREE_SKIP_BOS, PILES, PILES_TO_END, REROLLS, STAR_BUBBLES, STOCKPILE_BOXES, STOCKPILES,
)
from .legal import awaiting
from .outcome import outcome
from .rules import (
    completion_reward, next_bubble, score, star_mark, stars_collected, top_box,
    unused_skip_bos_and_rerolls,
)
from .state import Board, State

StarMark = Literal["collected", "crossed"]


@frozen_record
class CompletedView(Record):
    place: int = field(metadata=doc("the place of the completion's moment"))
    reward: int = field(metadata=doc("the stars circled"))


@frozen_record
class PileView(Record):
    marks: tuple[Any, ...] = field(metadata=doc("the bubbles filled, from 1",
                                                items=FACE_SCHEMA))
    next_bubble: int | None = field(metadata=doc("null when the pile is complete"))
    stars: Mapping[int, StarMark | None] = field(metadata=doc(
        "by star bubble (5, 7, 10): collected, crossed, or null while unfilled"))
    completed: CompletedView | None


@frozen_record
class BoxView(Record):
    value: Any = field(metadata=doc("the face written", **FACE_SCHEMA))
    used: bool = field(metadata=doc("its number was used (crossed)"))


@frozen_record
class StockpileView(Record):
    boxes: tuple[BoxView, ...] = field(metadata=doc("bottom up"))
    top: Any = field(metadata=doc("the topmost unused value, null if none",
                                  **FACE_SCHEMA, nullable=True))


@frozen_record
class SkipBoRewards(Record):
    earned: int
    used: int
    available: int


@frozen_record
class SeatView(Record):
    """One player's board."""

    seat: int
    piles: Mapping[str, PileView] = field(metadata=doc("by letter, A to D"))
    stockpiles: tuple[StockpileView, ...]
    free_skip_bos: int
    skip_bo_rewards: SkipBoRewards
    rerolls_left: int
    piles_completed: int
    stars_collected: int
    score: int = field(metadata=doc("the score if the game ended now"))
    unused_skip_bos_and_rerolls: int = field(metadata=doc("the tie-break"))
    bonus_values_claimed: tuple[int, ...] = field(metadata=doc(
        "indices of this turn's shown Bonus Die values this seat has claimed"))
    resigned: bool = field(metadata=doc("the seat resigned: it plays no more"))


@frozen_record
class DieView(Record):
    die: int
    kind: Literal["number", "bonus"]
    face: Any = field(metadata=doc("a number or SB", **FACE_SCHEMA))
    used: bool = field(metadata=doc("set aside this turn"))


@frozen_record
class BonusValueView(Record):
    value_index: int
    value: int
    claimed_by: tuple[int, ...]


@frozen_record
class PileCompletions(Record):
    moments: int = field(metadata=doc("the completion moments of this pile so far"))
    next_reward: int = field(metadata=doc("what the next moment earns"))


@frozen_record
class LastRound(Record):
    started_by: int
    final_turns_left: tuple[int, ...]


@frozen_record
class Ruleset(Record):
    """The dice faces and board constants (data of the ruleset)."""

    dice: tuple[tuple[Any, ...], ...] = field(metadata=doc(
        "each die's faces, by die", items={"type": "array", "items": FACE_SCHEMA}))
    bonus_die: int
    piles: tuple[str, ...]
    bubbles: int
    star_bubbles: tuple[int, ...]
    completion_rewards: tuple[int, ...]
    stockpiles: int
    stockpile_boxes: int
    free_skip_bos: int
    rerolls: int
    piles_to_end: int


RULESET = Ruleset(
    dice=DICE, bonus_die=BONUS, piles=PILES, bubbles=BUBBLES, star_bubbles=STAR_BUBBLES,
    completion_rewards=COMPLETION_REWARDS, stockpiles=STOCKPILES,
    stockpile_boxes=STOCKPILE_BOXES, free_skip_bos=FREE_SKIP_BOS, rerolls=REROLLS,
    piles_to_end=PILES_TO_END)


@frozen_record
class View(Record):
    """A Skip-Bo Dice table as one seat (or a spectator) sees it: all of it."""

    players: int
    phase: Literal["fill", "stockpile", "over"]
    seats: tuple[SeatView, ...]
    you: int | None = field(metadata=doc("the viewer's seat; null for a spectator"))
    turn: int
    active: int = field(metadata=doc("the seat whose turn it is"))
    awaiting: Mapping[int, Literal["fill", "stockpile", "claim"]]
    dice: tuple[DieView, ...] = field(metadata=doc("the active player's six dice"))
    bonus_values: tuple[BonusValueView, ...] = field(metadata=doc(
        "every value the Bonus Die showed this turn"))
    stockpile_choosers: tuple[int, ...] = field(metadata=doc("seats still to choose"))
    claim_window: Literal["awaited", "open"] = field(metadata=doc(
        "awaited: after 'done' every other seat that can still claim is awaited (kind "
        "claim) until it claims or passes; open: games created before issue #16"))
    claims_passed: tuple[int, ...] = field(metadata=doc(
        "seats that passed their claims this turn (window awaited)"))
    completions: Mapping[str, PileCompletions] = field(metadata=doc("by pile letter"))
    last_round: LastRound | None
    outcome: Outcome | None
    ruleset: Ruleset


def view(state: State, viewer: int | None) -> View:
    return View(
        players=state.players, phase=state.phase,  # type: ignore[arg-type]
        seats=tuple(seat_view(state, seat) for seat in range(state.players)),
        you=viewer, turn=state.turn, active=state.active,
        awaiting=awaiting(state),  # type: ignore[arg-type]
        dice=tuple(DieView(die=i, kind="bonus" if i == BONUS else "number", face=face,
                           used=state.used[i]) for i, face in enumerate(state.dice)),
        bonus_values=tuple(
            BonusValueView(value_index=i, value=v,
                           claimed_by=tuple(s for s in range(state.players)
                                            if i in state.claimed[s]))
            for i, v in enumerate(state.shown)),
        stockpile_choosers=state.choosers,
        claim_window=CLAIMS_AWAITED if state.claims_awaited else CLAIMS_OPEN,
        claims_passed=state.passed,
        completions={name: PileCompletions(moments=len(state.moments[pile]),
                                           next_reward=completion_reward(
                                               len(state.moments[pile]) + 1))
                     for pile, name in enumerate(PILES)},
        last_round=None if state.last_round_by is None else LastRound(
            started_by=state.last_round_by, final_turns_left=state.final_turns or ()),
        outcome=outcome(state), ruleset=RULESET,
    )


def pile_view(board: Board, pile: int) -> PileView:
    marks = board.piles[pile]
    completion = board.completions[pile]
    return PileView(
        marks=marks, next_bubble=next_bubble(board, pile),
        stars={bubble: star_mark(bubble, marks[bubble - 1]) if len(marks) >= bubble else None
               for bubble in STAR_BUBBLES},  # type: ignore[misc]
        completed=None if completion is None else CompletedView(
            place=completion.place, reward=completion.reward))


def stockpile_view(board: Board, stockpile: int) -> StockpileView:
    boxes = board.stockpiles[stockpile]
    top = top_box(board, stockpile)
    return StockpileView(boxes=tuple(BoxView(value=b.value, used=b.used) for b in boxes),
                         top=None if top is None else boxes[top].value)


def seat_view(state: State, seat: int) -> SeatView:
    board = state.boards[seat]
    return SeatView(
        seat=seat, piles={name: pile_view(board, i) for i, name in enumerate(PILES)},
        stockpiles=tuple(stockpile_view(board, k) for k in range(STOCKPILES)),
        free_skip_bos=board.free_skip_bos,
        skip_bo_rewards=SkipBoRewards(earned=board.rewards_earned, used=board.rewards_used,
                                      available=board.rewards_available),
        rerolls_left=board.rerolls_left, piles_completed=board.piles_completed,
        stars_collected=stars_collected(board), score=score(board),
        unused_skip_bos_and_rerolls=unused_skip_bos_and_rerolls(board),
        bonus_values_claimed=tuple(sorted(state.claimed[seat])),
        resigned=seat in state.resigned,
    )
