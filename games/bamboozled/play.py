"""Who is awaited, what they may do, and what a timeout does for them."""

from __future__ import annotations

from typing import Any

from .cards import backed_scores, card_problem, card_uses
from .data import (
    BEFORE_ROLL, CARD_NAMES, KIDS_BEFORE_ROLL, SCORES, beats, rank, readings, ties_or_beats,
)
from .state import State

Action = dict[str, Any]


def awaiting(state: State) -> dict[int, str]:
    if state.over:
        return {}
    if state.phase == "discard" and state.discarder is not None:
        return {state.discarder: "discard"}
    if state.phase == "declare" and state.roller is not None:
        return {state.roller: "declare"}
    if state.phase in ("respond", "roll") and state.responder is not None:
        return {state.responder: state.phase}
    return {}


def legal_actions(state: State, seat: int) -> list[Action]:
    kind = awaiting(state).get(seat)
    if kind == "declare":
        return declarations(state, seat) + concessions(state) + revives(state, seat)
    if kind == "respond":
        return [{"type": "accept"}, {"type": "call"}] + before_roll_cards(state, seat) \
            + revives(state, seat)
    if kind == "roll":
        return [{"type": "roll"}] + before_roll_cards(state, seat) + revives(state, seat)
    if kind == "discard":
        hand = state.seats[seat].hand
        return [{"type": "discard", "card": c} for c in CARD_NAMES if c in hand]
    return []


def high_enough(state: State, score: int) -> bool:
    """Tie or beat; the kids rules must strictly beat."""
    return beats(score, state.standing) if state.kids else ties_or_beats(score, state.standing)


def declarations(state: State, seat: int) -> list[Action]:
    assert state.dice is not None
    plain = readings(state.dice) if state.kids else SCORES
    out: list[Action] = [
        {"type": "declare", "score": s, "card": None} for s in plain if high_enough(state, s)
    ]
    for use in card_uses(state.seats[seat].hand):
        if card_problem(state.dice, use) is None:
            out.extend(
                {"type": "declare", "score": s, "card": use.to_json()}
                for s in backed_scores(state.dice, use) if high_enough(state, s)
            )
    return out


def concessions(state: State) -> list[Action]:
    """Kids rules: a roller whose dice do not beat may take the strike instead of a card."""
    if not state.kids or state.dice is None:
        return []
    if any(beats(s, state.standing) for s in readings(state.dice)):
        return []
    return [{"type": "concede"}]


def before_roll_cards(state: State, seat: int) -> list[Action]:
    hand = state.seats[seat].hand
    names = KIDS_BEFORE_ROLL if state.kids else BEFORE_ROLL
    return [{"type": "play_card", "card": c} for c in names if c in hand]


def revives(state: State, seat: int) -> list[Action]:
    player = state.seats[seat]
    if player.strikes > 0 and "revive" in player.hand:
        return [{"type": "revive"}]
    return []


def timeout_action(state: State, seat: int) -> Action:
    """Rulings: accept; declare the best true reading, else the lowest legal bluff;
    discard the newest card. Kids rules: roll; declare the best reading, else concede."""
    kind = awaiting(state).get(seat)
    if kind == "respond":
        return {"type": "accept"}
    if kind == "roll":
        return {"type": "roll"}
    if kind == "discard":
        return {"type": "discard", "card": state.seats[seat].hand[-1]}
    if kind == "declare":
        return timeout_declaration(state)
    raise ValueError(f"seat {seat} is not awaited")


def timeout_declaration(state: State) -> Action:
    assert state.dice is not None
    best = max(readings(state.dice), key=rank)
    if high_enough(state, best):
        return {"type": "declare", "score": best, "card": None}
    if state.kids:
        return {"type": "concede"}
    true = readings(state.dice)
    bluff = next(s for s in SCORES if ties_or_beats(s, state.standing) and s not in true)
    return {"type": "declare", "score": bluff, "card": None}
