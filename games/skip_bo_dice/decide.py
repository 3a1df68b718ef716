"""Deciding actions: every rule checked, dice rolled only through `dice`."""

from __future__ import annotations

from typing import Any, Callable, Mapping

from games.core import Dice, Event, IllegalAction, MalformedAction
from games.core.actions import action_type, int_field, int_list_field, only_fields
from games.core.seats import seats_from

from .data import (
    BONUS, BUBBLES, DICE, PILES, PILES_TO_END, STAR_BUBBLES, STOCKPILE_BOXES, Face, is_number,
)
from .evolve import evolve
from .scoring import results
from .sources import (
    SOURCES, read_pile, read_source, require_fill_step, require_open_pile, require_stockpile_index,
    require_unused_die, uses_bonus_die, written_mark,
)
from .state import (
    OVER, STOCKPILE, Game, action_moment, bonus_moment, bonus_value_index, completion_place,
    completion_reward, stockpile_full,
)


def roll_die(dice: Dice, die: int) -> Face:
    faces = DICE[die]
    return faces[dice.roll(len(faces)) - 1]


def turn_started(turn: int, seat: int, dice: Dice) -> Event:
    """A turn starts with a public roll of all six dice."""
    faces = [roll_die(dice, die) for die in range(len(DICE))]
    return Event("turn_started", {"turn": turn, "seat": seat, "dice": faces})


def fold(game: Game, events: list[Event]) -> Game:
    for event in events:
        game = evolve(game, event)
    return game


# --- filling bubbles -------------------------------------------------------------------

def star_mark(bubble: int, mark: Face) -> str | None:
    """A number collects the star over its bubble; a Skip-Bo crosses it out."""
    if bubble not in STAR_BUBBLES:
        return None
    return "collected" if is_number(mark) else "crossed"


def last_round_turns(game: Game, trigger: int) -> list[int]:
    """After this turn every other player takes one final turn, in order to the left."""
    return [s for s in seats_from((game.active + 1) % game.players, game.players) if s != trigger]


def completion_events(game: Game, seat: int, pile: int, moment: str) -> list[Event]:
    place = completion_place(game, pile, moment)
    events = [Event("pile_completed", {
        "seat": seat, "pile": PILES[pile], "place": place, "reward": completion_reward(place),
        "moment": moment, "shared": moment in game.moments[pile],
    })]
    if game.last_round_by is None and game.boards[seat].piles_completed + 1 >= PILES_TO_END:
        events.append(Event("last_round_started",
                            {"seat": seat, "final_turns": last_round_turns(game, seat)}))
    return events


def fill_events(game: Game, seat: int, pile: int, bubble: int, mark: Face,
                source: dict[str, Any], moment: str) -> list[Event]:
    events = [Event("bubble_filled", {
        "seat": seat, "pile": PILES[pile], "bubble": bubble, "mark": mark,
        "star": star_mark(bubble, mark), "source": source,
    })]
    if bubble == BUBBLES:
        events += completion_events(game, seat, pile, moment)
    return events


def decide_fill(game: Game, seat: int, action: Mapping[str, Any], dice: Dice) -> list[Event]:
    only_fields(action, ("pile", "source"))
    pile, source = read_pile(action), read_source(action)
    require_fill_step(game, seat)
    board = game.boards[seat]
    bubble = require_open_pile(board, pile)
    mark, used = SOURCES[source["kind"]](game, board, source, bubble)
    if not uses_bonus_die(source):
        return fill_events(game, seat, pile, bubble, mark, used, action_moment(game.fills))
    moment = bonus_moment(game.turn, bonus_value_index(game))
    events = fill_events(game, seat, pile, bubble, mark, used, moment)
    return events + [bonus_die_rolled(game, seat, dice)]


def bonus_die_rolled(game: Game, seat: int, dice: Dice) -> Event:
    """Using the Bonus Die's number re-rolls it at once; the new value is shown to all."""
    value = roll_die(dice, BONUS)
    return Event("bonus_die_rolled", {"seat": seat, "value": value, "value_index": len(game.shown)})


