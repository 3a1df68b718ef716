"""Folding events into the state. Trusts every event; never validates, never rolls."""

from __future__ import annotations

from typing import Any, Callable

from games.core.frozen import replace
from games.core.messages import GameEvent

from . import events as ev
from .data import DECLARE, DISCARD, OVER, RESPOND, ROLL, full_deck, in_canonical_order
from .state import Call, Declaration, Seat, State, without


def evolve(state: State | None, event: GameEvent) -> State:
    fold = FOLDS.get(type(event))  # every event but the first
    if fold is not None and state is not None:
        return fold(state, event)
    if isinstance(event, ev.GameStarted):
        return game_started(event)
    assert state is not None, "the first event must be game_started"
    return FOLDS[type(event)](state, event)


def game_started(event: ev.GameStarted) -> State:
    return State(
        players=event.players,
        strike_limit=event.options.strikes,
        hand_limit=event.options.hand_limit,
        kids=event.options.kids,
        seats=tuple(Seat() for _ in range(event.players)),
        active=tuple(range(event.players)),
    )


def cards_dealt(state: State, event: ev.CardsDealt) -> State:
    deck = list(full_deck(state.kids))
    seats = []
    for i, seat in enumerate(state.seats):
        cards = tuple(event.private[i].cards)
        for card in cards:
            deck.remove(card)
        seats.append(replace(seat, hand=cards))
    return replace(state, seats=tuple(seats), deck=in_canonical_order(deck))


def round_started(state: State, event: ev.RoundStarted) -> State:
    """A declaration nobody revealed gives its face-down card back to the hand."""
    return replace(
        state, seats=state.seats_returned(), round=event.round, roller=event.roller,
        dice=None, standing=0, standing_by=None, declaration=None, responder=None,
    )


def dice_rolled(state: State, event: ev.DiceRolled) -> State:
    seat = event.seat
    raw = event.dice if event.dice is not None else event.private[seat].dice
    phase = DISCARD if state.discarder is not None else DECLARE
    return replace(state, roller=seat, dice=(raw[0], raw[1]), phase=phase,
                   declaration=None, responder=None)


def score_declared(state: State, event: ev.ScoreDeclared) -> State:
    seat = event.seat
    if state.kids:
        state = play_open_card(state, seat, event.card)
        return replace(state, standing=event.score, standing_by=seat, phase=ROLL,
                       responder=event.next)
    secret = event.private[seat]
    card = secret.card
    seats = state.seats
    if card is not None:  # set aside face down: still counted in the public hand size
        seats = state.seats_with(seat, hand=without(seats[seat].hand, card.name))
    declaration = Declaration(seat, event.score, card, secret.verdict)
    return replace(state, seats=seats, declaration=declaration, phase=RESPOND,
                   responder=event.responder)


def play_open_card(state: State, seat: int, card: Any) -> State:
    if card is None:
        return state
    return discard(state, seat, card.name)


def declaration_accepted(state: State, event: ev.DeclarationAccepted) -> State:
    """The face-down card, if any, goes back to the hand."""
    return replace(state, seats=state.seats_returned(), declaration=None,
                   standing=event.score, standing_by=event.declarer, responder=None)


def deck_refilled(state: State, _: ev.DeckRefilled) -> State:
    return replace(state, deck=in_canonical_order(state.discards), discards=())


def card_drawn(state: State, event: ev.CardDrawn) -> State:
    seat = event.seat
    card = event.private[seat].card
    state = replace(state, deck=without(state.deck, card),
                    seats=state.seats_with(seat, hand=state.seats[seat].hand + (card,)))
    if state.over_limit(seat):
        state = replace(state, discarder=seat, phase=DISCARD)
    return state


def card_discarded(state: State, event: ev.CardDiscarded) -> State:
    seat = event.seat
    state = discard(state, seat, event.card)
    if not state.over_limit(seat):
        state = replace(state, discarder=None, phase=DECLARE)
    return state


def discard(state: State, seat: int, card: str) -> State:
    hand = without(state.seats[seat].hand, card)
    return replace(state, seats=state.seats_with(seat, hand=hand),
                   discards=state.discards + (card,))


