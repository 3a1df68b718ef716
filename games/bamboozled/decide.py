"""setup and decide: every rule checked, typed events told; dice rolled only through `dice`.

A move often sets off a chain (a call reveals the dice, a strike is taken, the player
goes out, a new round starts and its roller rolls). Each step below appends its events
to a `Story`, which folds them as it goes, so the next step reads the state the previous
one left.
"""

from __future__ import annotations

from typing import Any, Callable

from games.core import Dice, GameConfig, IllegalAction, pick, shuffle
from games.core.messages import GameAction, GameEvent
from games.core.options import resolve_options
from games.core.rules import Handler
from games.core.seats import check_first_player, check_players
from games.core.story import Story

from . import events as ev
from .actions import (
    Accept, CallBluff, Concede, Declare, Discard, PlayCard, Resign, Revive, Roll,
)
from .cards import backed_scores, card_problem, dice_after
from .data import (
    AFTER_ROLL, DIE_SIDES, KIDS_BEFORE_ROLL, MAX_PLAYERS, MIN_PLAYERS, NAME, OPTIONS, full_deck,
)
from .evolve import evolve
from .legal import awaiting
from .rules import (
    beats, declarer_of, dice_beat, kids_can_beat, reverse_direction, round_opener, standings,
    ties_or_beats, verdict,
)
from .state import Options, State, direction_name

# --- setup -------------------------------------------------------------------------------

def setup(config: GameConfig, dice: Dice) -> list[GameEvent]:
    """Shuffle the action cards, deal one to each player, and the first roller rolls."""
    players = check_players(config.players, MIN_PLAYERS, MAX_PLAYERS, NAME)
    first = check_first_player(config.first_player, players, "the first roller")
    options = Options.from_json(resolve_options(OPTIONS, config.options))
    drawn = first is None
    if first is None:
        first = dice.roll(players) - 1
    deck = full_deck(options.kids)
    order = shuffle(dice, deck)
    story = Story(evolve, None)
    story.add(ev.GameStarted(players=players, options=options, first_player=first,
                             first_player_drawn=drawn, deck_size=len(deck),
                             direction="clockwise"))
    story.add(ev.CardsDealt(hand_sizes=(1,) * players, deck_size=len(deck) - players,
                            private={seat: ev.DealtPrivate(cards=(order[seat],))
                                     for seat in range(players)}))
    new_round(story, first, "first_round", dice)
    return story.events


# --- decide ------------------------------------------------------------------------------

# The shared decider (games.core.rules.typed_decider) has already checked that the game
# runs, that the seat is at the table and awaited for this kind of action (legal.AWAITS);
# the variant's own actions (check_variant) and every other rule are checked below.

def check_variant(state: State, action: GameAction) -> None:
    if state.kids and isinstance(action, (Accept, CallBluff)):
        raise IllegalAction("no_bluffing_in_kids_rules", "kids rules have no bluffs to call")
    if not state.kids and isinstance(action, (Roll, Concede)):
        raise IllegalAction("kids_rules_only", f"{action.TYPE} belongs to the kids rules")


def require_card(state: State, seat: int, card: str) -> None:
    if card not in state.seats[seat].hand:
        raise IllegalAction("card_not_in_hand", f"you hold no {card} card")


def declare(story: Story, seat: int, action: Declare, dice: Dice) -> None:
    state: State = story.state
    assert state.dice is not None
    use = action.card
    if use is not None:
        if use.name not in AFTER_ROLL:
            raise IllegalAction("not_an_after_roll_card",
                                f"{use.name} is not played with a declaration")
        require_card(state, seat, use.name)
        problem = card_problem(state.dice, use)
        if problem:
            raise IllegalAction(problem, f"{use.name} cannot be played like this")
        if action.score not in backed_scores(state.dice, use):
            raise IllegalAction("card_does_not_back_score",
                                f"{use.name} does not make {action.score}")
    judged = verdict(state.dice, action.score, use)
    if state.kids:
        declare_openly(story, seat, action, judged)
        return
    if not ties_or_beats(action.score, state.standing):
        raise IllegalAction("score_too_low",
                            f"{action.score} does not tie or beat {state.standing}")
    story.add(ev.ScoreDeclared(
        seat=seat, score=action.score, responder=state.next_active(seat),
        private={seat: ev.DeclarationPrivate(dice=state.dice, card=use,
                                             verdict=judged)}))  # type: ignore[arg-type]


