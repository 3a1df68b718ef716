"""Who is awaited, what each seat may post now, and what the clock posts for them.

Every item is concrete: a roller has at most 36 plain scores, 13 card-backed ones,
concede and revive (the declared score is one of 36 readings in rank order, not a
range), so no list comes near 100 items.

Every item is a typed action, built once and shared (actions are immutable): the plain
declarations per standing score, the card plays and discards per card, the answers.
The served list is their JSON, written on each call (games.core.legal.legal_json).
"""

from __future__ import annotations

import functools

from games.core import IllegalAction
from games.core.messages import GameAction

from .actions import (
    Accept, CallBluff, Concede, Declare, Discard, PlayCard, Resign, Revive, Roll,
)
from .cards import backed_scores, card_problem, card_uses
from .data import (
    AFTER_ROLL, AWAIT_DECLARE, AWAIT_DISCARD, AWAIT_RESPOND, AWAIT_ROLL, BEFORE_ROLL, CARD_NAMES,
    DECLARE,
    DISCARD, KIDS_BEFORE_ROLL, RESPOND, ROLL, SCORES, rank, readings,
)
from .rules import clears, dice_beat, high_enough, ties_or_beats
from .state import Dice2, State


# What a seat awaited for each kind may post (games.core.rules.typed_decider checks it).
# The responder's move is "respond" (standard rules) or "roll" (kids rules): the same
# actions, of which decide.check_variant refuses the other variant's own.
RESPONDER_MOVES: tuple[type[GameAction], ...] = (Accept, CallBluff, Roll, PlayCard, Revive)
# Resign is posted in or out of turn; its handler checks that the seat is still in play.
OUT_OF_TURN: tuple[type[GameAction], ...] = (Resign,)
AWAITS: dict[str, tuple[type[GameAction], ...]] = {
    AWAIT_DECLARE: (Declare, Revive, Concede),
    AWAIT_RESPOND: RESPONDER_MOVES,
    AWAIT_ROLL: RESPONDER_MOVES,
    AWAIT_DISCARD: (Discard,),
}
# The actions without fields (the clock posts some of them), and as listed.
ACCEPT, ROLL_DICE, CONCEDE = Accept(), Roll(), Concede()
ANSWERS: tuple[GameAction, ...] = (ACCEPT, CallBluff())
ROLLS: tuple[GameAction, ...] = (ROLL_DICE,)
CONCESSIONS: tuple[GameAction, ...] = (CONCEDE,)
REVIVES: tuple[GameAction, ...] = (Revive(),)
RESIGN = Resign()
# Each card's play (before a roll) and discard, as listed.
CARD_PLAYS: dict[str, GameAction] = {c: PlayCard(card=c)  # type: ignore[arg-type]
                                     for c in BEFORE_ROLL}
DISCARDS: dict[str, GameAction] = {c: Discard(card=c)  # type: ignore[arg-type]
                                   for c in CARD_NAMES}
AFTER_ROLL_SET = frozenset(AFTER_ROLL)


def awaiting(state: State) -> dict[int, str]:
    if state.over:
        return {}
    if state.phase == DISCARD and state.discarder is not None:
        return {state.discarder: AWAIT_DISCARD}
    if state.phase == DECLARE and state.roller is not None:
        return {state.roller: AWAIT_DECLARE}
    if state.phase in (RESPOND, ROLL) and state.responder is not None:
        return {state.responder: AWAIT_RESPOND if state.phase == RESPOND else AWAIT_ROLL}
    return {}


def legal_actions(state: State, seat: int) -> list[GameAction]:
    """The seat's moves now, then `resign` for every seat still in play."""
    moves = turn_actions(state, seat)
    if not state.over and seat in state.active:
        moves.append(RESIGN)
    return moves


def turn_actions(state: State, seat: int) -> list[GameAction]:
    kind = awaiting(state).get(seat)
    if kind == AWAIT_DECLARE:
        moves = declarations(state, seat)  # a new list, extended here
        moves += concessions(state)
        moves += revives(state, seat)
        return moves
    if kind == AWAIT_RESPOND:
        return [*ANSWERS, *before_roll_cards(state, seat), *revives(state, seat)]
    if kind == AWAIT_ROLL:
        return [*ROLLS, *before_roll_cards(state, seat), *revives(state, seat)]
    if kind == AWAIT_DISCARD:
        hand = state.seats[seat].hand
        return [DISCARDS[c] for c in CARD_NAMES if c in hand]
    return []


