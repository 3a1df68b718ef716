"""The steps the rules chain together: drawing, turn starts, the automatic parts of a turn
(scoring without a choice, Can't Touch This dice, cleanup) and the end of the game.

A `Story` folds each event as it is told, so later steps see the state it made.
"""

from __future__ import annotations

from games.core import Dice
from games.core import story as core_story
from games.core.memo import remember_last

from . import events as ev
from .buying import buy_open
from .data import FACES, HAND_SIZE, ctt_colour, is_dice_card
from .evolve import evolve
from .rerolls import reroll_open
from .scoring import results, scoring_options, tally
from .state import (
    BUY,
    DICE,
    END,
    ROLL,
    State,
    active_turn,
    coloured,
    ctt_in_play,
    in_play,
    is_last_turn,
    next_seat,
    next_turn_number,
    seat_of_turn,
)


class Story(core_story.Story):
    """A decision's events, folded as they are told (games/core/story.py)."""

    def __init__(self, state: State) -> None:
        super().__init__(evolve, state)


def roll_die(dice: Dice, colour: str) -> int:
    faces = FACES[colour]
    return faces[dice.roll(len(faces)) - 1]


def pick_card(dice: Dice, rest: list[str]) -> str:
    """A card drawn from the unordered rest of a pile (kept sorted, state.py): picked
    with a die at draw time (no roll when every card left is the same: sorted, the first
    and the last are then equal)."""
    if rest[0] == rest[-1]:
        return rest[0]
    return rest[dice.roll(len(rest)) - 1]


def next_card(story: Story, seat: int, dice: Dice) -> str | None:
    """The top card of the draw pile, reshuffling the discards into it when it is empty."""
    player = story.state.seats[seat]
    if not player.draw_size:
        if not player.discard:
            return None
        story.add(ev.DiscardReshuffled(seat=seat, cards=len(player.discard)))
        player = story.state.seats[seat]
    if player.draw_top:
        return player.draw_top[-1]
    return pick_card(dice, list(player.draw_rest))


def draw(story: Story, seat: int, count: int, reason: str, dice: Dice) -> None:
    """Draw `count` cards into the hand (fewer when both piles run out). Which cards: only
    the drawing seat learns (private part)."""
    batch: list[str] = []

    def flush() -> None:
        if batch:
            player = story.state.seats[seat]
            story.add(ev.CardsDrawn(
                seat=seat, count=len(batch), reason=reason,
                hand_size=len(player.hand) + len(batch),
                draw_pile=player.draw_size - len(batch),
                private={seat: ev.CardsPrivate(cards=tuple(batch))}))
            batch.clear()

    player = story.state.seats[seat]
    top, rest = list(player.draw_top), list(player.draw_rest)
    for _ in range(count):
        if not top and not rest:
            flush()
            discard = story.state.seats[seat].discard
            if not discard:
                break
            story.add(ev.DiscardReshuffled(seat=seat, cards=len(discard)))
            rest = list(story.state.seats[seat].draw_rest)
        if top:
            card = top.pop()
        else:
            card = pick_card(dice, rest)
            rest.remove(card)
        batch.append(card)
    flush()


# --- turns --------------------------------------------------------------------------------

def start_turn(story: Story, number: int, dice: Dice) -> None:
    """A turn starts: bonus-match cards are drawn, then a Can't Touch This die and card
    from the last turn come back (die to the supply, card to the discard pile)."""
    game = story.state
    seat = seat_of_turn(game, number)
    player = game.seats[seat]
    story.add(ev.TurnStarted(turn=number, round=number // game.players + 1, seat=seat,
                             coins=player.carry, extra_draws=player.extra_draws))
    if player.extra_draws:
        draw(story, seat, player.extra_draws, "bonus_match", dice)
    for aside in player.aside:
        story.add(ev.CantTouchThisReturned(seat=seat, card=aside.card, colour=aside.colour,
                                           face=aside.face))


def deal_hands(story: Story, dice: Dice) -> None:
    """After the draft every player still in play draws a hand of 5; the first turn
    starts."""
    for seat in story.state.in_play:
        draw(story, seat, HAND_SIZE, "new_hand", dice)
    next_turn(story, -1, dice)


