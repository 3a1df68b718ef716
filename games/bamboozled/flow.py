"""The steps the rules chain together: rolling, strikes, drawing, new rounds, reveals.

Each step appends events to a `Story`, which folds them as it goes, so the next step
reads the state the previous one left.
"""

from __future__ import annotations

from typing import Any

from games.core import Dice, pick
from games.core import story as core_story

from .cards import backed_scores, card_problem, card_uses, dice_after
from .data import DIE_SIDES, beats, readings
from .evolve import evolve
from .state import State


class Story(core_story.Story):
    """A decision's events, folded as they are told (games/core/story.py)."""

    def __init__(self, state: State | None) -> None:
        super().__init__(evolve, state)


def direction_name(direction: int) -> str:
    return "clockwise" if direction == 1 else "counterclockwise"


def roll(story: Story, seat: int, dice: Dice) -> None:
    """The roller rolls both dice in the cup: seen only by them (kids: by all)."""
    rolled = [dice.roll(DIE_SIDES), dice.roll(DIE_SIDES)]
    state: State = story.state
    data: dict[str, Any] = {"seat": seat, "against": state.standing}
    if state.kids:
        story.tell("dice_rolled", {**data, "dice": rolled})
        if not kids_can_beat(story.state):
            not_beaten(story, seat, dice)
    else:
        story.tell("dice_rolled", data, {seat: {"dice": rolled}})


def kids_can_beat(state: State) -> bool:
    """Kids rules: can the roller's dice (with a card, if any) beat the standing score?"""
    assert state.dice is not None and state.roller is not None
    if any(beats(s, state.standing) for s in readings(state.dice)):
        return True
    for use in card_uses(state.seats[state.roller].hand):
        if card_problem(state.dice, use) is None and any(
            beats(s, state.standing) for s in backed_scores(state.dice, use)
        ):
            return True
    return False


def not_beaten(story: Story, seat: int, dice: Dice) -> None:
    """Kids rules: a roll that does not beat the score earns a strike; its setter draws."""
    state: State = story.state
    setter = state.standing_by
    story.tell("score_not_beaten", {
        "seat": seat, "score": state.standing, "set_by": setter, "dice": list(state.dice or ()),
    })
    strike(story, seat, "not_beaten")
    if story.state.over:
        return
    if setter is not None and setter != seat:
        draw(story, setter, "not_beaten", dice)
    new_round(story, round_opener(story.state, seat), "strike", dice)


def strike(story: Story, seat: int, reason: str) -> None:
    """A strike; at the limit a Revive in hand saves the player, else they are out."""
    state: State = story.state
    strikes = state.seats[seat].strikes + 1
    story.tell("strike_taken", {"seat": seat, "reason": reason, "strikes": strikes})
    if strikes < state.strike_limit:
        return
    if "revive" in state.seats[seat].hand:
        story.tell("card_played", {"seat": seat, "card": "revive", "strikes": strikes - 1,
                                   "final_strike": True})
        return
    story.tell("player_out", {"seat": seat, "place": len(state.active),
                              "discarded": list(state.seats[seat].hand)})
    if len(story.state.active) == 1:
        story.tell("game_over", outcome(story.state))


def round_opener(state: State, striker: int) -> int:
    """Who took the strike starts the next round; if they are out, the next player does."""
    return striker if not state.seats[striker].out else state.next_active(striker)


def new_round(story: Story, roller: int, reason: str, dice: Dice) -> None:
    story.tell("round_started", {"round": story.state.round + 1, "roller": roller,
                                 "reason": reason})
    roll(story, roller, dice)


def draw(story: Story, seat: int, reason: str, dice: Dice) -> None:
    """Draw one action card; an empty pile is refilled from the discards first."""
    state: State = story.state
    if not state.deck:
        if not state.discards:
            story.tell("draw_pile_empty", {"seat": seat, "reason": reason})
            return
        story.tell("deck_refilled", {"cards": len(state.discards)})
        state = story.state
    card = pick(dice, state.deck)
    story.tell("card_drawn", {
        "seat": seat, "reason": reason, "hand_size": state.held(seat) + 1,
        "deck_size": len(state.deck) - 1,
    }, {seat: {"card": card}})


def reveal(story: Story, caller: int, dice: Dice, my_bad: bool) -> None:
    """A bluff call: the dice (and any face-down card) are shown and judged."""
    state: State = story.state
    d = state.declaration
    assert d is not None and state.dice is not None
    story.tell("bluff_called", {
        "seat": caller, "declarer": d.seat, "score": d.score, "my_bad": my_bad,
        "dice": list(state.dice), "card": d.card.to_json() if d.card else None,
        "card_dice": list(dice_after(state.dice, d.card)) if d.card else None,
        "verdict": d.verdict,
    })
    if d.verdict == "bluff":
        strike(story, d.seat, "bluff_caught")
        striker = d.seat
    elif d.verdict == "true" and not my_bad:
        strike(story, caller, "wrong_call")
        striker = caller
    else:
        striker = None
    if story.state.over:
        return
    if my_bad:
        new_round(story, caller, "my_bad", dice)
    elif striker is not None:
        new_round(story, round_opener(story.state, striker), "strike", dice)
    else:  # a card-backed score stands: the caller rolls against it
        roll(story, caller, dice)


def outcome(state: State) -> dict[str, Any]:
    """The last player standing wins; the others rank by how late they went out."""
    winners = list(state.active)
    ranking = [winners] + [[seat] for seat in reversed(state.out_order)]
    scores = {str(seat): state.players - 1 for seat in winners}
    scores.update({str(seat): i for i, seat in enumerate(state.out_order)})
    return {"winners": winners, "ranking": ranking, "scores": scores}
