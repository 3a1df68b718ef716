"""Folding events into state. Trusts every event: no checks, no dice."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable, Mapping

from games.core import Event

from .data import BONUS, Face
from .state import FILL, OVER, STOCKPILE, Board, Box, Completion, Game, pile_index

Data = Mapping[str, Any]


def _face(value: Any) -> Face:
    return value if isinstance(value, str) else int(value)


def _set(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return items[:index] + (value,) + items[index + 1:]


def _with_board(game: Game, seat: int, board: Board) -> Game:
    return replace(game, boards=_set(game.boards, seat, board))


def game_started(_: Game | None, data: Data) -> Game:
    players = int(data["players"])
    return Game(players=players, first_player=int(data["first_player"]),
                boards=(Board(),) * players, claimed=((),) * players)


def turn_started(game: Game, data: Data) -> Game:
    seat = int(data["seat"])
    dice = tuple(_face(f) for f in data["dice"])
    final_turns = game.final_turns
    if final_turns is not None:
        final_turns = tuple(s for s in final_turns if s != seat)
    return replace(
        game, turn=int(data["turn"]), active=seat, phase=FILL, dice=dice,
        used=(False,) * len(dice), shown=(int(dice[BONUS]),), claimed=((),) * game.players,
        choosers=(), final_turns=final_turns,
    )


def _consume_source(game: Game, seat: int, source: Data) -> Game:
    kind = source["kind"]
    board = game.boards[seat]
    if kind == "die":
        die = int(source["die"])
        return game if die == BONUS else replace(game, used=_set(game.used, die, True))
    if kind == "stockpile":
        k, box = int(source["stockpile"]), int(source["box"])
        boxes = _set(board.stockpiles[k], box, replace(board.stockpiles[k][box], used=True))
        return _with_board(game, seat, replace(board, stockpiles=_set(board.stockpiles, k, boxes)))
    if kind == "free_skip_bo":
        return _with_board(game, seat, replace(board, free_skip_bos=board.free_skip_bos - 1))
    if kind == "reward_skip_bo":
        return _with_board(game, seat, replace(board, rewards_used=board.rewards_used + 1))
    claimed = _set(game.claimed, seat, game.claimed[seat] + (int(source["value_index"]),))
    return replace(game, claimed=claimed)


def bubble_filled(game: Game, data: Data) -> Game:
    seat, pile = int(data["seat"]), pile_index(data["pile"])
    game = _consume_source(game, seat, data["source"])
    board = game.boards[seat]
    piles = _set(board.piles, pile, board.piles[pile] + (_face(data["mark"]),))
    return replace(_with_board(game, seat, replace(board, piles=piles)), fills=game.fills + 1)


def pile_completed(game: Game, data: Data) -> Game:
    seat, pile, moment = int(data["seat"]), pile_index(data["pile"]), str(data["moment"])
    board = game.boards[seat]
    done = Completion(place=int(data["place"]), reward=int(data["reward"]))
    game = _with_board(game, seat, replace(board, completions=_set(board.completions, pile, done)))
    if moment in game.moments[pile]:
        return game
    return replace(game, moments=_set(game.moments, pile, game.moments[pile] + (moment,)))


def bonus_die_rolled(game: Game, data: Data) -> Game:
    value = int(data["value"])
    return replace(game, dice=_set(game.dice, BONUS, value), shown=game.shown + (value,))


def last_round_started(game: Game, data: Data) -> Game:
    return replace(game, last_round_by=int(data["seat"]),
                   final_turns=tuple(int(s) for s in data["final_turns"]))


def dice_rerolled(game: Game, data: Data) -> Game:
    dice, shown = game.dice, game.shown
    for die, face in zip(data["dice"], data["faces"]):
        dice = _set(dice, int(die), _face(face))
        if int(die) == BONUS:
            shown = shown + (int(face),)
    board = game.boards[game.active]
    game = _with_board(game, game.active, replace(board, rerolls_left=board.rerolls_left - 1))
    return replace(game, dice=dice, shown=shown)


def turn_done(game: Game, data: Data) -> Game:
    return replace(game, phase=STOCKPILE, choosers=tuple(int(s) for s in data["choosers"]))


def stockpile_written(game: Game, data: Data) -> Game:
    seat, k = int(data["seat"]), int(data["stockpile"])
    board = game.boards[seat]
    boxes = board.stockpiles[k] + (Box(_face(data["value"])),)
    game = _with_board(game, seat, replace(board, stockpiles=_set(board.stockpiles, k, boxes)))
    return replace(game, choosers=tuple(s for s in game.choosers if s != seat))


def skip_bo_reward_earned(game: Game, data: Data) -> Game:
    seat = int(data["seat"])
    board = game.boards[seat]
    return _with_board(game, seat, replace(board, rewards_earned=board.rewards_earned + 1))


def turn_ended(game: Game, _: Data) -> Game:
    return replace(game, choosers=())


def game_over(game: Game, _: Data) -> Game:
    return replace(game, phase=OVER, choosers=())


FOLDS: dict[str, Callable[[Any, Data], Game]] = {
    "game_started": game_started,
    "turn_started": turn_started,
    "bubble_filled": bubble_filled,
    "pile_completed": pile_completed,
    "bonus_die_rolled": bonus_die_rolled,
    "last_round_started": last_round_started,
    "dice_rerolled": dice_rerolled,
    "turn_done": turn_done,
    "stockpile_written": stockpile_written,
    "skip_bo_reward_earned": skip_bo_reward_earned,
    "turn_ended": turn_ended,
    "game_over": game_over,
}


def evolve(game: Game | None, event: Event) -> Game:
    return FOLDS[event.type](game, event.data)