def decide_claim(game: Game, seat: int, action: Mapping[str, Any], dice: Dice) -> list[Event]:
    only_fields(action, ("turn", "value_index", "pile"))
    turn, index = int_field(action, "turn"), int_field(action, "value_index")
    pile = read_pile(action)
    if seat == game.active:
        raise IllegalAction("own_bonus_die", "the active player uses their Bonus Die by filling "
                            "from die 5, not by claiming")
    if turn < game.turn:
        raise IllegalAction("claim_window_closed", "that turn's stockpile step is over")
    if turn > game.turn or not 0 <= index < len(game.shown):
        raise IllegalAction("no_such_bonus_value", "no such Bonus Die value was shown this turn")
    if index in game.claimed[seat]:
        raise IllegalAction("bonus_value_already_claimed", "each player uses a shown value once")
    bubble = require_open_pile(game.boards[seat], pile)
    mark = written_mark(game.shown[index], bubble)
    source = {"kind": "claim", "turn": turn, "value_index": index}
    return fill_events(game, seat, pile, bubble, mark, source, bonus_moment(turn, index))


# --- re-rolls ----------------------------------------------------------------------------

def decide_reroll(game: Game, seat: int, action: Mapping[str, Any], dice: Dice) -> list[Event]:
    only_fields(action, ("dice",))
    chosen = int_list_field(action, "dice")
    if not chosen or any(b <= a for a, b in zip(chosen, chosen[1:])):
        raise MalformedAction("malformed_action", "'dice' lists at least one die, ascending, once")
    require_fill_step(game, seat)
    board = game.boards[seat]
    if board.rerolls_left <= 0:
        raise IllegalAction("no_rerolls_left", "all three re-rolls were used")
    for die in chosen:
        require_unused_die(game, die)
    faces = [roll_die(dice, die) for die in chosen]
    return [Event("dice_rerolled", {"seat": seat, "dice": chosen, "faces": faces,
                                    "rerolls_left": board.rerolls_left - 1})]


# --- the end of a turn: done, the stockpile step, the next turn or the end -------------

def end_of_turn(game: Game, dice: Dice) -> list[Event]:
    """The turn passes to the left, or to the next final turn; or the game ends."""
    events = [Event("turn_ended", {"seat": game.active, "turn": game.turn})]
    if game.final_turns == ():
        return events + [Event("game_over", results(fold(game, events)))]
    if game.final_turns is not None:
        seat = game.final_turns[0]
    else:
        seat = (game.active + 1) % game.players
    return events + [turn_started(game.turn + 1, seat, dice)]


def decide_done(game: Game, seat: int, action: Mapping[str, Any], dice: Dice) -> list[Event]:
    only_fields(action, ())
    require_fill_step(game, seat)
    choosers = [s for s in seats_from(seat, game.players) if not game.boards[s].all_stockpiles_full]
    events = [Event("turn_done", {"seat": seat, "choosers": choosers})]
    return events if choosers else events + end_of_turn(fold(game, events), dice)


def decide_stockpile(game: Game, seat: int, action: Mapping[str, Any], dice: Dice) -> list[Event]:
    only_fields(action, ("die", "stockpile"))
    die, stockpile = int_field(action, "die"), int_field(action, "stockpile")
    if game.phase != STOCKPILE:
        raise IllegalAction("not_stockpile_step", "the stockpile step starts when the turn is done")
    board = game.boards[seat]
    if seat not in game.choosers:
        code = "stockpiles_full" if board.all_stockpiles_full else "already_chosen"
        raise IllegalAction(code, "this player has nothing to choose in this stockpile step")
    require_unused_die(game, die)
    require_stockpile_index(stockpile)
    if stockpile_full(board, stockpile):
        raise IllegalAction("stockpile_full", f"Stockpile {stockpile} is full")
    box = len(board.stockpiles[stockpile])
    events = [Event("stockpile_written", {"seat": seat, "die": die, "value": game.dice[die],
                                          "stockpile": stockpile, "box": box})]
    if box + 1 == STOCKPILE_BOXES:
        events.append(Event("skip_bo_reward_earned", {"seat": seat, "stockpile": stockpile}))
    if game.choosers == (seat,):
        events += end_of_turn(fold(game, events), dice)
    return events


HANDLERS: dict[str, Callable[[Game, int, Mapping[str, Any], Dice], list[Event]]] = {
    "fill": decide_fill,
    "reroll": decide_reroll,
    "done": decide_done,
    "stockpile": decide_stockpile,
    "claim_bonus": decide_claim,
}


def decide(game: Game, seat: int, action: Mapping[str, Any], dice: Dice) -> list[Event]:
    if game.phase == OVER:
        raise IllegalAction("game_over", "the game is over")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players:
        raise IllegalAction("no_such_seat", "no such seat at this table")
    return HANDLERS[action_type(action, HANDLERS)](game, seat, action, dice)