def score_reset_card_played(state: State, event: ev.ScoreResetCardPlayed) -> State:
    """The card is discarded; its round_started or bluff_called follows."""
    return discard(state, event.seat, event.card)


def skip_played(state: State, event: ev.SkipPlayed) -> State:
    return replace(discard(state, event.seat, event.card), responder=event.responder)


def roll_again(state: State, declarer: int) -> State:
    """The declarer rolls again against their own declared score."""
    score = state.declaration.score if state.declaration else state.standing
    return replace(state, seats=state.seats_returned(), declaration=None, standing=score,
                   standing_by=declarer, responder=None)


def skip_played_to_declarer(state: State, event: ev.SkipPlayedToDeclarer) -> State:
    return roll_again(discard(state, event.seat, event.card), event.roll_again)


def reverse_played(state: State, event: ev.ReversePlayed) -> State:
    state = discard(state, event.seat, event.card)
    state = replace(state, direction=1 if event.direction == "clockwise" else -1)
    return roll_again(state, event.roll_again)


def revive_played(state: State, event: ev.RevivePlayed) -> State:
    return discard(state, event.seat, event.card).with_seat(event.seat, strikes=event.strikes)


def bluff_called(state: State, event: ev.BluffCalled) -> State:
    card = event.card
    call = Call(event.seat, event.declarer, event.score, (event.dice[0], event.dice[1]),
                card, event.verdict, event.my_bad)
    state = replace(state, last_call=call, declaration=None, responder=None)
    if card is not None:  # revealed and discarded; the declared score stands
        state = replace(state, discards=state.discards + (card.name,),
                        standing=event.score, standing_by=event.declarer)
    return state


def strike_taken(state: State, event: ev.StrikeTaken) -> State:
    return state.with_seat(event.seat, strikes=event.strikes)


def player_out(state: State, event: ev.PlayerOut) -> State:
    seat = event.seat
    cards = state.seats[seat].hand
    return replace(state, seats=state.seats_with(seat, out=True, hand=()),
                   discards=state.discards + cards, out_order=state.out_order + (seat,),
                   active=tuple(s for s in state.active if s != seat))


def player_resigned(state: State, event: ev.PlayerResigned) -> State:
    """Out as if put out now: the hand (a face-down card back in it first) goes to the
    discards face up; a discard it owed is no longer awaited. A voided claim is dropped by
    the `round_started` that follows."""
    seat = event.seat
    d = state.declaration
    if d is not None and d.seat == seat:
        state = replace(state, seats=state.seats_returned(), declaration=None)
    state = player_out(state, ev.PlayerOut(seat=seat, place=event.place,
                                           discarded=event.discarded))
    state = state.with_seat(seat, resigned=True)
    if state.discarder == seat:
        state = replace(state, discarder=None, phase=DECLARE)
    return state


def game_over(state: State, _: ev.GameOver) -> State:
    return replace(state, over=True, phase=OVER, responder=None, discarder=None)


def unchanged(state: State, _: GameEvent) -> State:
    return state


FOLDS: dict[type, Callable[[State, Any], State]] = {
    ev.CardsDealt: cards_dealt,
    ev.RoundStarted: round_started,
    ev.DiceRolled: dice_rolled,
    ev.ScoreDeclared: score_declared,
    ev.DeclarationAccepted: declaration_accepted,
    ev.DeckRefilled: deck_refilled,
    ev.CardDrawn: card_drawn,
    ev.DrawPileEmpty: unchanged,
    ev.CardDiscarded: card_discarded,
    ev.ScoreResetCardPlayed: score_reset_card_played,
    ev.SkipPlayed: skip_played,
    ev.SkipPlayedToDeclarer: skip_played_to_declarer,
    ev.ReversePlayed: reverse_played,
    ev.RevivePlayed: revive_played,
    ev.BluffCalled: bluff_called,
    ev.ScoreNotBeaten: unchanged,
    ev.StrikeTaken: strike_taken,
    ev.PlayerOut: player_out,
    ev.PlayerResigned: player_resigned,
    ev.GameOver: game_over,
}
