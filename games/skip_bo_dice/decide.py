"""setup and decide: every rule checked, dice rolled only through `dice`."""

from __future__ import annotations

from games.core import Dice, GameConfig, IllegalAction
from games.core.messages import GameAction, GameEvent
from games.core.options import resolve_options
from games.core.rules import Handler
from games.core.seats import check_first_player, check_players
from games.core.story import Story

from . import events as ev
from .actions import ClaimBonus, Done, Fill, PassClaim, Reroll, Resign, WriteStockpile
from .data import (
    BONUS, BUBBLES, CLAIM_WINDOW, DICE, MAX_PLAYERS, MIN_PLAYERS, NAME, OPTIONS, PILES,
    STOCKPILE, Face,
)
from .evolve import evolve
from .rules import (
    action_moment, bonus_moment, bonus_value_index, claim_waiters, completion_place,
    completion_reward, claimable, earns_skip_bo_reward, last_player_standing,
    last_round_turns, next_active, pile_index, standings, star_mark, starts_last_round,
    stockpile_choosers, stockpile_full, stockpile_step_over,
)
from .legal import timeout_action
from .sources import (
    require_open_pile, require_stockpile_index, require_unused_die, take, uses_bonus_die,
    written_mark,
)
from .state import State


def roll_die(dice: Dice, die: int) -> Face:
    faces = DICE[die]
    return faces[dice.roll(len(faces)) - 1]


def turn_started(turn: int, seat: int, dice: Dice) -> ev.TurnStarted:
    """A turn starts with a public roll of all six dice."""
    return ev.TurnStarted(turn=turn, seat=seat,
                          dice=tuple(roll_die(dice, die) for die in range(len(DICE))))


# --- setup -------------------------------------------------------------------------------

def setup(config: GameConfig, dice: Dice) -> list[GameEvent]:
    """The game starts; the first player (named, or drawn with a die) rolls at once.

    A drawn first player comes from one roll of a die with as many sides as seats, even
    with one seat (a d1): stored games replay with exactly these dice."""
    players = check_players(config.players, MIN_PLAYERS, MAX_PLAYERS, NAME)
    first = check_first_player(config.first_player, players)
    resolved = resolve_options(OPTIONS, config.options)
    if CLAIM_WINDOW not in config.options:
        # A game created before the option existed (its stored options are {}): it keeps
        # the rules it was created under, and its stored game_started ({"options": {}})
        # is what setup decides again when the verifier replays it.
        del resolved[CLAIM_WINDOW]
    options = ev.Options.from_json(resolved)
    drawn = first is None
    if first is None:
        first = dice.roll(players) - 1
    return [ev.GameStarted(players=players, options=options, first_player=first,
                           first_player_drawn=drawn),
            turn_started(1, first, dice)]


# --- decide ------------------------------------------------------------------------------

# The shared decider (games.core.rules.typed_decider) has already checked that the game
# runs, that the seat is at the table and, but for the claims (legal.OUT_OF_TURN: the
# claim window's own rules, below), that it is awaited for this kind of action
# (legal.AWAITS): the fill step's moves are the active player's, a stockpile choice a
# chooser's.

# --- filling bubbles ---------------------------------------------------------------------

def fill_events(state: State, seat: int, pile: int, bubble: int, mark: Face,
                source: ev.Source, moment: str) -> list[GameEvent]:
    """The bubble is filled; bubble 10 completes the pile at `moment`, and the first
    third pile starts the last round."""
    events: list[GameEvent] = [ev.BubbleFilled(
        seat=seat, pile=PILES[pile], bubble=bubble, mark=mark,  # type: ignore[arg-type]
        star=star_mark(bubble, mark), source=source)]  # type: ignore[arg-type]
    if bubble != BUBBLES:
        return events
    place = completion_place(state, pile, moment)
    events.append(ev.PileCompleted(
        seat=seat, pile=PILES[pile], place=place,  # type: ignore[arg-type]
        reward=completion_reward(place), moment=moment, shared=moment in state.moments[pile]))
    if starts_last_round(state, seat):
        events.append(ev.LastRoundStarted(seat=seat,
                                          final_turns=tuple(last_round_turns(state, seat))))
    return events


