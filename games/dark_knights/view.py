"""What a seat sees. Everything in this game is public: every seat and spectators see the
same table (only `viewer` differs)."""

from __future__ import annotations

from dataclasses import field
from typing import Literal, Mapping

from games.core.frozen import frozen_record
from games.core.messages import Record, doc

from .combinations import set_score
from .data import ROLL_OR_HOLD
from .actions import Group
from .events import ShownCombination, ShownDie, shown_combinations, shown_dice
from .legal import awaiting
from .rules import hold_value
from .state import State, TurnRecord


@frozen_record
class SeatView(Record):
    seat: int
    score: int = field(metadata=doc("the seat's banked score"))
    to_play: bool = field(metadata=doc("the seat whose turn it is"))
    last_turn_owed: bool = field(metadata=doc("owed a last turn in the final round"))
    resigned: bool = field(metadata=doc("the seat resigned: it plays no more"))


@frozen_record
class LastTurn(Record):
    """The last finished turn, as the table saw it: a player coming back to a slow game
    sees what happened on it without replaying events."""

    seat: int
    rolls: tuple[tuple[ShownDie, ...], ...] = field(metadata=doc(
        "every roll of the turn, in order (the dice thrown, in die order)"))
    set_aside: tuple[tuple[Group, ...], ...] = field(metadata=doc(
        "what each set-aside named, in order: the i-th answers the i-th roll; a busted "
        "turn's last roll has none"))
    sets: tuple[int, ...] = field(metadata=doc(
        "the scores of the sets completed (roll-throughs) and, when banked, of the set "
        "held"))
    combinations: tuple[ShownCombination, ...] = field(metadata=doc(
        "the last set as the turn ended (a hold's table dice joined in)"))
    result: Literal["banked", "busted"]
    points: int = field(metadata=doc(
        "banked: the points added to the score; busted: the points lost (the sets "
        "completed this turn and the set being built)"))
    score: int = field(metadata=doc("the seat's banked score after the turn"))


def last_turn(record: TurnRecord | None) -> LastTurn | None:
    if record is None:
        return None
    return LastTurn(seat=record.seat, rolls=tuple(shown_dice(r) for r in record.rolls),
                    set_aside=record.set_asides, sets=record.sets,
                    combinations=shown_combinations(record.combinations),
                    result=record.result, points=record.points,  # type: ignore[arg-type]
                    score=record.score)


@frozen_record
class View(Record):
    """A Dark Knights table (the same for every seat and spectators)."""

    viewer: int | None = field(metadata=doc("the seat asking, or null"))
    players: int
    phase: Literal["roll", "set_aside", "roll_or_hold", "turn_over", "over"] = field(
        metadata=doc("turn_over only inside a decision, never after a whole batch"))
    seats: tuple[SeatView, ...]
    current: int | None = field(metadata=doc("the seat whose turn it is (null when over)"))
    awaiting: Mapping[int, Literal["roll", "set_aside", "roll_or_hold"]]
    target: int
    final_round: bool
    scores: Mapping[int, int] = field(metadata=doc("banked scores, by seat"))
    turn_total: int = field(metadata=doc("points of sets completed this turn, not banked"))
    combinations: tuple[ShownCombination, ...] = field(metadata=doc(
        "the current set's combinations"))
    set_score: int = field(metadata=doc("the current set's score as it stands"))
    table: tuple[ShownDie, ...] = field(metadata=doc(
        "dice on the table from the last roll, not set aside"))
    dice_to_roll: tuple[int, ...] = field(metadata=doc("die numbers a roll would throw now"))
    hold_value: int | None = field(metadata=doc(
        "in roll_or_hold: what a hold would add to the banked score now; else null"))
    target_reached_by: int | None = field(metadata=doc(
        "the seat that started the final round"))
    last_turns: tuple[int, ...] | None = field(metadata=doc(
        "seats still owed a last turn (null outside the final round)"))
    winners: tuple[int, ...] = field(metadata=doc("filled when the game is over"))
    last_turn: LastTurn | None = field(metadata=doc(
        "the last finished turn (of the seat before, or the game's last): its rolls, "
        "set-asides and whether it banked or busted; null before the first turn ends"))


def view(state: State, viewer: int | None) -> View:
    owed = state.last_turns or ()
    return View(
        viewer=viewer, players=state.players,
        phase=state.phase,  # type: ignore[arg-type]
        seats=tuple(SeatView(seat=seat, score=score,
                             to_play=seat == state.current and not state.over,
                             last_turn_owed=seat in owed,
                             resigned=seat in state.resigned)
                    for seat, score in enumerate(state.scores)),
        current=None if state.over else state.current,
        awaiting=awaiting(state),  # type: ignore[arg-type]
        target=state.target, final_round=state.final_round,
        scores=dict(enumerate(state.scores)), turn_total=state.turn_total,
        combinations=shown_combinations(state.combinations),
        set_score=set_score(state.combinations), table=shown_dice(state.table),
        dice_to_roll=state.dice_to_roll,
        hold_value=hold_value(state) if state.phase == ROLL_OR_HOLD else None,
        target_reached_by=state.target_reached_by, last_turns=state.last_turns,
        winners=state.winners, last_turn=last_turn(state.last_turn),
    )
