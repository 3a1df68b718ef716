"""Deciding an action: every rule is checked here, then the events are told."""

from __future__ import annotations

from typing import Any, Callable

from games.core import Dice, Event, IllegalAction

from .actions import Move, read_move
from .cards import backed_scores, card_problem, dice_after
from .data import AFTER_ROLL, KIDS_BEFORE_ROLL, beats, readings, ties_or_beats
from .flow import Story, direction_name, not_beaten, new_round, reveal, roll, draw
from .play import awaiting
from .state import State

ALLOWED: dict[tuple[str, bool], tuple[str, ...]] = {
    ("declare", False): ("declare", "revive"),
    ("declare", True): ("declare", "revive", "concede"),
    ("respond", False): ("accept", "call", "play_card", "revive"),
    ("roll", True): ("roll", "play_card", "revive"),
    ("discard", False): ("discard",),
    ("discard", True): ("discard",),
}


def decide(state: State, seat: int, action: Any, dice: Dice) -> list[Event]:
    if state is None or state.over:
        raise IllegalAction("game_over", "the game is over")
    move = read_move(action)
    kind = awaiting(state).get(seat) if type(seat) is int else None
    if kind is None:
        raise IllegalAction("not_your_turn", "this seat is not awaited now")
    check_variant(state, move)
    if move.type not in ALLOWED[(kind, state.kids)]:
        raise IllegalAction("wrong_phase", f"{move.type} is not possible now: awaiting {kind}")
    story = Story(state)
    HANDLERS[move.type](story, seat, move, dice)
    return story.events


def check_variant(state: State, move: Move) -> None:
    if state.kids and move.type in ("accept", "call"):
        raise IllegalAction("no_bluffing_in_kids_rules", "kids rules have no bluffs to call")
    if not state.kids and move.type in ("roll", "concede"):
        raise IllegalAction("kids_rules_only", f"{move.type} belongs to the kids rules")


def require_card(state: State, seat: int, card: str) -> None:
    if card not in state.seats[seat].hand:
        raise IllegalAction("card_not_in_hand", f"you hold no {card} card")


def declare(story: Story, seat: int, move: Move, dice: Dice) -> None:
    state: State = story.state
    assert state.dice is not None
    verdict = "true" if move.score in readings(state.dice) else "bluff"
    if move.use is not None:
        require_card(state, seat, move.use.name)
        problem = card_problem(state.dice, move.use)
        if problem:
            raise IllegalAction(problem, f"{move.use.name} cannot be played like this")
        if move.score not in backed_scores(state.dice, move.use):
            raise IllegalAction("card_does_not_back_score",
                                f"{move.use.name} does not make {move.score}")
        verdict = "card"
    if state.kids:
        declare_openly(story, seat, move, verdict)
        return
    if not ties_or_beats(move.score, state.standing):
        raise IllegalAction("score_too_low", f"{move.score} does not tie or beat {state.standing}")
    story.tell("score_declared", {
        "seat": seat, "score": move.score, "responder": state.next_active(seat),
    }, {seat: {"dice": list(state.dice), "card": move.use.to_json() if move.use else None,
               "verdict": verdict}})


def declare_openly(story: Story, seat: int, move: Move, verdict: str) -> None:
    """Kids rules: the score is what the open dice (or an open card) show, and beats."""
    state: State = story.state
    assert state.dice is not None
    if verdict == "bluff":
        raise IllegalAction("no_bluffing_in_kids_rules", f"the dice do not show {move.score}")
    if not beats(move.score, state.standing):
        raise IllegalAction("must_beat_score", f"{move.score} does not beat {state.standing}")
    use = move.use
    story.tell("score_declared", {
        "seat": seat, "score": move.score, "card": use.to_json() if use else None,
        "card_dice": list(dice_after(state.dice, use)) if use else None,
        "next": state.next_active(seat),
    })


def accept(story: Story, seat: int, _: Move, dice: Dice) -> None:
    state: State = story.state
    d = state.declaration
    assert d is not None
    bamboozled = d.verdict != "true"
    kept = {d.seat: {"card_kept": d.card.name}} if d.card else {}
    story.tell("declaration_accepted", {
        "seat": seat, "declarer": d.seat, "score": d.score, "bamboozled": bamboozled,
    }, kept)
    if bamboozled:
        draw(story, d.seat, "bamboozle", dice)
    roll(story, seat, dice)


