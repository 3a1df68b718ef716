"""Folding events into state. Trusts every event; never validates, never rolls."""

from __future__ import annotations

from typing import Any, Callable, Mapping

from games.core import Event

from .data import full_deck, in_canonical_order
from .state import Call, CardUse, Declaration, Seat, State, replace, without

Data = Mapping[str, Any]


def game_started(_: State | None, event: Event) -> State:
    d = event.data
    options = d["options"]
    n = d["players"]
    return State(
        players=n,
        strike_limit=options["strikes"],
        hand_limit=options["hand_limit"],
        kids=options["kids"],
        seats=tuple(Seat() for _ in range(n)),
    )


def cards_dealt(state: State, event: Event) -> State:
    deck = list(full_deck(state.kids))
    seats = []
    for i, seat in enumerate(state.seats):
        cards = tuple(event.private[i]["cards"])
        for card in cards:
            deck.remove(card)
        seats.append(replace(seat, hand=cards))
    return replace(state, seats=tuple(seats), deck=in_canonical_order(deck))


def round_started(state: State, event: Event) -> State:
    state = return_face_down(state)
    return replace(
        state, round=event.data["round"], roller=event.data["roller"], dice=None,
        standing=0, standing_by=None, declaration=None, responder=None,
    )


def dice_rolled(state: State, event: Event) -> State:
    seat = event.data["seat"]
    raw = event.data["dice"] if "dice" in event.data else event.private[seat]["dice"]
    phase = "discard" if state.discarder is not None else "declare"
    return replace(state, roller=seat, dice=(raw[0], raw[1]), phase=phase,
                   declaration=None, responder=None)


def score_declared(state: State, event: Event) -> State:
    d = event.data
    seat = d["seat"]
    if state.kids:
        state = play_open_card(state, seat, d.get("card"))
        return replace(state, standing=d["score"], standing_by=seat, phase="roll",
                       responder=d["next"])
    secret = event.private[seat]
    card = CardUse.from_json(secret["card"])
    if card is not None:  # set aside face down: still counted in the public hand size
        state = state.with_seat(seat, hand=without(state.seats[seat].hand, card.name))
    declaration = Declaration(seat, d["score"], card, secret["verdict"])
    return replace(state, declaration=declaration, phase="respond", responder=d["responder"])


def play_open_card(state: State, seat: int, raw: Data | None) -> State:
    if raw is None:
        return state
    state = state.with_seat(seat, hand=without(state.seats[seat].hand, raw["name"]))
    return replace(state, discards=state.discards + (raw["name"],))


def return_face_down(state: State) -> State:
    """A declaration that nobody revealed gives its face-down card back to the hand."""
    d = state.declaration
    if d is None or d.card is None:
        return replace(state, declaration=None)
    state = state.with_seat(d.seat, hand=state.seats[d.seat].hand + (d.card.name,))
    return replace(state, declaration=None)


def declaration_accepted(state: State, event: Event) -> State:
    d = event.data
    state = return_face_down(state)
    return replace(state, standing=d["score"], standing_by=d["declarer"], responder=None)


def deck_refilled(state: State, _: Event) -> State:
    return replace(state, deck=in_canonical_order(state.discards), discards=())


def card_drawn(state: State, event: Event) -> State:
    seat = event.data["seat"]
    card = event.private[seat]["card"]
    state = replace(state, deck=without(state.deck, card))
    state = state.with_seat(seat, hand=state.seats[seat].hand + (card,))
    if state.over_limit(seat):
        state = replace(state, discarder=seat, phase="discard")
    return state


def card_discarded(state: State, event: Event) -> State:
    seat, card = event.data["seat"], event.data["card"]
    state = discard(state, seat, card)
    if not state.over_limit(seat):
        state = replace(state, discarder=None, phase="declare")
    return state


def discard(state: State, seat: int, card: str) -> State:
    state = state.with_seat(seat, hand=without(state.seats[seat].hand, card))
    return replace(state, discards=state.discards + (card,))


def card_played(state: State, event: Event) -> State:
    d = event.data
    state = discard(state, d["seat"], d["card"])
    if d["card"] == "revive":
        return state.with_seat(d["seat"], strikes=d["strikes"])
    if "direction" in d:
        state = replace(state, direction=1 if d["direction"] == "clockwise" else -1)
    if "responder" in d:
        return replace(state, responder=d["responder"])
    if "roll_again" in d:
        score = state.declaration.score if state.declaration else state.standing
        state = return_face_down(state)
        return replace(state, standing=score, standing_by=d["roll_again"], responder=None)
    return state


def bluff_called(state: State, event: Event) -> State:
    d = event.data
    card = CardUse.from_json(d["card"])
    call = Call(d["seat"], d["declarer"], d["score"], (d["dice"][0], d["dice"][1]),
                card, d["verdict"], d["my_bad"])
    state = replace(state, last_call=call, declaration=None, responder=None)
    if card is not None:  # revealed and discarded; the declared score stands
        state = replace(state, discards=state.discards + (card.name,),
                        standing=d["score"], standing_by=d["declarer"])
    return state


def strike_taken(state: State, event: Event) -> State:
    return state.with_seat(event.data["seat"], strikes=event.data["strikes"])


def player_out(state: State, event: Event) -> State:
    seat = event.data["seat"]
    cards = state.seats[seat].hand
    state = state.with_seat(seat, out=True, hand=())
    return replace(state, discards=state.discards + cards, out_order=state.out_order + (seat,))


def game_over(state: State, _: Event) -> State:
    return replace(state, over=True, phase="over", responder=None, discarder=None)


def unchanged(state: State, _: Event) -> State:
    return state


FOLDS: dict[str, Callable[[Any, Event], State]] = {
    "game_started": game_started,
    "cards_dealt": cards_dealt,
    "round_started": round_started,
    "dice_rolled": dice_rolled,
    "score_declared": score_declared,
    "declaration_accepted": declaration_accepted,
    "deck_refilled": deck_refilled,
    "card_drawn": card_drawn,
    "draw_pile_empty": unchanged,
    "card_discarded": card_discarded,
    "card_played": card_played,
    "bluff_called": bluff_called,
    "score_not_beaten": unchanged,
    "strike_taken": strike_taken,
    "player_out": player_out,
    "game_over": game_over,
}


def evolve(state: State | None, event: Event) -> State:
    return FOLDS[event.type](state, event)
