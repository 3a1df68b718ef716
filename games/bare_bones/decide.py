"""Deciding actions: every rule checked, dice rolled only through `dice`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from itertools import pairwise
from typing import Any

from games.core import Dice, Event, IllegalAction, MalformedAction
from games.core.actions import action_type, int_field, int_list_field, only_fields, str_field

from .buying import buy_problem
from .data import COLOURS, DRAFT_MAX_COST, DRAFT_PICKS, cost, is_card, is_dice_card, stack_of
from .flow import Story, advance, deal_hands, draw, end_buying, matchable, roll_die
from .legal import awaiting
from .play import PARAMS, check_params, effect_of, play_problem, red_draws_left
from .pool import roll_allowed
from .rerolls import full_house_reroll_open, green_dice, green_reroll_open, rerolls_left
from .scoring import scoring_options, tally
from .state import OVER, Game, active_turn, supply_count

Handler = Callable[[Story, int, Mapping[str, Any], Dice], None]


def card_field(action: Mapping[str, Any], name: str = "card") -> str:
    card = str_field(action, name)
    if not is_card(card):
        raise IllegalAction("no_such_card", f"there is no card {card!r} in Bare Bones")
    return card


# --- the draft ----------------------------------------------------------------------------

def draft(story: Story, seat: int, action: Mapping[str, Any], dice: Dice) -> None:
    """Picks in turn from player 1, three rounds, one supply card costing 6 or less."""
    only_fields(action, ("card",))
    card, game = card_field(action), story.state
    if supply_count(game, card) <= 0:
        raise IllegalAction("stack_empty", f"the supply holds no {card}")
    if cost(card) > DRAFT_MAX_COST:
        raise IllegalAction("too_costly_to_draft", f"only cards costing {DRAFT_MAX_COST} or less")
    story.tell("card_drafted", {"seat": seat, "card": card, "pick": game.picks})
    if story.state.picks == DRAFT_PICKS * game.players:
        deal_hands(story, dice)


# --- stage 1: playing cards ---------------------------------------------------------------

def play_card(story: Story, seat: int, action: Mapping[str, Any], dice: Dice) -> None:
    card = card_field(action)
    names = PARAMS.get(stack_of(card), ())
    only_fields(action, ("card",) + names)
    params = {n: int_field(action, n) if n in ("target", "amount") else str_field(action, n)
              for n in names}
    problem = play_problem(story.state, seat, card)
    if problem is not None:
        raise problem
    check_params(story.state, seat, card, params)
    effect_of(card)(story, seat, card, params, dice)


def draw_red(story: Story, seat: int, action: Mapping[str, Any], dice: Dice) -> None:
    only_fields(action, ())
    if red_draws_left(story.state) <= 0:
        raise IllegalAction("no_red_draw", "Red draws one card for every two Red Dice Cards")
    draw(story, seat, 1, "red", dice)


def borrow(story: Story, seat: int, action: Mapping[str, Any], dice: Dice) -> None:
    only_fields(action, ("card",))
    card, turn = card_field(action), active_turn(story.state)
    lender = turn.joyride
    assert lender is not None
    if not is_dice_card(card) or card not in story.state.seats[lender].hand:
        raise IllegalAction("not_in_target_hand", "borrow a Dice Card from the revealed hand")
    story.tell("card_borrowed", {"seat": seat, "from": lender, "card": card})


def swap_return(story: Story, seat: int, action: Mapping[str, Any], dice: Dice) -> None:
    only_fields(action, ("card",))
    card = card_field(action)
    if card not in story.state.seats[seat].hand:
        raise IllegalAction("card_not_in_hand", f"{card} is not in your hand")
    value = active_turn(story.state).swap_value + cost(card)
    story.tell("card_returned", {"seat": seat, "card": card, "value": value})


def swap_take(story: Story, seat: int, action: Mapping[str, Any], dice: Dice) -> None:
    only_fields(action, ("card",))
    card = card_field(action)
    if supply_count(story.state, card) <= 0:
        raise IllegalAction("stack_empty", f"the supply holds no {card}")
    if cost(card) > active_turn(story.state).swap_value:
        raise IllegalAction("swap_value_too_low", "take a card costing at most the returned value")
    story.tell("swap_taken", {"seat": seat, "card": card})


def swap_finish(story: Story, seat: int, action: Mapping[str, Any], dice: Dice) -> None:
    only_fields(action, ())
    story.tell("swap_finished", {"seat": seat})


def stop_playing(story: Story, seat: int, action: Mapping[str, Any], dice: Dice) -> None:
    only_fields(action, ())
    story.tell("playing_stopped", {"seat": seat})


# --- stage 2: rolling and re-rolling -------------------------------------------------------

def roll(story: Story, seat: int, action: Mapping[str, Any], dice: Dice) -> None:
    only_fields(action, ("dice",))
    raw = action.get("dice")
    if not isinstance(raw, list) or any(not isinstance(c, str) or c not in COLOURS for c in raw):
        raise MalformedAction("malformed_action", f"'dice' is a list of colours {list(COLOURS)}")
    colours = tuple(sorted(raw, key=COLOURS.index))
    if not roll_allowed(story.state, seat, colours):
        raise IllegalAction("roll_not_allowed", "one die per Dice Card played, at most six, "
                            "only dice the supply holds (Purple, Double Up and Rainbow apart)")
    story.tell("dice_rolled", {"seat": seat, "dice": [
        {"colour": c, "face": roll_die(dice, c)} for c in colours]})


def reroll_green(story: Story, seat: int, action: Mapping[str, Any], dice: Dice) -> None:
    only_fields(action, ())
    if not green_reroll_open(story.state):
        raise IllegalAction("no_green_reroll", "Green dice are re-rolled once, with a Green card")
    chosen = green_dice(story.state)
    story.tell("green_rerolled", {"seat": seat, "dice": chosen,
                                  "faces": [roll_die(dice, "green") for _ in chosen]})


def die_index(action: Mapping[str, Any], name: str, count: int) -> int:
    value = int_field(action, name)
    if not 0 <= value < count:
        raise IllegalAction("no_such_die", f"dice are numbered 0..{count - 1}")
    return value


def reroll_die(story: Story, seat: int, action: Mapping[str, Any], dice: Dice) -> None:
    only_fields(action, ("die",))
    turn = active_turn(story.state)
    die = die_index(action, "die", len(turn.dice))
    left = rerolls_left(story.state)
    if left <= 0:
        raise IllegalAction("no_rerolls_left", "Re-Re-Roll gives two single-die re-rolls")
    story.tell("die_rerolled", {"seat": seat, "die": die,
                                "face": roll_die(dice, turn.dice[die].colour),
                                "rerolls_left": left - 1})


def reroll_full_house(story: Story, seat: int, action: Mapping[str, Any], dice: Dice) -> None:
    only_fields(action, ("dice",))
    chosen = int_list_field(action, "dice")
    if not chosen or any(b <= a for a, b in pairwise(chosen)):
        raise MalformedAction("malformed_action", "'dice' lists at least one die, ascending, once")
    turn = active_turn(story.state)
    if not all(0 <= i < len(turn.dice) for i in chosen):
        raise IllegalAction("no_such_die", f"dice are numbered 0..{len(turn.dice) - 1}")
    if not full_house_reroll_open(story.state):
        raise IllegalAction("no_full_house_reroll", "Full House gives one second roll")
    story.tell("full_house_rerolled", {"seat": seat, "dice": chosen, "faces": [
        roll_die(dice, turn.dice[i].colour) for i in chosen]})


def keep_dice(story: Story, seat: int, action: Mapping[str, Any], dice: Dice) -> None:
    only_fields(action, ())
    story.tell("dice_kept", {"seat": seat})


# --- stage 3: the scoring choice ---------------------------------------------------------------

def choose_doubled(story: Story, seat: int, action: Mapping[str, Any], dice: Dice) -> None:
    only_fields(action, ("dice",))
    chosen = int_list_field(action, "dice")
    options = [o for o in scoring_options(story.state)
               if o.keep is None and list(o.doubled) == chosen]
    if not options:
        raise IllegalAction("no_such_choice", "choose one of the listed sets of doubled dice")
    story.tell("turn_scored", tally(story.state, options[0]))


def choose_parity(story: Story, seat: int, action: Mapping[str, Any], dice: Dice) -> None:
    only_fields(action, ("keep",))
    keep = str_field(action, "keep", ("odd", "even"))
    options = [o for o in scoring_options(story.state) if o.keep == keep]
    if not options:
        raise IllegalAction("no_such_choice", "Odds or Evens is not in play")
    story.tell("turn_scored", tally(story.state, options[0]))


# --- stage 4 and 5: buying, Hot Potatoes, bonus matching --------------------------------------

def buy(story: Story, seat: int, action: Mapping[str, Any], dice: Dice) -> None:
    only_fields(action, ("card",))
    card = card_field(action)
    problem = buy_problem(story.state, card)
    if problem is not None:
        raise problem
    coins = active_turn(story.state).coins - cost(card)
    story.tell("card_bought", {"seat": seat, "card": card, "cost": cost(card), "coins": coins})


def end_buying_action(story: Story, seat: int, action: Mapping[str, Any], dice: Dice) -> None:
    only_fields(action, ())
    end_buying(story)


def place_hot_potato(story: Story, seat: int, action: Mapping[str, Any], dice: Dice) -> None:
    """On top of the own discard pile (`onto`: null) or of an opponent's draw pile."""
    only_fields(action, ("onto",))
    onto = None if action.get("onto") is None else int_field(action, "onto")
    if onto is not None and (onto == seat or not 0 <= onto < story.state.players):
        raise IllegalAction("no_such_opponent", "a Hot Potato goes onto an opponent's draw pile")
    story.tell("hot_potato_placed", {"seat": seat, "onto": onto})


