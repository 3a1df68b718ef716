"""Folding events into the state. Trusts every event: no checks, no dice."""

from __future__ import annotations

from typing import Any, Callable

from games.core.frozen import replace
from games.core.messages import GameEvent

from . import events as ev
from .data import BONUS, CLAIMS_AWAITED, FILL, OVER, STOCKPILE, Face
from .rules import pile_index
from .state import Board, Box, Completion, State


def evolve(state: State | None, event: GameEvent) -> State:
    if isinstance(event, ev.GameStarted):
        return game_started(event)
    assert state is not None, "the first event must be game_started"
    return FOLDS[type(event)](state, event)


def _face(value: Any) -> Face:
    return value if isinstance(value, str) else int(value)


def _set(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return items[:index] + (value,) + items[index + 1:]


def _with_board(state: State, seat: int, board: Board, **changes: Any) -> State:
    """The table with the seat's new board (and other fields `changes`), in one copy."""
    return replace(state, boards=_set(state.boards, seat, board), **changes)


def game_started(event: ev.GameStarted) -> State:
    return State(players=event.players, first_player=event.first_player,
                 boards=(Board(),) * event.players, claimed=((),) * event.players,
                 claims_awaited=event.options.claim_window == CLAIMS_AWAITED)


def turn_started(state: State, event: ev.TurnStarted) -> State:
    dice = tuple(map(_face, event.dice))
    final_turns = state.final_turns
    if final_turns is not None:
        final_turns = tuple(s for s in final_turns if s != event.seat)
    return replace(
        state, turn=event.turn, active=event.seat, phase=FILL, dice=dice,
        used=(False,) * len(dice), shown=(int(dice[BONUS]),), claimed=((),) * state.players,
        choosers=(), final_turns=final_turns, passed=(),
    )


def _consumed(state: State, seat: int, source: ev.Source) -> tuple[dict[str, Any], dict[str, Any]]:
    """The filler's board's and the table's changed fields once `source` is used up."""
    if source.kind == "die":
        die = int(source.die or 0)
        return {}, ({} if die == BONUS else {"used": _set(state.used, die, True)})
    board = state.boards[seat]
    if source.kind == "stockpile":
        k, box = int(source.stockpile or 0), int(source.box or 0)
        boxes = _set(board.stockpiles[k], box, replace(board.stockpiles[k][box], used=True))
        return {"stockpiles": _set(board.stockpiles, k, boxes)}, {}
    if source.kind == "free_skip_bo":
        return {"free_skip_bos": board.free_skip_bos - 1}, {}
    if source.kind == "reward_skip_bo":
        return {"rewards_used": board.rewards_used + 1}, {}
    claims = state.claimed[seat] + (int(source.value_index or 0),)
    return {}, {"claimed": _set(state.claimed, seat, claims)}


def bubble_filled(state: State, event: ev.BubbleFilled) -> State:
    seat, pile = event.seat, pile_index(event.pile)
    board_changes, changes = _consumed(state, seat, event.source)
    board = state.boards[seat]
    board = replace(board, piles=_set(board.piles, pile, board.piles[pile] + (_face(event.mark),)),
                    **board_changes)
    return _with_board(state, seat, board, fills=state.fills + 1, **changes)


def pile_completed(state: State, event: ev.PileCompleted) -> State:
    seat, pile, moment = event.seat, pile_index(event.pile), event.moment
    board = state.boards[seat]
    done = Completion(place=event.place, reward=event.reward)
    completions = _set(board.completions, pile, done)
    state = _with_board(state, seat, replace(board, completions=completions))
    if moment in state.moments[pile]:
        return state
    return replace(state, moments=_set(state.moments, pile, state.moments[pile] + (moment,)))


def bonus_die_rolled(state: State, event: ev.BonusDieRolled) -> State:
    value = int(event.value)
    return replace(state, dice=_set(state.dice, BONUS, value), shown=state.shown + (value,))


def last_round_started(state: State, event: ev.LastRoundStarted) -> State:
    return replace(state, last_round_by=event.seat, final_turns=tuple(event.final_turns))


def dice_rerolled(state: State, event: ev.DiceRerolled) -> State:
    dice, shown = state.dice, state.shown
    for die, face in zip(event.dice, event.faces):
        dice = _set(dice, int(die), _face(face))
        if int(die) == BONUS:
            shown = shown + (int(face),)
    board = state.boards[state.active]
    return _with_board(state, state.active, replace(board, rerolls_left=board.rerolls_left - 1),
                       dice=dice, shown=shown)


def turn_done(state: State, event: ev.TurnDone) -> State:
    return replace(state, phase=STOCKPILE, choosers=tuple(event.choosers))


def stockpile_written(state: State, event: ev.StockpileWritten) -> State:
    seat, k = event.seat, event.stockpile
    board = state.boards[seat]
    boxes = board.stockpiles[k] + (Box(_face(event.value)),)
    return _with_board(state, seat, replace(board, stockpiles=_set(board.stockpiles, k, boxes)),
                       choosers=tuple(s for s in state.choosers if s != seat))


def skip_bo_reward_earned(state: State, event: ev.SkipBoRewardEarned) -> State:
    board = state.boards[event.seat]
    return _with_board(state, event.seat, replace(board, rewards_earned=board.rewards_earned + 1))


def claim_passed(state: State, event: ev.ClaimPassed) -> State:
    return replace(state, passed=state.passed + (event.seat,))


def turn_ended(state: State, event: ev.TurnEnded) -> State:
    return replace(state, choosers=())


def player_resigned(state: State, event: ev.PlayerResigned) -> State:
    """The seat leaves play: no longer a chooser, nor owed a final turn. Its board stays.
    (The active player's turn then ends: decide adds turn_ended.)"""
    seat = event.seat
    final_turns = state.final_turns
    if final_turns is not None:
        final_turns = tuple(s for s in final_turns if s != seat)
    return replace(state, resigned=state.resigned + (seat,), final_turns=final_turns,
                   choosers=tuple(s for s in state.choosers if s != seat))


def game_over(state: State, event: ev.GameOver) -> State:
    return replace(state, phase=OVER, choosers=())


FOLDS: dict[type, Callable[[State, Any], State]] = {
    ev.TurnStarted: turn_started,
    ev.BubbleFilled: bubble_filled,
    ev.PileCompleted: pile_completed,
    ev.BonusDieRolled: bonus_die_rolled,
    ev.LastRoundStarted: last_round_started,
    ev.DiceRerolled: dice_rerolled,
    ev.TurnDone: turn_done,
    ev.StockpileWritten: stockpile_written,
    ev.SkipBoRewardEarned: skip_bo_reward_earned,
    ev.TurnEnded: turn_ended,
    ev.ClaimPassed: claim_passed,
    ev.PlayerResigned: player_resigned,
    ev.GameOver: game_over,
}