def declarations(state: State, seat: int) -> list[GameAction]:
    """Every plain score high enough (kids: only the dice's readings), then every score an
    after-roll card in hand backs."""
    dice = state.dice
    assert dice is not None
    plain = readings(dice) if state.kids else SCORES
    out: list[GameAction] = list(plain_declarations(plain, state.standing, state.kids))
    hand = state.seats[seat].hand
    if not AFTER_ROLL_SET.isdisjoint(hand):
        held = tuple(name for name in AFTER_ROLL if name in hand)
        out.extend(backed_declarations(dice, held, state.standing, state.kids))
    return out


@functools.cache
def plain_declarations(scores: tuple[int, ...], standing: int,
                       kids: bool) -> tuple[Declare, ...]:
    """The declarations of `scores` high enough against `standing`: the same for every
    roller, so each list is built once (scores: every score, or kids, a roll's readings)."""
    return tuple(Declare(score=s) for s in scores if clears(s, standing, kids))


# Keyed on the dice, the after-roll cards held, the standing score and the variant: at
# most 36 * 7 * 37 * 2 keys, of which 1,800 random playouts meet about 3,100 (73% hits);
# the bound keeps the common ones. Building a list for Double and Up/Down costs some
# 2,000 times a hit (measured: 150 us against 0.07 us on a loaded machine).
@functools.lru_cache(maxsize=4096)
def backed_declarations(dice: Dice2, held: tuple[str, ...], standing: int,
                        kids: bool) -> tuple[Declare, ...]:
    """The declarations the after-roll cards `held` back on `dice`, high enough against
    `standing`: every way to play each card, in the order of `card_uses`."""
    return tuple(Declare(score=s, card=use)
                 for use in card_uses(held) if card_problem(dice, use) is None
                 for s in backed_scores(dice, use) if clears(s, standing, kids))


def concessions(state: State) -> tuple[GameAction, ...]:
    """Kids rules: a roller whose dice do not beat may take the strike instead of a card."""
    if not state.kids or state.dice is None or dice_beat(state):
        return ()
    return CONCESSIONS


def before_roll_cards(state: State, seat: int) -> list[GameAction]:
    hand = state.seats[seat].hand
    names = KIDS_BEFORE_ROLL if state.kids else BEFORE_ROLL
    return [CARD_PLAYS[c] for c in names if c in hand]


def revives(state: State, seat: int) -> tuple[GameAction, ...]:
    player = state.seats[seat]
    if player.strikes > 0 and "revive" in player.hand:
        return REVIVES
    return ()


def timeout_action(state: State, seat: int) -> GameAction:
    """Rulings: accept; declare the best true reading, else the lowest legal bluff;
    discard the newest card. Kids rules: roll; declare the best reading, else concede."""
    kind = awaiting(state).get(seat)
    if kind == AWAIT_RESPOND:
        return ACCEPT
    if kind == AWAIT_ROLL:
        return ROLL_DICE
    if kind == AWAIT_DISCARD:
        return Discard(card=state.seats[seat].hand[-1])  # type: ignore[arg-type]
    if kind == AWAIT_DECLARE:
        return timeout_declaration(state)
    raise IllegalAction("not_awaited", f"seat {seat} is not awaited")


def timeout_declaration(state: State) -> GameAction:
    assert state.dice is not None
    best = max(readings(state.dice), key=rank)
    if high_enough(state, best):
        return Declare(score=best)
    if state.kids:
        return CONCEDE
    true = readings(state.dice)
    bluff = next(s for s in SCORES if ties_or_beats(s, state.standing) and s not in true)
    return Declare(score=bluff)


def in_play(state: State, seat: int) -> bool:
    """Whether the seat has neither resigned nor gone out: the shared guard answers
    anything from a seat out of play `not_in_play` (games.core.rules)."""
    return not state.seats[seat].out
