"""setup and decide: every rule checked, typed events returned, dice rolled only through
`dice`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.core import Dice, GameConfig, IllegalAction
from games.core.messages import GameAction, GameEvent
from games.core.options import resolve_options
from games.core.rules import Handler
from games.core.seats import check_first_player, check_players

from . import actions as act
from . import events as ev
from .buying import buy_problem
from .data import (
    ACTION_CARDS,
    ACTION_SET_SIZE,
    AWAIT_BONUS_MATCH,
    COLOURS,
    DICE_PER_COLOUR,
    DRAFT_MAX_COST,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NAME,
    OPTIONS,
    RANDOM_SET,
    SUGGESTED_SETS,
    action_stack_order,
    cost,
    die_colour,
    is_card,
    is_dice_card,
)
from .effects import effect_of
from .flow import (
    Story,
    advance,
    deal_hands,
    draw,
    end_buying,
    game_over,
    matchable,
    next_turn,
    roll_die,
)
from .legal import awaiting
from .pool import roll_allowed
from .rerolls import full_house_reroll_open, green_dice, green_reroll_open, rerolls_left
from .rules import check_params, play_problem, red_draw_problem
from .scoring import scoring_options, tally
from .state import (
    DRAFT,
    Die,
    State,
    active_turn,
    dice_available,
    drafter,
    opponents,
    supply_count,
)

# --- setup ---------------------------------------------------------------------------------


def chosen_action_cards(choice: Any, dice: Dice) -> tuple[str, ...]:
    """The seven Action Card stacks of the game, in supply order (low to high cost)."""
    if choice == RANDOM_SET:
        left, picked = sorted(ACTION_CARDS), []
        for _ in range(ACTION_SET_SIZE):
            picked.append(left.pop(dice.roll(len(left)) - 1))
        return action_stack_order(tuple(picked))
    names = SUGGESTED_SETS[choice] if isinstance(choice, str) else tuple(choice)
    return action_stack_order(tuple(names))


def roll_off(players: int, dice: Dice) -> tuple[int, list[dict[int, tuple[int, ...]]]]:
    """Each player rolls the four Blue dice; the highest total is player 1; the players
    tied for highest roll again."""
    contenders, rounds = list(range(players)), []
    while True:
        rolls = {s: tuple(roll_die(dice, "blue") for _ in range(DICE_PER_COLOUR))
                 for s in contenders}
        rounds.append(rolls)
        best = max(sum(r) for r in rolls.values())
        contenders = [s for s, r in rolls.items() if sum(r) == best]
        if len(contenders) == 1:
            return contenders[0], rounds


def setup(config: GameConfig, dice: Dice) -> list[GameEvent]:
    players = check_players(config.players, MIN_PLAYERS, MAX_PLAYERS, NAME)
    first = check_first_player(config.first_player, players)
    options = resolve_options(OPTIONS, config.options)
    if isinstance(options["action_set"], (list, tuple)):
        options["action_set"] = list(options["action_set"])
    actions = chosen_action_cards(options["action_set"], dice)
    rolls: list[dict[int, tuple[int, ...]]] = []
    if first is None:
        first, rolls = roll_off(players, dice)
    return [ev.GameStarted(
        players=players, options=ev.Options(**options), action_cards=actions,
        first_player=first, first_player_drawn=config.first_player is None,
        roll_off=tuple(rolls))]


# --- the draft ----------------------------------------------------------------------------

def known_card(card: str) -> str:
    if not is_card(card):
        raise IllegalAction("no_such_card", f"there is no card {card!r} in Bare Bones")
    return card


def draft(story: Story, seat: int, action: act.Draft, dice: Dice) -> None:
    """Picks in turn from player 1, three rounds, one supply card costing 6 or less."""
    card, game = known_card(action.card), story.state
    if supply_count(game, card) <= 0:
        raise IllegalAction("stack_empty", f"the supply holds no {card}")
    if cost(card) > DRAFT_MAX_COST:
        raise IllegalAction("too_costly_to_draft", f"only cards costing {DRAFT_MAX_COST} or less")
    story.add(ev.CardDrafted(seat=seat, card=card, pick=game.picks))
    if drafter(story.state) is None:
        deal_hands(story, dice)


# --- stage 1: playing cards ---------------------------------------------------------------

def play_card(story: Story, seat: int, action: act.PlayCard, dice: Dice) -> None:
    card = known_card(action.card)
    problem = play_problem(story.state, seat, card)
    if problem is not None:
        raise problem
    params = action.params()
    check_params(story.state, seat, card, params)
    effect_of(card)(story, seat, card, params, dice)


def draw_red(story: Story, seat: int, action: act.DrawRed, dice: Dice) -> None:
    problem = red_draw_problem(story.state)
    if problem is not None:
        raise problem
    draw(story, seat, 1, "red", dice)


def borrow(story: Story, seat: int, action: act.Borrow, dice: Dice) -> None:
    card, turn = known_card(action.card), active_turn(story.state)
    lender = turn.joyride
    assert lender is not None
    if not is_dice_card(card) or card not in story.state.seats[lender].hand:
        raise IllegalAction("not_in_target_hand", "borrow a Dice Card from the revealed hand")
    story.add(ev.CardBorrowed(seat=seat, lender=lender, card=card))


def swap_return(story: Story, seat: int, action: act.SwapReturn, dice: Dice) -> None:
    card = known_card(action.card)
    if card not in story.state.seats[seat].hand:
        raise IllegalAction("card_not_in_hand", f"{card} is not in your hand")
    value = active_turn(story.state).swap_value + cost(card)
    story.add(ev.CardReturned(seat=seat, card=card, value=value))


def swap_take(story: Story, seat: int, action: act.SwapTake, dice: Dice) -> None:
    card = known_card(action.card)
    if supply_count(story.state, card) <= 0:
        raise IllegalAction("stack_empty", f"the supply holds no {card}")
    if cost(card) > active_turn(story.state).swap_value:
        raise IllegalAction("swap_value_too_low", "take a card costing at most the returned value")
    story.add(ev.SwapTaken(seat=seat, card=card))


def swap_finish(story: Story, seat: int, action: act.SwapFinish, dice: Dice) -> None:
    story.add(ev.SwapFinished(seat=seat))


def stop_playing(story: Story, seat: int, action: act.StopPlaying, dice: Dice) -> None:
    story.add(ev.PlayingStopped(seat=seat))


# --- stage 2: rolling and re-rolling -------------------------------------------------------

def roll_colours(game: State, action: act.Roll) -> tuple[str, ...]:
    """The colours of the dice a roll names, in colour order."""
    if action.supply_dice is None:
        colours = list(action.dice or ())
    else:
        available = dice_available(game)
        colours = []
        for number in action.supply_dice:
            colour = die_colour(number)
            if number % DICE_PER_COLOUR >= available[colour]:
                raise IllegalAction("roll_not_allowed", f"die {number} is on a Can't Touch "
                                    "This, out of play")
            colours.append(colour)
    return tuple(sorted(colours, key=COLOURS.index))


def roll(story: Story, seat: int, action: act.Roll, dice: Dice) -> None:
    colours = roll_colours(story.state, action)
    if not roll_allowed(story.state, seat, colours):
        raise IllegalAction("roll_not_allowed", "one die per Dice Card played, at most six, "
                            "only dice the supply holds (Purple, Double Up and Rainbow apart)")
    story.add(ev.DiceRolled(seat=seat, dice=tuple(
        Die(colour=c, face=roll_die(dice, c)) for c in colours)))  # type: ignore[arg-type]


def reroll_green(story: Story, seat: int, action: act.RerollGreen, dice: Dice) -> None:
    if not green_reroll_open(story.state):
        raise IllegalAction("no_green_reroll", "Green dice are re-rolled once, with a Green card")
    chosen = tuple(green_dice(story.state))
    story.add(ev.GreenRerolled(seat=seat, dice=chosen,
                               faces=tuple(roll_die(dice, "green") for _ in chosen)))


def check_die(number: int, count: int) -> int:
    if not 0 <= number < count:
        raise IllegalAction("no_such_die", f"dice are numbered 0..{count - 1}")
    return number


def reroll_die(story: Story, seat: int, action: act.RerollDie, dice: Dice) -> None:
    turn = active_turn(story.state)
    die = check_die(action.die, len(turn.dice))
    left = rerolls_left(story.state)
    if left <= 0:
        raise IllegalAction("no_rerolls_left", "Re-Re-Roll gives two single-die re-rolls")
    story.add(ev.DieRerolled(seat=seat, die=die, face=roll_die(dice, turn.dice[die].colour),
                             rerolls_left=left - 1))


def reroll_full_house(story: Story, seat: int, action: act.RerollFullHouse, dice: Dice) -> None:
    turn = active_turn(story.state)
    for number in action.dice:
        check_die(number, len(turn.dice))
    if not full_house_reroll_open(story.state):
        raise IllegalAction("no_full_house_reroll", "Full House gives one second roll")
    story.add(ev.FullHouseRerolled(seat=seat, dice=action.dice, faces=tuple(
        roll_die(dice, turn.dice[i].colour) for i in action.dice)))


def keep_dice(story: Story, seat: int, action: act.KeepDice, dice: Dice) -> None:
    story.add(ev.DiceKept(seat=seat))


# --- stage 3: the scoring choice ---------------------------------------------------------------

def choose_doubled(story: Story, seat: int, action: act.ChooseDoubled, dice: Dice) -> None:
    options = [o for o in scoring_options(story.state)
               if o.keep is None and tuple(o.doubled) == tuple(action.dice)]
    if not options:
        raise IllegalAction("no_such_choice", "choose one of the listed sets of doubled dice")
    story.add(tally(story.state, options[0]))


def choose_parity(story: Story, seat: int, action: act.ChooseParity, dice: Dice) -> None:
    options = [o for o in scoring_options(story.state) if o.keep == action.keep]
    if not options:
        raise IllegalAction("no_such_choice", "Odds or Evens is not in play")
    story.add(tally(story.state, options[0]))


# --- stage 4 and 5: buying, Hot Potatoes, bonus matching --------------------------------------

def buy(story: Story, seat: int, action: act.Buy, dice: Dice) -> None:
    card = known_card(action.card)
    problem = buy_problem(story.state, card)
    if problem is not None:
        raise problem
    coins = active_turn(story.state).coins - cost(card)
    story.add(ev.CardBought(seat=seat, card=card, cost=cost(card), coins=coins))


def end_buying_action(story: Story, seat: int, action: act.EndBuying, dice: Dice) -> None:
    end_buying(story)


def place_hot_potato(story: Story, seat: int, action: act.PlaceHotPotato, dice: Dice) -> None:
    """On top of the own discard pile (`onto`: null) or of an opponent's draw pile."""
    onto = action.onto
    if onto is not None and onto not in opponents(story.state, seat):
        raise IllegalAction("no_such_opponent",
                            "a Hot Potato goes onto the draw pile of an opponent still in play")
    story.add(ev.HotPotatoPlaced(seat=seat, onto=onto))