def fill(state: State, seat: int, action: Fill, dice: Dice) -> list[GameEvent]:
    pile = pile_index(action.pile)
    board = state.boards[seat]
    bubble = require_open_pile(board, pile)
    mark, source = take(state, board, action.source, bubble)
    if not uses_bonus_die(action.source):
        return fill_events(state, seat, pile, bubble, mark, source, action_moment(state.fills))
    moment = bonus_moment(state.turn, bonus_value_index(state))
    return [*fill_events(state, seat, pile, bubble, mark, source, moment),
            bonus_die_rolled(state, seat, dice)]


def bonus_die_rolled(state: State, seat: int, dice: Dice) -> GameEvent:
    """Using the Bonus Die's number re-rolls it at once; the new value is shown to all."""
    value = roll_die(dice, BONUS)
    return ev.BonusDieRolled(seat=seat, value=int(value), value_index=len(state.shown))


def claim_bonus(state: State, seat: int, action: ClaimBonus, dice: Dice) -> list[GameEvent]:
    turn, index, pile = action.turn, action.value_index, pile_index(action.pile)
    if seat == state.active:
        raise IllegalAction("own_bonus_die", "the active player uses their Bonus Die by filling "
                            "from die 5, not by claiming")
    if turn < state.turn:
        raise IllegalAction("claim_window_closed", "that turn's stockpile step is over")
    if turn > state.turn or not 0 <= index < len(state.shown):
        raise IllegalAction("no_such_bonus_value", "no such Bonus Die value was shown this turn")
    if index in state.claimed[seat]:
        raise IllegalAction("bonus_value_already_claimed", "each player uses a shown value once")
    bubble = require_open_pile(state.boards[seat], pile)
    mark = written_mark(state.shown[index], bubble)
    source = ev.Source(kind="claim", turn=turn, value_index=index)
    events = fill_events(state, seat, pile, bubble, mark, source, bonus_moment(turn, index))
    if state.phase != STOCKPILE:
        return events
    # In the stockpile step the last awaited claim ends the turn (window "awaited"; with
    # the "open" window choosers are left whenever the step is still on).
    story = Story(evolve, state)
    story.add(*events)
    if stockpile_step_over(story.state):
        story.add(*end_of_turn(story.state, dice))
    return story.events


def pass_claim(state: State, seat: int, action: PassClaim, dice: Dice) -> list[GameEvent]:
    """A seat awaited for its claims (window "awaited") claims no more this turn."""
    if seat == state.active:
        raise IllegalAction("own_bonus_die", "the active player does not claim")
    if action.turn < state.turn:
        raise IllegalAction("claim_window_closed", "that turn's stockpile step is over")
    if action.turn > state.turn:
        raise IllegalAction("no_such_turn", "that turn has not started")
    if not state.claims_awaited:
        raise IllegalAction("claims_not_awaited", "this game does not wait for claims "
                            "(claim_window open): there is nothing to pass")
    if state.phase != STOCKPILE:
        raise IllegalAction("not_stockpile_step", "claims are awaited once the turn is done")
    if seat in state.passed:
        raise IllegalAction("already_passed", "this seat already passed this turn")
    if not claimable(state, seat):
        raise IllegalAction("nothing_to_claim", "no value of this turn fits a pile of yours")
    story = Story(evolve, state)
    story.add(ev.ClaimPassed(seat=seat, turn=state.turn))
    if stockpile_step_over(story.state):
        story.add(*end_of_turn(story.state, dice))
    return story.events


# --- re-rolls ----------------------------------------------------------------------------

def reroll(state: State, seat: int, action: Reroll, dice: Dice) -> list[GameEvent]:
    board = state.boards[seat]
    if board.rerolls_left <= 0:
        raise IllegalAction("no_rerolls_left", "all three re-rolls were used")
    for die in action.dice:
        require_unused_die(state, die)
    faces = tuple(roll_die(dice, die) for die in action.dice)
    return [ev.DiceRerolled(seat=seat, dice=tuple(action.dice), faces=faces,
                            rerolls_left=board.rerolls_left - 1)]


