"""Folding events into state. Trusts every event: no checks, no dice."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from games.core import Event

from .data import (
    COLOURS,
    STARTING_DECK,
    action_stack_order,
    card_order,
    is_dice_card,
    stack_cards,
    stack_of,
    units,
)
from .state import (
    BUY,
    DICE,
    END,
    JOYRIDE,
    OVER,
    PLAY,
    ROLL,
    SWAP_MEET,
    TURN,
    Aside,
    Die,
    Game,
    InPlay,
    Seat,
    Turn,
    active_turn,
    set_at,
    supply_add,
    with_seat,
    without,
)

Data = Mapping[str, Any]


def ordered(cards: Any) -> tuple[str, ...]:
    return tuple(sorted((str(c) for c in cards), key=card_order))


def take_from_draw(seat: Seat, cards: list[str]) -> Seat:
    """Drawn cards leave the known top of the pile first, then its unordered rest."""
    top, rest = seat.draw_top, seat.draw_rest
    for card in cards:
        if top:
            top = top[:-1]
        else:
            rest = without(rest, card)
    return replace(seat, draw_top=top, draw_rest=rest)


def with_turn(game: Game, **changes: Any) -> Game:
    return replace(game, turn=replace(active_turn(game), **changes))


def seat_of(game: Game, data: Data) -> tuple[int, Seat]:
    seat = int(data["seat"])
    return seat, game.seats[seat]


# --- setup and the draft ------------------------------------------------------------------

def game_started(_: Game | None, data: Data) -> Game:
    players = int(data["players"])
    actions = tuple(str(a) for a in data["action_cards"])
    supply = [(c, 7) for c in COLOURS]
    for stack in action_stack_order(actions):
        cards = stack_cards(stack)
        supply += [(c, cards.count(c)) for c in dict.fromkeys(cards)]
    return Game(players=players, rounds=int(data["options"]["rounds"]), action_cards=actions,
                first_player=int(data["first_player"]),
                seats=tuple(Seat(draw_rest=ordered(STARTING_DECK)) for _ in range(players)),
                supply=tuple(supply))


def card_drafted(game: Game, data: Data) -> Game:
    seat, player = seat_of(game, data)
    card = str(data["card"])
    game = with_seat(game, seat, replace(player, draw_rest=ordered(player.draw_rest + (card,))))
    return replace(supply_add(game, card, -1), picks=game.picks + 1)


# --- drawing -----------------------------------------------------------------------------

def cards_drawn(game: Game, event: Event) -> Game:
    seat, player = seat_of(game, event.data)
    cards = [str(c) for c in event.private[seat]["cards"]]
    player = take_from_draw(player, cards)
    game = with_seat(game, seat, replace(player, hand=ordered(player.hand + tuple(cards))))
    if event.data["reason"] == "red":
        game = with_turn(game, red_draws=active_turn(game).red_draws + 1)
    return game


def discard_reshuffled(game: Game, data: Data) -> Game:
    seat, player = seat_of(game, data)
    return with_seat(game, seat, replace(player, draw_rest=ordered(player.discard), discard=()))


# --- the start of a turn ------------------------------------------------------------------

def turn_started(game: Game, data: Data) -> Game:
    seat, player = seat_of(game, data)
    game = with_seat(game, seat, replace(player, carry=0, extra_draws=0))
    turn = Turn(number=int(data["turn"]), round=int(data["round"]), seat=seat,
                coins=int(data["coins"]))
    return replace(game, phase=TURN, turn=turn)


def cant_touch_this_returned(game: Game, data: Data) -> Game:
    seat, player = seat_of(game, data)
    aside = Aside(str(data["card"]), int(data["face"]))
    i = player.aside.index(aside)
    return with_seat(game, seat, replace(player, aside=player.aside[:i] + player.aside[i + 1:],
                                         discard=player.discard + (aside.card,)))


# --- playing cards ------------------------------------------------------------------------

def card_played(game: Game, data: Data) -> Game:
    seat, player = seat_of(game, data)
    card = str(data["card"])
    colour = card if is_dice_card(card) else data.get("copy")
    hand = without(player.hand, card)
    if "returned" in data:
        hand = without(hand, str(data["returned"]))
        game = supply_add(game, str(data["returned"]), 1)
    player = replace(player, hand=hand, play=player.play + (InPlay(card, colour),))
    game = with_seat(game, seat, player)
    turn = active_turn(game)
    changes: dict[str, Any] = {"units": turn.units + units(card),
                               "coins": turn.coins + int(data.get("coins", 0))}
    if card == "loan_shark":
        changes["borrowed"] = turn.borrowed + int(data["coins"])
    if card == "greed":
        changes["greeds"] = turn.greeds + 1
    if card == "joyride":
        target = int(data["target"])
        changes["revealed"] = turn.revealed + ((target, tuple(data["revealed"])),)
        if data["borrowing"]:
            changes.update(joyride=target, step=JOYRIDE)
    if card == "swap_meet":
        changes.update(step=SWAP_MEET, swap_value=0)
    return with_turn(game, **changes)


def full_house_drew(game: Game, data: Data) -> Game:
    seat, player = seat_of(game, data)
    card = str(data["card"])
    player = take_from_draw(player, [card])
    if data["played"]:
        player = replace(player, play=player.play + (InPlay(card, card),))
    else:
        player = replace(player, discard=player.discard + (card,))
    return with_seat(game, seat, player)


def card_borrowed(game: Game, data: Data) -> Game:
    seat, player = seat_of(game, data)
    lender, card = int(data["from"]), str(data["card"])
    owner = game.seats[lender]
    game = with_seat(game, lender, replace(owner, hand=without(owner.hand, card)))
    game = with_seat(game, seat, replace(player, play=player.play + (InPlay(card, card, lender),)))
    return with_turn(game, joyride=None, step=PLAY)


def card_returned(game: Game, data: Data) -> Game:
    seat, player = seat_of(game, data)
    card = str(data["card"])
    game = with_seat(supply_add(game, card, 1), seat, replace(player, hand=without(player.hand, card)))
    return with_turn(game, swap_value=int(data["value"]))


def swap_taken(game: Game, data: Data) -> Game:
    seat, player = seat_of(game, data)
    card = str(data["card"])
    game = with_seat(supply_add(game, card, -1), seat,
                     replace(player, hand=ordered(player.hand + (card,))))
    return with_turn(game, step=PLAY, swap_value=0)


def swap_finished(game: Game, data: Data) -> Game:
    return with_turn(game, step=PLAY, swap_value=0)


def playing_stopped(game: Game, data: Data) -> Game:
    return with_turn(game, step=ROLL)


# --- dice -----------------------------------------------------------------------------------

def dice_of(raw: Any) -> tuple[Die, ...]:
    return tuple(Die(str(d["colour"]), int(d["face"])) for d in raw)


def dice_rolled(game: Game, data: Data) -> Game:
    return with_turn(game, dice=dice_of(data["dice"]), step=DICE)


def faces_set(game: Game, indices: Any, faces: Any) -> tuple[Die, ...]:
    dice = active_turn(game).dice
    for i, face in zip(indices, faces):
        dice = set_at(dice, int(i), Die(dice[int(i)].colour, int(face)))
    return dice


def green_rerolled(game: Game, data: Data) -> Game:
    return with_turn(game, dice=faces_set(game, data["dice"], data["faces"]), green_rerolled=True)


def die_rerolled(game: Game, data: Data) -> Game:
    turn = active_turn(game)
    return with_turn(game, dice=faces_set(game, [data["die"]], [data["face"]]),
                     rerolls_used=turn.rerolls_used + 1)


def full_house_rerolled(game: Game, data: Data) -> Game:
    return with_turn(game, dice=faces_set(game, data["dice"], data["faces"]),
                     full_house_rerolled=True)


def dice_kept(game: Game, data: Data) -> Game:
    return with_turn(game, kept=True)


def turn_scored(game: Game, data: Data) -> Game:
    seat, player = seat_of(game, data)
    game = with_seat(game, seat, replace(player, score=int(data["score"]), owed=0))
    return with_turn(game, coins=int(data["coins"]), scored=True, step=BUY)


# --- buying and the end of the turn ------------------------------------------------------

def card_bought(game: Game, data: Data) -> Game:
    seat, player = seat_of(game, data)
    card = str(data["card"])
    game = with_seat(supply_add(game, card, -1), seat,
                     replace(player, discard=player.discard + (card,)))
    turn = active_turn(game)
    return with_turn(game, coins=int(data["coins"]), bought=turn.bought + (stack_of(card),))


def buying_ended(game: Game, data: Data) -> Game:
    seat, player = seat_of(game, data)
    game = with_seat(game, seat, replace(player, carry=int(data["carried"]),
                                         owed=int(data["owed"])))
    return with_turn(game, coins=0, step=END)


def remove_from_play(player: Seat, card: str) -> Seat:
    i = next(i for i, p in enumerate(player.play) if p.card == card and p.owner is None)
    return replace(player, play=player.play[:i] + player.play[i + 1:])


def hot_potato_placed(game: Game, data: Data) -> Game:
    seat, player = seat_of(game, data)
    player = remove_from_play(player, "hot_potato")
    onto = data["onto"]
    if onto is None:
        return with_seat(game, seat, replace(player, discard=player.discard + ("hot_potato",)))
    game = with_seat(game, seat, player)
    victim = game.seats[int(onto)]
    return with_seat(game, int(onto), replace(victim, draw_top=victim.draw_top + ("hot_potato",)))


def cant_touch_this_rolled(game: Game, data: Data) -> Game:
    seat, player = seat_of(game, data)
    card = str(data["card"])
    player = remove_from_play(player, card)
    return with_seat(game, seat, replace(player, aside=player.aside + (Aside(card, int(data["face"])),)))


def bonus_matched(game: Game, data: Data) -> Game:
    seat, player = seat_of(game, data)
    card = str(data["card"])
    player = replace(player, hand=without(player.hand, card), extra_draws=player.extra_draws + 1,
                     play=player.play + (InPlay(card, card, None, True),))
    game = with_seat(game, seat, player)
    return with_turn(game, matched=active_turn(game).matched + (card,))


def matching_ended(game: Game, data: Data) -> Game:
    return with_turn(game, matching_over=True)


def turn_ended(game: Game, data: Data) -> Game:
    """Cleanup: borrowed cards go back to their owners' hands; the play area and the hand
    go to the discard pile."""
    seat, player = seat_of(game, data)
    for entry in player.play:
        if entry.owner is not None:
            lender = game.seats[entry.owner]
            game = with_seat(game, entry.owner, replace(lender, hand=ordered(lender.hand + (entry.card,))))
    own = tuple(p.card for p in player.play if p.owner is None)
    player = replace(player, discard=player.discard + own + player.hand, hand=(), play=())
    return replace(with_seat(game, seat, player), turn=None)


def game_over(game: Game, data: Data) -> Game:
    return replace(game, phase=OVER, turn=None)


HANDLERS: dict[str, Callable[[Game, Data], Game]] = {
    "card_drafted": card_drafted,
    "discard_reshuffled": discard_reshuffled,
    "turn_started": turn_started,
    "cant_touch_this_returned": cant_touch_this_returned,
    "card_played": card_played,
    "full_house_drew": full_house_drew,
    "card_borrowed": card_borrowed,
    "card_returned": card_returned,
    "swap_taken": swap_taken,
    "swap_finished": swap_finished,
    "playing_stopped": playing_stopped,
    "dice_rolled": dice_rolled,
    "green_rerolled": green_rerolled,
    "die_rerolled": die_rerolled,
    "full_house_rerolled": full_house_rerolled,
    "dice_kept": dice_kept,
    "turn_scored": turn_scored,
    "card_bought": card_bought,
    "buying_ended": buying_ended,
    "hot_potato_placed": hot_potato_placed,
    "cant_touch_this_rolled": cant_touch_this_rolled,
    "bonus_matched": bonus_matched,
    "matching_ended": matching_ended,
    "turn_ended": turn_ended,
    "game_over": game_over,
}


def evolve(game: Game | None, event: Event) -> Game:
    if event.type == "game_started":
        return game_started(game, event.data)
    assert game is not None
    if event.type == "cards_drawn":
        return cards_drawn(game, event)
    return HANDLERS[event.type](game, event.data)