def bonus_match(story: Story, seat: int, action: act.BonusMatch, dice: Dice) -> None:
    card = known_card(action.card)
    if card not in matchable(story.state):
        raise IllegalAction("no_bonus_match", "match a colour with exactly two copies in play "
                            "with a Dice Card from your hand")
    story.add(ev.BonusMatched(seat=seat, card=card, active=active_turn(story.state).seat))


def end_matching(story: Story, seat: int, action: act.EndMatching, dice: Dice) -> None:
    story.add(ev.MatchingEnded(seat=seat))


# --- resigning (every game) -------------------------------------------------------------------

def resign(state: State, seat: int, action: act.Resign, dice: Dice) -> list[GameEvent]:
    """(Ruling) A seat still in play leaves, in or out of turn (a resigned seat is refused
    by the shared guard `not_in_play`, games.core.rules). A pending bonus match of it
    is declined first; its cards leave play; it is removed from the turn and draft order.
    When one player is left the game ends; else an ended turn or draft goes on."""
    story = Story(state)
    if awaiting(state).get(seat) == AWAIT_BONUS_MATCH:
        story.add(ev.MatchingEnded(seat=seat))
    turn = story.state.turn
    returned = () if turn is None or turn.seat != seat else tuple(
        ev.ReturnedCard(card=p.card, to=p.owner)
        for p in story.state.seats[seat].play if p.owner is not None)
    story.add(ev.PlayerResigned(seat=seat, returned=returned))
    game = story.state
    if len(game.in_play) == 1:
        game_over(story)
    elif game.phase == DRAFT:
        if drafter(game) is None:
            deal_hands(story, dice)
    elif game.turn is None:
        assert turn is not None
        next_turn(story, turn.number, dice)
    advance(story, dice)
    return story.events


