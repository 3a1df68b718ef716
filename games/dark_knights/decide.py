"""setup and decide: every rule checked, dice rolled only through `dice`, typed events."""

from __future__ import annotations

from games.core import Dice, GameConfig, IllegalAction, pick, roll_many
from games.core.messages import GameAction, GameEvent
from games.core.options import resolve_options
from games.core.rules import Handler
from games.core.seats import check_first_player, check_players
from games.core.story import Story

from . import events as ev
from .actions import HoldTurn, Resign, RollDice, SetDiceAside
from .combinations import (
    SetAside, apply_set_aside, join_all, plan_problem, set_problem, set_score,
)
from .data import MAX_PLAYERS, MIN_PLAYERS, NAME, OPTIONS
from .evolve import evolve
from .rules import (
    can_set_aside, completes_the_set, hold_joins, last_player_standing,
    next_player, others_in_turn_order, reached_target, standings,
)
from .set_asides import plan_groups
from .state import Options, State, die_showing

# --- setup -------------------------------------------------------------------------------

def setup(config: GameConfig, dice: Dice) -> list[GameEvent]:
    """The seat the creator named starts, else one drawn with the dice (recorded)."""
    players = check_players(config.players, MIN_PLAYERS, MAX_PLAYERS, NAME)
    named = check_first_player(config.first_player, players)
    options = Options.from_json(resolve_options(OPTIONS, config.options))
    drawn = named is None and players > 1
    if named is not None:
        first = named
    else:
        first = pick(dice, list(range(players))) if drawn else 0
    return [ev.GameStarted(players=players, options=options, first_player=first,
                           first_player_drawn=drawn),
            ev.TurnStarted(seat=first, last_turn=False)]


# --- decide ------------------------------------------------------------------------------

# The shared decider (games.core.rules.typed_decider) has already checked that the game
# runs and that the seat is the one to play, awaited for this kind of action
# (legal.AWAITS): each rule below is one of the game's own.

def roll(state: State, seat: int, action: RollDice, dice: Dice) -> list[GameEvent]:
    """Roll every die not in a combination; with nothing to set aside the turn busts."""
    dice_to_roll = state.dice_to_roll
    faces = roll_many(dice, len(dice_to_roll))
    rolled = tuple([die_showing(n, f) for n, f in zip(dice_to_roll, faces)])
    story = Story(evolve, state)
    story.add(ev.DiceRolled(seat=state.current, dice=ev.shown_dice(rolled)))
    if not can_set_aside(rolled, state.combinations):
        story.add(ev.TurnBusted(seat=state.current, points_lost=state.turn_total))
        pass_the_turn(story)
    return story.events


def plan_of(state: State, action: SetDiceAside) -> SetAside:
    """The dice and combinations the action names, checked to exist, each named once."""
    on_table = {d.die: d for d in state.table}
    named = [n for group in action.groups for n in group.dice]
    if len(set(named)) != len(named):
        raise IllegalAction("die_listed_twice", "each die may be set aside only once")
    if any(n not in on_table for n in named):
        raise IllegalAction("die_not_on_table", "only dice on the table may be set aside")
    targets = [g.combination for g in action.groups if g.combination is not None]
    if len(set(targets)) != len(targets):
        raise IllegalAction("combination_listed_twice", "name each combination at most once")
    if any(not 0 <= t < len(state.combinations) for t in targets):
        raise IllegalAction("no_such_combination", "no combination has that index")
    additions = sorted([(g.combination, tuple([on_table[n] for n in g.dice]))
                        for g in action.groups if g.combination is not None])
    new = tuple([tuple([on_table[n] for n in g.dice])
                 for g in action.groups if g.combination is None])
    return SetAside(additions=tuple(additions), new=new)


def set_aside(state: State, seat: int, action: SetDiceAside, dice: Dice) -> list[GameEvent]:
    plan = plan_of(state, action)
    problem = plan_problem(state.combinations, plan)
    if problem:
        raise IllegalAction(*problem)
    combinations = apply_set_aside(state.combinations, plan)
    problem = set_problem(combinations)
    if problem:
        raise IllegalAction(*problem)
    # The new combinations as the set holds them: by value.
    plan = SetAside(plan.additions, tuple(c.dice for c in combinations[len(state.combinations):]))
    shown, score = ev.shown_combinations(combinations), set_score(combinations)
    events: list[GameEvent] = [ev.DiceSetAside(
        seat=state.current, groups=plan_groups(plan), combinations=shown, set_score=score)]
    if completes_the_set(state, plan):
        events.append(ev.SetCompleted(seat=state.current, combinations=shown, set_score=score,
                                      turn_total=state.turn_total + score))
    return events


def hold(state: State, seat: int, action: HoldTurn, dice: Dice) -> list[GameEvent]:
    """Matching dice on the table join their combinations; the set and turn are banked."""
    joins = hold_joins(state)
    combinations = join_all(state.combinations, joins)
    score = set_score(combinations)
    total = state.turn_total + score
    story = Story(evolve, state)
    story.add(ev.TurnHeld(
        seat=state.current, joined=tuple(ev.Joined(die=d.die, combination=i) for i, d in joins),
        combinations=ev.shown_combinations(combinations), set_score=score,
        turn_total=total, score=state.scores[state.current] + total))
    pass_the_turn(story)
    return story.events


def resign(state: State, seat: int, action: Resign, dice: Dice) -> list[GameEvent]:
    """RULINGS, Resigning: the seat leaves play at once. In its own turn the turn ends
    there, nothing banked, and the next seat still in play starts (or the final round's
    next last turn, or its end). With one player left, the game ends."""
    story = Story(evolve, state)
    story.add(ev.PlayerResigned(seat=seat))
    if last_player_standing(story.state):
        story.add(game_over(story.state))
    elif seat == state.current:
        next_turn(story)
    return story.events


def pass_the_turn(story: Story) -> None:
    """After a hold or a bust: the target, the final round, or the next seat."""
    state: State = story.state
    seat = state.current
    if state.last_turns is None and reached_target(state, seat):
        others = others_in_turn_order(state, seat)
        if state.final_round and others:
            story.add(ev.FinalRoundStarted(seat=seat, score=state.scores[seat],
                                           last_turns=tuple(others)),
                      ev.TurnStarted(seat=others[0], last_turn=True))
        else:
            story.add(game_over(state))
        return
    next_turn(story)


def next_turn(story: Story) -> None:
    """The next turn: in the final round the next last turn owed, or the end once none
    is owed; else the next seat still in play."""
    state: State = story.state
    if state.last_turns is None:
        story.add(ev.TurnStarted(seat=next_player(state), last_turn=False))
    elif state.last_turns:
        story.add(ev.TurnStarted(seat=state.last_turns[0], last_turn=True))
    else:
        story.add(game_over(state))


def game_over(state: State) -> ev.GameOver:
    result = standings(state)
    return ev.GameOver(winners=result.winners, ranking=result.ranking, scores=result.scores)


HANDLERS: dict[type[GameAction], Handler] = {
    RollDice: roll, SetDiceAside: set_aside, HoldTurn: hold, Resign: resign,
}