def declare_openly(story: Story, seat: int, action: Declare, judged: str) -> None:
    """Kids rules: the score is what the open dice (or an open card) show, and beats."""
    state: State = story.state
    assert state.dice is not None
    if judged == "bluff":
        raise IllegalAction("no_bluffing_in_kids_rules", f"the dice do not show {action.score}")
    if not beats(action.score, state.standing):
        raise IllegalAction("must_beat_score", f"{action.score} does not beat {state.standing}")
    use = action.card
    story.add(ev.ScoreDeclared(
        seat=seat, score=action.score, card=use,
        card_dice=dice_after(state.dice, use) if use else None,
        next=state.next_active(seat)))


def accept(story: Story, seat: int, _: Accept, dice: Dice) -> None:
    state: State = story.state
    d = state.declaration
    assert d is not None
    bamboozled = d.verdict != "true"
    kept = {d.seat: ev.KeptPrivate(card_kept=d.card.name)} if d.card else {}
    story.add(ev.DeclarationAccepted(seat=seat, declarer=d.seat, score=d.score,
                                     bamboozled=bamboozled, private=kept))
    if bamboozled:
        draw(story, d.seat, "bamboozle", dice)
    roll(story, seat, dice)


def call(story: Story, seat: int, _: CallBluff, dice: Dice) -> None:
    reveal(story, seat, dice, my_bad=False)


def play_card(story: Story, seat: int, action: PlayCard, dice: Dice) -> None:
    state: State = story.state
    card = action.card
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
    story.add(ev.ScoreResetCardPlayed(seat=seat, card="fresh_start"))
    new_round(story, seat, "fresh_start", dice)


def my_bad(story: Story, seat: int, dice: Dice) -> None:
    """A call without risk; then the round starts over with the card player."""
    story.add(ev.ScoreResetCardPlayed(seat=seat, card="my_bad"))
    reveal(story, seat, dice, my_bad=True)


def skip(story: Story, seat: int, dice: Dice) -> None:
    """The next player answers instead; nobody answers (bamboozles) themselves."""
    state: State = story.state
    declarer, following = declarer_of(state), state.next_active(seat)
    if following == declarer:
        story.add(ev.SkipPlayedToDeclarer(seat=seat, card="skip", roll_again=declarer))
        roll(story, declarer, dice)
    else:
        story.add(ev.SkipPlayed(seat=seat, card="skip", responder=following))


def reverse(story: Story, seat: int, dice: Dice) -> None:
    """Direction flips (with 2 players it is a Skip); the declarer rolls again."""
    state: State = story.state
    declarer = declarer_of(state)
    story.add(ev.ReversePlayed(seat=seat, card="reverse",
                               direction=direction_name(reverse_direction(state)),
                               roll_again=declarer))
    roll(story, declarer, dice)


def revive(story: Story, seat: int, _: Revive, dice: Dice) -> None:
    state: State = story.state
    require_card(state, seat, "revive")
    strikes = state.seats[seat].strikes
    if strikes == 0:
        raise IllegalAction("no_strike_to_return", "Revive needs a strike to return")
    story.add(ev.RevivePlayed(seat=seat, card="revive", strikes=strikes - 1,
                              final_strike=False))


def discard(story: Story, seat: int, action: Discard, _: Dice) -> None:
    state: State = story.state
    require_card(state, seat, action.card)
    story.add(ev.CardDiscarded(seat=seat, card=action.card, reason="hand_limit",
                               hand_size=state.held(seat) - 1))


def kids_roll(story: Story, seat: int, _: Roll, dice: Dice) -> None:
    roll(story, seat, dice)


def concede(story: Story, seat: int, _: Concede, dice: Dice) -> None:
    if dice_beat(story.state):
        raise IllegalAction("dice_beat_score", "your dice beat the score: declare it")
    not_beaten(story, seat, dice)


def resign(story: Story, seat: int, _: Resign, dice: Dice) -> None:
    """(Ruling, "Resigning") In or out of turn, the seat is out at once, as if put out now:
    its hand (a face-down card with it) goes to the discards face up and it ranks below
    everyone still in. A resignation of the seat that holds the turn or the claim (the
    roller, whose roll or declaration is current; the seat awaited to respond, roll or
    discard; the setter of the score to beat) voids the claim: the next player still in
    starts a new round at 0 (Our choice: like Fresh Start, nothing is judged or drawn).
    Anyone else's resignation leaves the turn as it is. One player left: they win."""
    state: State = story.state
    holds = seat in (state.roller, state.standing_by) or seat in awaiting(state)
    face_down = state.face_down(seat)
    hand = state.seats[seat].hand + ((face_down,) if face_down else ())
    story.add(ev.PlayerResigned(seat=seat, place=len(state.active),
                                discarded=hand,  # type: ignore[arg-type]
                                claim_voided=holds and len(state.active) > 2))
    if len(story.state.active) == 1:
        result = standings(story.state)
        story.add(ev.GameOver(winners=result.winners, ranking=result.ranking,
                              scores=result.scores))
    elif holds:
        new_round(story, story.state.next_active(seat), "resigned", dice)