Move = Callable[[Story, int, Any, Dice], None]


def turn(move: Move) -> Handler:
    """A move told as a story, then the turn advanced to the next decision (flow.py)."""
    def handle(state: State, seat: int, action: GameAction, dice: Dice) -> list[GameEvent]:
        story = Story(state)
        move(story, seat, action, dice)
        advance(story, dice)
        return story.events
    handle.__name__ = move.__name__
    return handle


# The shared decider (games.core.rules.typed_decider) has already checked that the game
# runs, that the seat is at the table and awaited for this kind of action (legal.AWAITS).
HANDLERS: dict[type[GameAction], Handler] = {kind: turn(move) for kind, move in {
    act.Draft: draft, act.PlayCard: play_card, act.DrawRed: draw_red,
    act.StopPlaying: stop_playing, act.Borrow: borrow, act.SwapReturn: swap_return,
    act.SwapTake: swap_take, act.SwapFinish: swap_finish, act.Roll: roll,
    act.RerollGreen: reroll_green, act.RerollDie: reroll_die,
    act.RerollFullHouse: reroll_full_house, act.KeepDice: keep_dice,
    act.ChooseDoubled: choose_doubled, act.ChooseParity: choose_parity, act.Buy: buy,
    act.EndBuying: end_buying_action, act.PlaceHotPotato: place_hot_potato,
    act.BonusMatch: bonus_match, act.EndMatching: end_matching,
}.items()} | {act.Resign: resign}