def bonus_match(story: Story, seat: int, action: Mapping[str, Any], dice: Dice) -> None:
    only_fields(action, ("card",))
    card = card_field(action)
    if card not in matchable(story.state):
        raise IllegalAction("no_bonus_match", "match a colour with exactly two copies in play "
                            "with a Dice Card from your hand")
    story.tell("bonus_matched", {"seat": seat, "card": card,
                                 "active": active_turn(story.state).seat})


def end_matching(story: Story, seat: int, action: Mapping[str, Any], dice: Dice) -> None:
    only_fields(action, ())
    story.tell("matching_ended", {"seat": seat})


HANDLERS: dict[str, tuple[str, Handler]] = {
    "draft": ("draft", draft),
    "play_card": ("play", play_card),
    "draw_red": ("play", draw_red),
    "stop_playing": ("play", stop_playing),
    "borrow": ("joyride", borrow),
    "swap_return": ("swap_meet", swap_return),
    "swap_take": ("swap_meet", swap_take),
    "swap_finish": ("swap_meet", swap_finish),
    "roll": ("roll", roll),
    "reroll_green": ("reroll", reroll_green),
    "reroll_die": ("reroll", reroll_die),
    "reroll_full_house": ("reroll", reroll_full_house),
    "keep_dice": ("reroll", keep_dice),
    "choose_doubled": ("choose", choose_doubled),
    "choose_parity": ("choose", choose_parity),
    "buy": ("buy", buy),
    "end_buying": ("buy", end_buying_action),
    "place_hot_potato": ("hot_potato", place_hot_potato),
    "bonus_match": ("bonus_match", bonus_match),
    "end_matching": ("bonus_match", end_matching),
}


def decide(game: Game, seat: int, action: Mapping[str, Any], dice: Dice) -> list[Event]:
    if game.phase == OVER:
        raise IllegalAction("game_over", "the game is over")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players:
        raise IllegalAction("no_such_seat", "no such seat at this table")
    kind, handler = HANDLERS[action_type(action, HANDLERS)]
    waiting = awaiting(game)
    if seat not in waiting:
        raise IllegalAction("not_your_turn", "this seat is not awaited now")
    if waiting[seat] != kind:
        raise IllegalAction("wrong_step", f"{action['type']} is a {kind} action; "
                            f"now awaited: {waiting[seat]}")
    story = Story(game)
    handler(story, seat, action, dice)
    advance(story, dice)
    return story.events
