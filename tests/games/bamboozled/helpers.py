"""Shared helpers for the Bamboozled tests: scripted deals, draws and states."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Sequence

from games.bamboozled import RULES
from games.bamboozled.data import full_deck, in_canonical_order
from games.bamboozled.state import State
from games.core import IllegalAction, MalformedAction, NoDice
from tests.support.harness import config, given, when


def deal_rolls(hands: Sequence[str], kids: bool = False) -> list[int]:
    """The shuffle rolls that deal `hands[i]` to seat i (inverse Fisher-Yates)."""
    deck = list(full_deck(kids))
    rest = list(deck)
    for card in hands:
        rest.remove(card)
    target = list(hands) + rest
    rolls = []
    for i in range(len(deck) - 1, 0, -1):
        j = next(k for k in range(i + 1) if deck[k] == target[i])
        rolls.append(j + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return rolls


def start(hands: Sequence[str], first_roll: tuple[int, int], first_player: int | None = 0,
          drawn_first: int | None = None, **options: Any) -> tuple[State, list]:
    """A game of len(hands) players, seat i dealt hands[i], the first roller rolling first_roll."""
    cfg = config(RULES, len(hands), first_player=first_player, **options)
    rolls = [] if drawn_first is None else [drawn_first + 1]
    rolls += deal_rolls(hands, kids=bool(options.get("kids")))
    return given(RULES, cfg, rolls + list(first_roll))


def act(state: State, seat: int, action: dict[str, Any],
        dice: Sequence[int] = ()) -> tuple[State, list]:
    return when(RULES, state, seat, action, dice)


def draw_roll(state: State, card: str) -> int:
    """The die result that draws `card` from the pile (a pick over the pile's canonical order)."""
    return state.deck.index(card) + 1


def with_hand(state: State, seat: int, *cards: str) -> State:
    """The state with `seat` holding `cards` (taken from / returned to the draw pile)."""
    deck = list(state.deck) + list(state.seats[seat].hand)
    for card in cards:
        deck.remove(card)
    state = state.with_seat(seat, hand=tuple(cards))
    return replace(state, deck=in_canonical_order(deck))


def with_strikes(state: State, seat: int, strikes: int) -> State:
    return state.with_seat(seat, strikes=strikes)


def declare(score: int, card: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"type": "declare", "score": score, "card": card}


ACCEPT = {"type": "accept"}
CALL = {"type": "call"}
ROLL = {"type": "roll"}
REVIVE = {"type": "revive"}


def play(card: str) -> dict[str, Any]:
    return {"type": "play_card", "card": card}


def types(events: list) -> list[str]:
    return [e.type for e in events]


def public(events: list) -> list[tuple[str, dict]]:
    return [(e.type, dict(e.data)) for e in events]


def rejected(state: State, seat: int, action: Any) -> str:
    """The code decide rejects the action with (fails if it is accepted)."""
    try:
        RULES.decide(state, seat, action, NoDice())
    except IllegalAction as exc:
        return exc.code
    raise AssertionError(f"{action} was accepted")


def malformed(state: State, seat: int, action: Any) -> str:
    try:
        RULES.decide(state, seat, action, NoDice())
    except MalformedAction as exc:
        return exc.code
    raise AssertionError(f"{action} was not rejected as malformed")