BEFORE_ROLL_CARDS: dict[str, Callable[[Story, int, Dice], None]] = {
    "fresh_start": fresh_start, "my_bad": my_bad, "skip": skip, "reverse": reverse,
}
Move = Callable[[Story, int, Any, Dice], None]


def told(move: Move) -> Handler:
    """A move told as a story (its steps fold as they go), after the variant's check."""
    def handle(state: State, seat: int, action: GameAction, dice: Dice) -> list[GameEvent]:
        check_variant(state, action)
        story = Story(evolve, state)
        move(story, seat, action, dice)
        return story.events
    handle.__name__ = move.__name__
    return handle


HANDLERS: dict[type[GameAction], Handler] = {kind: told(move) for kind, move in {
    Declare: declare, Accept: accept, CallBluff: call, PlayCard: play_card,
    Revive: revive, Discard: discard, Roll: kids_roll, Concede: concede, Resign: resign,
}.items()}


# --- the steps moves chain together ------------------------------------------------------

def roll(story: Story, seat: int, dice: Dice) -> None:
    """The roller rolls both dice in the cup: seen only by them (kids: by all)."""
    rolled = (dice.roll(DIE_SIDES), dice.roll(DIE_SIDES))
    state: State = story.state
    if state.kids:
        story.add(ev.DiceRolled(seat=seat, against=state.standing, dice=rolled))
        if not kids_can_beat(story.state):
            not_beaten(story, seat, dice)
    else:
        story.add(ev.DiceRolled(seat=seat, against=state.standing,
                                private={seat: ev.DicePrivate(dice=rolled)}))


def not_beaten(story: Story, seat: int, dice: Dice) -> None:
    """Kids rules: a roll that does not beat the score earns a strike; its setter draws."""
    state: State = story.state
    setter = state.standing_by
    story.add(ev.ScoreNotBeaten(seat=seat, score=state.standing, set_by=setter,
                                dice=tuple(state.dice or ())))
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
    story.add(ev.StrikeTaken(seat=seat, reason=reason, strikes=strikes))  # type: ignore[arg-type]
    if strikes < state.strike_limit:
        return
    if "revive" in state.seats[seat].hand:
        story.add(ev.RevivePlayed(seat=seat, card="revive", strikes=strikes - 1,
                                  final_strike=True))
        return
    story.add(ev.PlayerOut(seat=seat, place=len(state.active),
                           discarded=tuple(state.seats[seat].hand)))  # type: ignore[arg-type]
    if len(story.state.active) == 1:
        result = standings(story.state)
        story.add(ev.GameOver(winners=result.winners, ranking=result.ranking,
                              scores=result.scores))


def new_round(story: Story, roller: int, reason: str, dice: Dice) -> None:
    story.add(ev.RoundStarted(round=story.state.round + 1, roller=roller,
                              reason=reason))  # type: ignore[arg-type]
    roll(story, roller, dice)


def draw(story: Story, seat: int, reason: str, dice: Dice) -> None:
    """Draw one action card; an empty pile is refilled from the discards first."""
    state: State = story.state
    if not state.deck:
        if not state.discards:
            story.add(ev.DrawPileEmpty(seat=seat, reason=reason))  # type: ignore[arg-type]
            return
        story.add(ev.DeckRefilled(cards=len(state.discards)))
        state = story.state
    card = pick(dice, state.deck)
    story.add(ev.CardDrawn(seat=seat, reason=reason,  # type: ignore[arg-type]
                           hand_size=state.held(seat) + 1, deck_size=len(state.deck) - 1,
                           private={seat: ev.DrawnPrivate(card=card)}))  # type: ignore[arg-type]


def reveal(story: Story, caller: int, dice: Dice, my_bad: bool) -> None:
    """A bluff call: the dice (and any face-down card) are shown and judged."""
    state: State = story.state
    d = state.declaration
    assert d is not None and state.dice is not None
    story.add(ev.BluffCalled(
        seat=caller, declarer=d.seat, score=d.score, my_bad=my_bad, dice=state.dice,
        card=d.card, card_dice=dice_after(state.dice, d.card) if d.card else None,
        verdict=d.verdict))  # type: ignore[arg-type]
    if d.verdict == "bluff":
        strike(story, d.seat, "bluff_caught")
        striker: int | None = d.seat
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
