"""Who is awaited, what each seat may do now, and what a timeout does."""

from __future__ import annotations

from typing import Any

from games.core import IllegalAction

from .buying import buy_actions
from .data import DRAFT_MAX_COST, cost, is_dice_card, mean_face
from .flow import matchable
from .play import play_actions, red_draws_left
from .pool import best_roll, roll_options
from .rerolls import reroll_actions
from .scoring import scoring_options, tally, total_of
from .state import (
    BUY,
    DICE,
    DRAFT,
    END,
    JOYRIDE,
    OVER,
    PLAY,
    ROLL,
    SWAP_MEET,
    Game,
    active_turn,
    in_play,
    next_seat,
)

Action = dict[str, Any]


def drafter(game: Game) -> int:
    return game.order[game.picks % game.players]


def awaiting(game: Game) -> dict[int, str]:
    if game.phase == OVER:
        return {}
    if game.phase == DRAFT:
        return {drafter(game): "draft"}
    turn = game.turn
    if turn is None:
        return {}  # between a cleanup and the next turn's start (inside one action)
    if turn.step == DICE:
        return {turn.seat: "reroll" if reroll_actions(game) else "choose"}
    if turn.step == END:
        if in_play(game.seats[turn.seat], "hot_potato"):
            return {turn.seat: "hot_potato"}
        return {next_seat(game, turn.seat): "bonus_match"}
    return {turn.seat: turn.step}


def draft_actions(game: Game) -> list[Action]:
    return [{"type": "draft", "card": card} for card, n in game.supply
            if n > 0 and cost(card) <= DRAFT_MAX_COST]


def borrow_actions(game: Game) -> list[Action]:
    turn = active_turn(game)
    hand = game.seats[turn.joyride].hand if turn.joyride is not None else ()
    return [{"type": "borrow", "card": c} for c in dict.fromkeys(hand) if is_dice_card(c)]


def swap_actions(game: Game) -> list[Action]:
    turn = active_turn(game)
    returns = [{"type": "swap_return", "card": c}
               for c in dict.fromkeys(game.seats[turn.seat].hand)]
    takes = [{"type": "swap_take", "card": c} for c, n in game.supply
             if n > 0 and cost(c) <= turn.swap_value]
    return returns + takes + [{"type": "swap_finish"}]


def choose_actions(game: Game) -> list[Action]:
    return [option.action() for option in scoring_options(game)]


def potato_actions(game: Game) -> list[Action]:
    seat = active_turn(game).seat
    return [{"type": "place_hot_potato", "onto": None}] + [
        {"type": "place_hot_potato", "onto": (seat + k) % game.players}
        for k in range(1, game.players)]


def match_actions(game: Game) -> list[Action]:
    return [{"type": "bonus_match", "card": c} for c in matchable(game)] + [
        {"type": "end_matching"}]


def play_step_actions(game: Game, seat: int) -> list[Action]:
    actions = play_actions(game, seat)
    if red_draws_left(game) > 0:
        actions.append({"type": "draw_red"})
    return actions + [{"type": "stop_playing"}]


def legal_actions(game: Game, seat: int) -> list[Action]:
    kind = awaiting(game).get(seat)
    if kind is None:
        return []
    if kind == "draft":
        return draft_actions(game)
    if kind == PLAY:
        return play_step_actions(game, seat)
    if kind == JOYRIDE:
        return borrow_actions(game)
    if kind == SWAP_MEET:
        return swap_actions(game)
    if kind == ROLL:
        return [{"type": "roll", "dice": list(r)} for r in roll_options(game, seat)]
    if kind == "reroll":
        return reroll_actions(game) + [{"type": "keep_dice"}]
    if kind == "choose":
        return choose_actions(game)
    if kind == BUY:
        return buy_actions(game) + [{"type": "end_buying"}]
    if kind == "hot_potato":
        return potato_actions(game)
    return match_actions(game)


def timeout_action(game: Game, seat: int) -> Action:
    """(Ruling) Stop playing cards, roll what is played, take the highest-total choice, buy
    nothing, match nothing. (Our choice) for the other decisions: see the docs page."""
    kind = awaiting(game).get(seat)
    if kind is None:
        raise IllegalAction("not_awaited", "this seat is not awaited")
    if kind == "draft":
        return draft_actions(game)[0]
    if kind == PLAY:
        return {"type": "stop_playing"}
    if kind == JOYRIDE:
        return max(borrow_actions(game), key=lambda a: mean_face(a["card"]))
    if kind == SWAP_MEET:
        takes = [a for a in swap_actions(game) if a["type"] == "swap_take"]
        return max(takes, key=lambda a: cost(a["card"])) if takes else {"type": "swap_finish"}
    if kind == ROLL:
        return {"type": "roll", "dice": list(best_roll(game, seat))}
    if kind == "reroll":
        return {"type": "keep_dice"}
    if kind == "choose":
        best = max(scoring_options(game), key=lambda o: total_of(tally(game, o)))
        return best.action()
    if kind == BUY:
        return {"type": "end_buying"}
    if kind == "hot_potato":
        return {"type": "place_hot_potato", "onto": None}
    return {"type": "end_matching"}