# --- the end of a turn: done, the stockpile step, the next turn or the end -------------

def end_of_turn(state: State, dice: Dice) -> list[GameEvent]:
    """The turn passes to the left, or to the next final turn; or the game ends."""
    story = Story(evolve, state)
    story.add(ev.TurnEnded(seat=state.active, turn=state.turn))
    seat = next_active(story.state)
    if seat is None:
        story.add(game_over(story.state))
    else:
        story.add(turn_started(state.turn + 1, seat, dice))
    return story.events


def game_over(state: State) -> ev.GameOver:
    result = standings(state)
    return ev.GameOver(winners=result.winners, ranking=result.ranking, scores=result.scores)


def done(state: State, seat: int, action: Done, dice: Dice) -> list[GameEvent]:
    story = Story(evolve, state)
    choosers = stockpile_choosers(state, seat)
    story.add(ev.TurnDone(seat=seat, choosers=tuple(choosers)))
    if stockpile_step_over(story.state):
        story.add(*end_of_turn(story.state, dice))
    return story.events


def write_stockpile(state: State, seat: int, action: WriteStockpile,
                    dice: Dice) -> list[GameEvent]:
    die, stockpile = action.die, action.stockpile
    require_unused_die(state, die)
    require_stockpile_index(stockpile)
    if stockpile_full(state.boards[seat], stockpile):
        raise IllegalAction("stockpile_full", f"Stockpile {stockpile} is full")
    story = Story(evolve, state)
    story.add(*stockpile_written(state, seat, die, stockpile))
    if stockpile_step_over(story.state):
        story.add(*end_of_turn(story.state, dice))
    return story.events


def stockpile_written(state: State, seat: int, die: int, stockpile: int) -> list[GameEvent]:
    """The die's face goes into the next box; the fourth box earns a Skip-Bo Reward."""
    box = len(state.boards[seat].stockpiles[stockpile])
    events: list[GameEvent] = [ev.StockpileWritten(seat=seat, die=die, value=state.dice[die],
                                                   stockpile=stockpile, box=box)]
    if earns_skip_bo_reward(box):
        events.append(ev.SkipBoRewardEarned(seat=seat, stockpile=stockpile))
    return events


# --- resigning (RULINGS, Resigning) ------------------------------------------------------

def resign(state: State, seat: int, action: Resign, dice: Dice) -> list[GameEvent]:
    """The seat leaves play at once. The active player's turn ends there: its dice leave
    play with it, so the turn's stockpile step and claim window close (Our choice).
    Another seat's pending choices are taken as their timeouts first: a stockpile choice
    writes the first unused die into the first Stockpile not full, a claim wait passes.
    With one player left, the game ends."""
    story = Story(evolve, state)
    if seat != state.active:
        story.add(*pending_choices_timed_out(state, seat))
    story.add(ev.PlayerResigned(seat=seat))
    if last_player_standing(story.state):
        story.add(game_over(story.state))
    elif seat == state.active or (state.phase == STOCKPILE and stockpile_step_over(story.state)):
        story.add(*end_of_turn(story.state, dice))
    return story.events


def pending_choices_timed_out(state: State, seat: int) -> list[GameEvent]:
    """A resigning seat's stockpile choice and claim wait, as their timeouts decide."""
    story = Story(evolve, state)
    if state.phase == STOCKPILE and seat in state.choosers:
        write = timeout_action(state, seat)
        assert isinstance(write, WriteStockpile)
        story.add(*stockpile_written(state, seat, write.die, write.stockpile))
    if seat in claim_waiters(story.state):
        story.add(ev.ClaimPassed(seat=seat, turn=state.turn))
    return story.events


HANDLERS: dict[type[GameAction], Handler] = {
    Fill: fill, Reroll: reroll, Done: done, WriteStockpile: write_stockpile,
    ClaimBonus: claim_bonus, PassClaim: pass_claim, Resign: resign,
}