def next_turn(story: Story, after: int, dice: Dice) -> None:
    """The next turn of a seat still in play starts, or after the last turn the game
    ends."""
    number = next_turn_number(story.state, after)
    if number is None:
        game_over(story)
    else:
        start_turn(story, number, dice)


def game_over(story: Story) -> None:
    final = results(story.state)
    story.add(ev.GameOver(winners=final.winners, ranking=final.ranking,
                          scores=final.scores, breakdown=final.breakdown))


# Asked about the state a decision ends in by `advance` and again by the next step's
# legal_actions and guards: remembered for the state asked last (games/core/memo.py).
@remember_last
def open_colours(game: State) -> tuple[str, ...]:
    """Colours the next player may be asked to bonus match now, from public information
    only: exactly two copies in the active player's play area and not matched yet."""
    turn = active_turn(game)
    if turn.matching_over or game.players < 2 or is_last_turn(game):
        return ()
    colours = [entry.colour for entry in coloured(game.seats[turn.seat])]
    return tuple(c for c in dict.fromkeys(colours)
                 if colours.count(c) == 2 and c not in turn.matched and is_dice_card(c))


def matching_open(game: State) -> bool:
    """(Our choice, issue #10) The next player is asked whenever a colour is open and their
    hand is not empty, whether or not they hold a card of that colour: the pause (and the
    `matching_ended` that closes it) depends only on what their opponents may know."""
    next_hand = game.seats[next_seat(game, active_turn(game).seat)].hand
    return bool(next_hand) and bool(open_colours(game))


def matchable(game: State) -> list[str]:
    """Colours the next player may bonus match now: open (see `open_colours`) and a Dice
    Card of that colour in their hand. Only that player learns this list."""
    hand = game.seats[next_seat(game, active_turn(game).seat)].hand
    return [c for c in open_colours(game) if c in hand]


def advance(story: Story, dice: Dice) -> None:
    """Run the parts of the turn that need no decision, until someone must decide."""
    while True:
        game = story.state
        turn = game.turn
        if turn is None:
            return
        if turn.step == ROLL and not coloured(game.seats[turn.seat]):
            story.add(ev.DiceRolled(seat=turn.seat, dice=()))
        elif turn.step == DICE and (turn.kept or not reroll_open(game)):
            options = scoring_options(game)
            if len(options) > 1:
                return
            story.add(tally(game, options[0] if options else None))
        elif turn.step == BUY:
            if buy_open(game):
                return
            end_buying(story)
        elif turn.step == END:
            if not end_of_turn(story, dice):
                return
        else:
            return


def end_buying(story: Story) -> None:
    game = story.state
    turn = active_turn(game)
    player = game.seats[turn.seat]
    carried = turn.coins if in_play(player, "keep_the_change") else 0
    story.add(ev.BuyingEnded(seat=turn.seat, coins_left=turn.coins, carried=carried,
                             owed=turn.borrowed))


def end_of_turn(story: Story, dice: Dice) -> bool:
    """Hot Potatoes are placed (a decision), Can't Touch This dice are rolled, the next
    player may bonus match (a decision), then cleanup. False while a decision is awaited."""
    game = story.state
    turn = active_turn(game)
    player = game.seats[turn.seat]
    if in_play(player, "hot_potato"):
        return False
    for card in ctt_in_play(player):
        story.add(ev.CantTouchThisRolled(seat=turn.seat, card=card, colour=ctt_colour(card),
                                         face=roll_die(dice, ctt_colour(card))))
    if matching_open(story.state):
        return False
    cleanup(story, dice)
    return True


def cleanup(story: Story, dice: Dice) -> None:
    game = story.state
    turn = active_turn(game)
    player = game.seats[turn.seat]
    story.add(ev.TurnEnded(
        seat=turn.seat, turn=turn.number, discarded=tuple(player.hand),
        played=tuple(p.card for p in player.play if p.owner is None),
        returned=tuple(ev.ReturnedCard(card=p.card, to=p.owner) for p in player.play
                       if p.owner is not None and p.owner not in game.resigned)))
    draw(story, turn.seat, HAND_SIZE, "new_hand", dice)
    next_turn(story, turn.number, dice)

