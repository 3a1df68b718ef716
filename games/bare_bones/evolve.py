"""Folding events into state. Trusts every event: no checks, no dice."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from games.core.messages import GameEvent

from . import events as ev
from .data import (
    CARD_RANK,
    COLOURS,
    STACK,
    STACK_SIZE,
    STARTING_DECK,
    UNITS,
    action_stack_order,
    is_dice_card,
    stack_cards,
)
from .state import (
    BUY,
    DICE,
    DICE_CARD_IN_PLAY,
    END,
    FRESH_TURN,
    JOYRIDE,
    OVER,
    PLAY,
    ROLL,
    SWAP_MEET,
    TURN,
    Aside,
    InPlay,
    Seat,
    State,
    Turn,
    active_turn,
    replace,
    set_at,
    supplied,
    with_seat,
    without,
)


def ordered(cards: Iterable[str]) -> tuple[str, ...]:
    """Cards in card order (data.card_order, read as CARD_RANK)."""
    return tuple(sorted(cards, key=CARD_RANK.__getitem__))


def take_from_draw(seat: Seat, cards: Sequence[str], **changes: Any) -> Seat:
    """Drawn cards leave the known top of the pile first, then its unordered rest (and
    the seat's other fields `changes`, in the same copy)."""
    top, rest = seat.draw_top, seat.draw_rest
    from_top = min(len(top), len(cards))
    if from_top:
        top = top[:len(top) - from_top]
    if len(cards) > from_top:
        left = list(rest)
        for card in cards[from_top:]:
            left.remove(card)
        rest = tuple(left)
    return replace(seat, draw_top=top, draw_rest=rest, **changes)


def with_turn(game: State, **changes: Any) -> State:
    """The game with `changes` to the active turn."""
    return replace(game, turn=replace(active_turn(game), **changes))


def turned(game: State, **changes: Any) -> Turn:
    """The active turn with `changes`."""
    return replace(active_turn(game), **changes)


# --- setup and the draft ------------------------------------------------------------------

def game_started(event: ev.GameStarted) -> State:
    supply = [(c, STACK_SIZE) for c in COLOURS]
    for stack in action_stack_order(event.action_cards):
        cards = stack_cards(stack)
        supply += [(c, cards.count(c)) for c in dict.fromkeys(cards)]
    return State(players=event.players, rounds=event.options.rounds,
                 action_cards=tuple(event.action_cards), first_player=event.first_player,
                 seats=tuple(Seat(draw_rest=ordered(STARTING_DECK))
                             for _ in range(event.players)),
                 supply=tuple(supply))


def card_drafted(game: State, event: ev.CardDrafted) -> State:
    player = game.seats[event.seat]
    player = replace(player, draw_rest=ordered(player.draw_rest + (event.card,)),
                     drafted=player.drafted + 1)
    return with_seat(game, event.seat, player, picks=game.picks + 1,
                     supply=supplied(game, event.card, -1))


# --- drawing -----------------------------------------------------------------------------

def cards_drawn(game: State, event: ev.CardsDrawn) -> State:
    seat, cards = event.seat, event.private[event.seat].cards
    player = game.seats[seat]
    player = take_from_draw(player, cards, hand=ordered(player.hand + tuple(cards)))
    if event.reason == "red":
        return with_seat(game, seat, player,
                         turn=turned(game, red_draws=active_turn(game).red_draws + 1))
    return with_seat(game, seat, player)


def discard_reshuffled(game: State, event: ev.DiscardReshuffled) -> State:
    player = game.seats[event.seat]
    return with_seat(game, event.seat,
                     replace(player, draw_rest=ordered(player.discard), discard=()))


# --- the start of a turn ------------------------------------------------------------------

def turn_started(game: State, event: ev.TurnStarted) -> State:
    player = game.seats[event.seat]
    turn = replace(FRESH_TURN, number=event.turn, round=event.round, seat=event.seat,
                   coins=event.coins)
    return with_seat(game, event.seat, replace(player, carry=0, extra_draws=0),
                     phase=TURN, turn=turn)


def cant_touch_this_returned(game: State, event: ev.CantTouchThisReturned) -> State:
    player = game.seats[event.seat]
    aside = Aside(event.card, event.face)
    i = player.aside.index(aside)
    return with_seat(game, event.seat, replace(
        player, aside=player.aside[:i] + player.aside[i + 1:],
        discard=player.discard + (aside.card,)))


# --- playing cards ------------------------------------------------------------------------

def card_played(game: State, event: ev.CardPlayed) -> State:
    seat, card = event.seat, event.card
    player = game.seats[seat]
    hand = without(player.hand, card)
    supply = game.supply
    if event.returned is not None:
        hand = without(hand, event.returned)
        supply = supplied(game, event.returned, 1)
    entry = DICE_CARD_IN_PLAY[card] if is_dice_card(card) else InPlay(card, event.copy)
    player = replace(player, hand=hand, play=player.play + (entry,))
    return with_seat(game, seat, player, supply=supply,
                     turn=played_turn(active_turn(game), card, event))


def played_turn(turn: Turn, card: str, event: ev.CardPlayed) -> Turn:
    """The turn once `card` is played: its Action Units and coins, and what it notes."""
    if is_dice_card(card):
        return turn  # a Dice Card uses no Action Units and gives no coins
    changes: dict[str, Any] = {"units": turn.units + UNITS[card],
                               "coins": turn.coins + (event.coins or 0)}
    if card == "loan_shark":
        changes["borrowed"] = turn.borrowed + (event.coins or 0)
    if card == "greed":
        changes["greeds"] = turn.greeds + 1
    if card == "joyride" and event.target is not None:
        changes["revealed"] = turn.revealed + ((event.target, tuple(event.revealed or ())),)
        if event.borrowing:
            changes.update(joyride=event.target, step=JOYRIDE)
    if card == "full_house" and event.revealed is not None:
        changes["full_house_shown"] = tuple(event.revealed)
    if card == "swap_meet":
        changes.update(step=SWAP_MEET, swap_value=0)
    return replace(turn, **changes)


def full_house_drew(game: State, event: ev.FullHouseDrew) -> State:
    player = take_from_draw(game.seats[event.seat], [event.card])
    if event.played:
        player = replace(player, play=player.play + (DICE_CARD_IN_PLAY[event.card],))
    else:
        player = replace(player, discard=player.discard + (event.card,))
    return with_seat(game, event.seat, player)


def card_borrowed(game: State, event: ev.CardBorrowed) -> State:
    owner = game.seats[event.lender]
    game = with_seat(game, event.lender, replace(owner, hand=without(owner.hand, event.card)))
    player = game.seats[event.seat]
    game = with_seat(game, event.seat, replace(
        player, play=player.play + (InPlay(event.card, event.card, event.lender),)))
    return with_turn(game, joyride=None, step=PLAY)


def card_returned(game: State, event: ev.CardReturned) -> State:
    player = game.seats[event.seat]
    return with_seat(game, event.seat, replace(player, hand=without(player.hand, event.card)),
                     supply=supplied(game, event.card, 1),
                     turn=turned(game, swap_value=event.value))


def swap_taken(game: State, event: ev.SwapTaken) -> State:
    player = game.seats[event.seat]
    return with_seat(game, event.seat,
                     replace(player, hand=ordered(player.hand + (event.card,))),
                     supply=supplied(game, event.card, -1),
                     turn=turned(game, step=PLAY, swap_value=0))


def swap_finished(game: State, event: ev.SwapFinished) -> State:
    return with_turn(game, step=PLAY, swap_value=0)


def playing_stopped(game: State, event: ev.PlayingStopped) -> State:
    return with_turn(game, step=ROLL)


# --- dice -----------------------------------------------------------------------------------

def dice_rolled(game: State, event: ev.DiceRolled) -> State:
    return with_turn(game, dice=tuple(event.dice), step=DICE)


def faces_set(game: State, indices: tuple[int, ...], faces: tuple[int, ...]) -> tuple:
    dice = active_turn(game).dice
    for i, face in zip(indices, faces):
        dice = set_at(dice, i, replace(dice[i], face=face))
    return dice


def green_rerolled(game: State, event: ev.GreenRerolled) -> State:
    return with_turn(game, dice=faces_set(game, event.dice, event.faces), green_rerolled=True)


def die_rerolled(game: State, event: ev.DieRerolled) -> State:
    turn = active_turn(game)
    return with_turn(game, dice=faces_set(game, (event.die,), (event.face,)),
                     rerolls_used=turn.rerolls_used + 1)


def full_house_rerolled(game: State, event: ev.FullHouseRerolled) -> State:
    return with_turn(game, dice=faces_set(game, event.dice, event.faces),
                     full_house_rerolled=True)


def dice_kept(game: State, event: ev.DiceKept) -> State:
    return with_turn(game, kept=True)


def turn_scored(game: State, event: ev.TurnScored) -> State:
    player = game.seats[event.seat]
    return with_seat(game, event.seat, replace(player, score=event.score, owed=0),
                     turn=turned(game, coins=event.coins, scored=True, step=BUY))


# --- buying and the end of the turn ------------------------------------------------------

def card_bought(game: State, event: ev.CardBought) -> State:
    player = game.seats[event.seat]
    turn = active_turn(game)
    return with_seat(game, event.seat, replace(player, discard=player.discard + (event.card,)),
                     supply=supplied(game, event.card, -1),
                     turn=replace(turn, coins=event.coins,
                                  bought=turn.bought + (STACK[event.card],)))


def buying_ended(game: State, event: ev.BuyingEnded) -> State:
    player = game.seats[event.seat]
    return with_seat(game, event.seat, replace(player, carry=event.carried, owed=event.owed),
                     turn=turned(game, coins=0, step=END))


def remove_from_play(player: Seat, card: str) -> Seat:
    i = next(i for i, p in enumerate(player.play) if p.card == card and p.owner is None)
    return replace(player, play=player.play[:i] + player.play[i + 1:])


def hot_potato_placed(game: State, event: ev.HotPotatoPlaced) -> State:
    player = remove_from_play(game.seats[event.seat], "hot_potato")
    if event.onto is None:
        return with_seat(game, event.seat,
                         replace(player, discard=player.discard + ("hot_potato",)))
    game = with_seat(game, event.seat, player)
    victim = game.seats[event.onto]
    return with_seat(game, event.onto,
                     replace(victim, draw_top=victim.draw_top + ("hot_potato",)))


def cant_touch_this_rolled(game: State, event: ev.CantTouchThisRolled) -> State:
    player = remove_from_play(game.seats[event.seat], event.card)
    return with_seat(game, event.seat, replace(
        player, aside=player.aside + (Aside(event.card, event.face),)))


def bonus_matched(game: State, event: ev.BonusMatched) -> State:
    player = game.seats[event.seat]
    player = replace(player, hand=without(player.hand, event.card),
                     extra_draws=player.extra_draws + 1,
                     play=player.play + (InPlay(event.card, event.card, None, True),))
    game = with_seat(game, event.seat, player)
    return with_turn(game, matched=active_turn(game).matched + (event.card,))


def matching_ended(game: State, event: ev.MatchingEnded) -> State:
    return with_turn(game, matching_over=True)


def turn_ended(game: State, event: ev.TurnEnded) -> State:
    """Cleanup: borrowed cards go back to their owners' hands (a resigned owner's card
    leaves play); the play area and the hand go to the discard pile."""
    player = game.seats[event.seat]
    for entry in player.play:
        if entry.owner is not None and entry.owner not in game.resigned:
            lender = game.seats[entry.owner]
            game = with_seat(game, entry.owner,
                             replace(lender, hand=ordered(lender.hand + (entry.card,))))
    own = tuple(p.card for p in player.play if p.owner is None)
    player = replace(player, discard=player.discard + own + player.hand, hand=(), play=())
    return with_seat(game, event.seat, player, turn=None)


def player_resigned(game: State, event: ev.PlayerResigned) -> State:
    """(Ruling) The seat leaves play: its cards leave the game (the supply is unchanged),
    a Can't Touch This die goes back to the supply, its coins and loan leave the game, its
    running score stays. Its turn, if it was the active player, ends at once (cards it
    borrowed back to their owners); a Joyride waiting to borrow from it borrows nothing."""
    seat = event.seat
    for back in event.returned:
        owner = game.seats[back.to]
        game = with_seat(game, back.to, replace(owner, hand=ordered(owner.hand + (back.card,))))
    player = game.seats[seat]
    game = with_seat(game, seat, Seat(score=player.score, drafted=player.drafted))
    game = replace(game, resigned=game.resigned + (seat,))
    turn = game.turn
    if turn is None:
        return game
    if turn.seat == seat:
        return replace(game, turn=None)
    revealed = tuple((s, hand) for s, hand in turn.revealed if s != seat)
    if turn.joyride == seat:
        return with_turn(game, revealed=revealed, joyride=None, step=PLAY)
    return with_turn(game, revealed=revealed)


def game_over(game: State, event: ev.GameOver) -> State:
    return replace(game, phase=OVER, turn=None)


FOLDS: dict[type, Callable[[State, Any], State]] = {
    ev.CardDrafted: card_drafted,
    ev.CardsDrawn: cards_drawn,
    ev.DiscardReshuffled: discard_reshuffled,
    ev.TurnStarted: turn_started,
    ev.CantTouchThisReturned: cant_touch_this_returned,
    ev.CardPlayed: card_played,
    ev.FullHouseDrew: full_house_drew,
    ev.CardBorrowed: card_borrowed,
    ev.CardReturned: card_returned,
    ev.SwapTaken: swap_taken,
    ev.SwapFinished: swap_finished,
    ev.PlayingStopped: playing_stopped,
    ev.DiceRolled: dice_rolled,
    ev.GreenRerolled: green_rerolled,
    ev.DieRerolled: die_rerolled,
    ev.FullHouseRerolled: full_house_rerolled,
    ev.DiceKept: dice_kept,
    ev.TurnScored: turn_scored,
    ev.CardBought: card_bought,
    ev.BuyingEnded: buying_ended,
    ev.HotPotatoPlaced: hot_potato_placed,
    ev.CantTouchThisRolled: cant_touch_this_rolled,
    ev.BonusMatched: bonus_matched,
    ev.MatchingEnded: matching_ended,
    ev.TurnEnded: turn_ended,
    ev.GameOver: game_over,
    ev.PlayerResigned: player_resigned,
}


def evolve(game: State | None, event: GameEvent) -> State:
    if game is None:
        assert isinstance(event, ev.GameStarted), "the first event must be game_started"
        return game_started(event)
    return FOLDS[type(event)](game, event)
