"""setup and decide: every rule checked, dice rolled only through `dice`."""

from __future__ import annotations

from typing import cast

from games.core import Dice, GameConfig, IllegalAction, roll_many
from games.core.messages import GameAction, GameEvent
from games.core.options import resolve_options
from games.core.rules import Handler
from games.core.seats import check_first_player, check_players
from games.core.story import Story

from . import events as ev
from .actions import CallBluff, CallSpotOn, PlaceBid, PlaceStake, Resign
from .data import (
    FACES, MAX_PLAYERS, MIN_PLAYERS, NAME, OPTIONS, SIDES, STARTING_COINS, STARTING_DICE,
)
from .evolve import evolve
from .legal import others_to_stake
from .rules import (
    bid_quantity_range, game_is_decided, is_out, is_raise, judge_bluff, judge_spot_on,
    next_bidder, next_opener, out_reason, stake_range, standings,
)
from .state import Options, State

# --- setup -------------------------------------------------------------------------------

def setup(config: GameConfig, dice: Dice) -> list[GameEvent]:
    players = check_players(config.players, MIN_PLAYERS, MAX_PLAYERS, NAME)
    first = check_first_player(config.first_player, players, "the first bidder")
    options = Options.from_json(resolve_options(OPTIONS, config.options))
    events: list[GameEvent] = [ev.GameStarted(
        players=players, options=options, first_player=first,
        starting_dice=STARTING_DICE, starting_coins=STARTING_COINS)]
    if first is None:
        roll = dice.roll(players)
        first = roll - 1
        events.append(ev.FirstBidderDrawn(seat=first, roll=roll))
    events.append(ev.RoundStarted(round=1, opener=first, active=tuple(range(players))))
    return events


# --- decide ------------------------------------------------------------------------------

# The shared decider (games.core.rules.typed_decider) has already checked that the game
# runs, that the seat is at the table and awaited for this kind of action (legal.AWAITS).

def place_stake(state: State, seat: int, action: PlaceStake, dice: Dice) -> list[GameEvent]:
    coins = action.coins
    allowed = stake_range(state, seat)
    if coins not in allowed:
        raise IllegalAction("stake_out_of_range",
                            f"a stake is {allowed.start} to {allowed.stop - 1} coins")
    placed = ev.StakePlaced(seat=seat, private={seat: ev.StakePrivate(coins=coins)})
    if others_to_stake(state):
        return [placed]
    return [placed, *reveal_stakes_and_roll(state, seat, coins, dice)]


def reveal_stakes_and_roll(state: State, seat: int, coins: int,
                           dice: Dice) -> list[GameEvent]:
    """Once all stakes are in (`seat`'s last, of `coins`) they are shown; then every
    active seat rolls its dice."""
    counts, active = state.dice_counts, state.active
    staked = cast("tuple[int, ...]", state.stakes)  # every active seat but `seat` has staked
    stakes = {s: coins if s == seat else staked[s] for s in active}
    rolled = {s: roll_many(dice, counts[s], SIDES) for s in active}
    return [
        ev.StakesRevealed(stakes=stakes),
        ev.DiceRolled(dice_counts={s: len(rolled[s]) for s in active},
                      private={s: ev.DicePrivate(dice=rolled[s]) for s in active}),
    ]


def make_bid(state: State, seat: int, action: PlaceBid, dice: Dice) -> list[GameEvent]:
    quantity, face = action.quantity, action.face
    if face not in FACES:
        raise IllegalAction("bid_face_out_of_range", "a bid names a face from 1 to 6")
    allowed = bid_quantity_range(state)
    if quantity not in allowed:
        raise IllegalAction("bid_quantity_out_of_range",
                            f"a bid names 1 to {allowed.stop - 1} dice (the dice in play)")
    if not is_raise(state.bid, quantity, face, state.raise_rule):
        raise IllegalAction("bid_not_higher", _raise_message(state))
    return [ev.BidMade(seat=seat, quantity=quantity, face=face,
                       next=next_bidder(state, seat))]


def _raise_message(state: State) -> str:
    if state.raise_rule == "quantity":
        return "a raise names a higher quantity"
    return "a raise names a higher quantity, or the same quantity of a higher face"


def call_bluff(state: State, seat: int, action: CallBluff, dice: Dice) -> list[GameEvent]:
    return call(state, seat, bluff=True)


def call_spot_on(state: State, seat: int, action: CallSpotOn, dice: Dice) -> list[GameEvent]:
    return call(state, seat, bluff=False)


def call(state: State, seat: int, bluff: bool) -> list[GameEvent]:
    """A call reveals every die, settles the loss and the payments, puts out whoever has
    nothing left, then starts the next round or ends the game."""
    if state.bid is None:
        raise IllegalAction("opener_must_bid", "the opener must bid; there is nothing to call")
    result = judge_bluff(state, seat) if bluff else judge_spot_on(state, seat)
    kind = ev.BluffCalled if bluff else ev.SpotOnCalled
    counts = state.dice_counts
    story = Story(evolve, state)
    story.add(kind(round=state.round, caller=seat, bid=state.bid,
                   dice={s: state.rolled[s] for s in state.active},
                   count=result.count, caller_right=result.caller_right,
                   losers=result.losers, payments=result.payments),
              *[ev.DieLost(seat=s, dice_left=counts[s] - 1) for s in result.losers],
              *[ev.CoinsPaid(payer=p.payer, payee=p.payee, coins=p.coins)
                for p in result.payments])
    settled = story.state
    story.add(*[ev.PlayerOut(seat=s, round=settled.round,
                             reason=out_reason(settled, s))  # type: ignore[arg-type]
                for s in settled.active if is_out(settled, s)])
    story.add(end_of_round(story.state))
    return story.events


def end_of_round(state: State) -> GameEvent:
    if game_is_decided(state):
        result = standings(state)
        return ev.GameOver(winners=result.winners, ranking=result.ranking,
                           scores=result.scores)
    return ev.RoundStarted(round=state.round + 1, opener=next_opener(state),
                           active=state.active)


def resign(state: State, seat: int, action: Resign, dice: Dice) -> list[GameEvent]:
    """(Ruling, "Resigning") In or out of turn: the seat is out at once and its coins leave
    the game; the round is voided (stakes are promises: nothing is paid, no die is lost)
    and the next round starts with the usual opener, or the game ends with one seat left."""
    story = Story(evolve, state)
    story.add(ev.PlayerResigned(seat=seat, round=state.round, coins=state.coins[seat]))
    story.add(end_of_round(story.state))
    return story.events


HANDLERS: dict[type[GameAction], Handler] = {
    PlaceStake: place_stake, PlaceBid: make_bid, CallBluff: call_bluff,
    CallSpotOn: call_spot_on, Resign: resign,
}