def call(story: Story, seat: int, _: Move, dice: Dice) -> None:
    reveal(story, seat, dice, my_bad=False)


def play_card(story: Story, seat: int, move: Move, dice: Dice) -> None:
    state: State = story.state
    card = move.card
    if card in AFTER_ROLL:
        raise IllegalAction("not_a_before_roll_card", f"{card} is played with a declaration")
    if card == "revive":
        raise IllegalAction("not_a_before_roll_card", "Revive has its own action: revive")
    if state.kids and card not in KIDS_BEFORE_ROLL:
        raise IllegalAction("my_bad_removed_in_kids_rules", "kids rules play without My Bad")
    require_card(state, seat, card)
    BEFORE_ROLL_CARDS[card](story, seat, dice)


def fresh_start(story: Story, seat: int, dice: Dice) -> None:
    """The score goes back to 0 and the card player rolls; the declaration is not judged."""
    story.tell("card_played", {"seat": seat, "card": "fresh_start"})
    new_round(story, seat, "fresh_start", dice)


def my_bad(story: Story, seat: int, dice: Dice) -> None:
    """A call without risk; then the round starts over with the card player."""
    story.tell("card_played", {"seat": seat, "card": "my_bad"})
    reveal(story, seat, dice, my_bad=True)


def declarer_of(state: State) -> int:
    if state.declaration is not None:
        return state.declaration.seat
    assert state.standing_by is not None
    return state.standing_by


def skip(story: Story, seat: int, dice: Dice) -> None:
    """The next player answers instead; nobody answers (bamboozles) themselves."""
    state: State = story.state
    declarer, following = declarer_of(state), state.next_active(seat)
    if following == declarer:
        story.tell("card_played", {"seat": seat, "card": "skip", "roll_again": declarer})
        roll(story, declarer, dice)
    else:
        story.tell("card_played", {"seat": seat, "card": "skip", "responder": following})


def reverse(story: Story, seat: int, dice: Dice) -> None:
    """Direction flips (with 2 players it is a Skip); the declarer rolls again."""
    state: State = story.state
    declarer = declarer_of(state)
    direction = state.direction if len(state.active) == 2 else -state.direction
    story.tell("card_played", {"seat": seat, "card": "reverse",
                               "direction": direction_name(direction), "roll_again": declarer})
    roll(story, declarer, dice)


def revive(story: Story, seat: int, _: Move, dice: Dice) -> None:
    state: State = story.state
    require_card(state, seat, "revive")
    strikes = state.seats[seat].strikes
    if strikes == 0:
        raise IllegalAction("no_strike_to_return", "Revive needs a strike to return")
    story.tell("card_played", {"seat": seat, "card": "revive", "strikes": strikes - 1,
                               "final_strike": False})


def discard(story: Story, seat: int, move: Move, _: Dice) -> None:
    state: State = story.state
    require_card(state, seat, move.card)
    story.tell("card_discarded", {"seat": seat, "card": move.card, "reason": "hand_limit",
                                  "hand_size": state.held(seat) - 1})


def kids_roll(story: Story, seat: int, _: Move, dice: Dice) -> None:
    roll(story, seat, dice)


def concede(story: Story, seat: int, _: Move, dice: Dice) -> None:
    state: State = story.state
    assert state.dice is not None
    if any(beats(s, state.standing) for s in readings(state.dice)):
        raise IllegalAction("dice_beat_score", "your dice beat the score: declare it")
    not_beaten(story, seat, dice)


BEFORE_ROLL_CARDS: dict[str, Callable[[Story, int, Dice], None]] = {
    "fresh_start": fresh_start, "my_bad": my_bad, "skip": skip, "reverse": reverse,
}
HANDLERS: dict[str, Callable[[Story, int, Move, Dice], None]] = {
    "declare": declare, "accept": accept, "call": call, "play_card": play_card,
    "revive": revive, "discard": discard, "roll": kids_roll, "concede": concede,
}
