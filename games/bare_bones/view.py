"""What a seat (or a spectator) may see: hands only as counts, except the viewer's own
and a hand Joyride or Full House has shown this turn; draw piles only as sizes (and known
top cards), except that the viewer sees what their own deck and draw pile hold (by card,
never in order)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from typing import Literal

from games.core.frozen import frozen_record
from games.core.messages import Record, doc
from games.core.outcome import Outcome

from .data import (
    ACTION_CARDS,
    ACTION_UNITS_PER_TURN,
    AWAIT_KINDS,
    COIN_COLOURS,
    COLOURS,
    DICE_COST,
    DICE_PER_COLOUR,
    DRAFT_MAX_COST,
    DRAFT_PICKS,
    FACES,
    FINAL_POINT_VALUE,
    HAND_SIZE,
    MAX_DICE,
    STEPS,
    AwaitKind,
    Card,
    Colour,
    card_order,
    cost,
    stack_of,
)
from .events import Final
from .legal import awaiting
from .outcome import outcome
from .rerolls import full_house_reroll_open, green_reroll_open, rerolls_left
from .rules import red_draws_left
from .scoring import results, scoring_options, tally
from .state import (
    DICE,
    DRAFT,
    OVER,
    PLAY,
    Seat,
    State,
    Turn,
    blocked_faces,
    dice_available,
    fpv,
    hot_potatoes,
    owned_cards,
)

Phase = Literal[(DRAFT, OVER, "turn") + AWAIT_KINDS[1:]]  # type: ignore[valid-type]
Step = Literal[STEPS]  # type: ignore[valid-type]


# --- seats ---------------------------------------------------------------------------------

@frozen_record
class PlayAreaEntry(Record):
    card: Card
    colour: Colour | None = field(metadata=doc("the Dice colour it counts as (Mimic: the copy)"))
    lent_by: int | None = field(metadata=doc("Joyride: the seat that lent it"))
    bonus_matched: bool = field(metadata=doc("laid by bonus matching last turn"))


@frozen_record
class AsideView(Record):
    """A Can't Touch This set aside with its die, blocking `face` for the others."""

    card: Card
    colour: Colour
    face: int


@frozen_record
class SeatView(Record):
    seat: int
    score: int = field(metadata=doc("the running score"))
    hand_size: int
    draw_pile: int = field(metadata=doc("the draw pile's size"))
    draw_pile_top: tuple[Card, ...] = field(metadata=doc("known top cards (Hot Potatoes)"))
    discard_pile: tuple[Card, ...] = field(metadata=doc("face up, bottom first"))
    play_area: tuple[PlayAreaEntry, ...]
    cant_touch_this: tuple[AsideView, ...]
    loan_owed: int
    coins_carried: int
    extra_draws: int
    cards_owned: int
    final_point_value: int
    hot_potatoes_owned: int
    resigned: bool = field(default=False, metadata=doc(
        "the seat resigned: out of play, its cards gone, its running score kept"))


@frozen_record
class DeckView(Record):
    """The viewer's own cards as the viewer knows them from what they drafted, bought,
    drew and played: which cards and how many, never the draw pile's order. Shown only
    in the owner's view."""

    owned: Mapping[str, int] = field(metadata=doc(
        "every card the viewer owns, by card (hand, draw pile, discard pile, play area, "
        "Can't Touch This set aside, a card lent by Joyride)"))
    draw_pile: Mapping[str, int] = field(metadata=doc(
        "the cards of the viewer's draw pile, by card, in no order"))


def counted(cards: list[str] | tuple[str, ...]) -> dict[str, int]:
    out: dict[str, int] = {}
    for card in sorted(cards, key=card_order):
        out[card] = out.get(card, 0) + 1
    return out


def deck_view(game: State, seat: int) -> DeckView:
    player = game.seats[seat]
    return DeckView(owned=counted(owned_cards(game, seat)),
                    draw_pile=counted(player.draw_top + player.draw_rest))


# --- the turn -------------------------------------------------------------------------------

@frozen_record
class RevealedHand(Record):
    """A hand shown to the table this turn (public until the turn ends)."""

    seat: int
    hand: tuple[Card, ...] = field(metadata=doc("the hand as it was shown"))
    by: Literal["joyride", "full_house"] = field(metadata=doc(
        "joyride: an opponent's hand Joyride showed; full_house: the active player's "
        "hand (the Full House card aside) as Full House showed it, before its Dice Cards "
        "were played"))


@frozen_record
class DieView(Record):
    die: int = field(metadata=doc("the die's index, as actions name it"))
    colour: Colour
    face: int


@frozen_record
class ScoringAction(Record):
    """A scoring choice as it is posted (`choose_doubled` or `choose_parity`)."""

    type: Literal["choose_doubled", "choose_parity"]
    dice: tuple[int, ...] | None = field(default=None, metadata=doc(omit_none=True))
    keep: Literal["odd", "even"] | None = field(default=None, metadata=doc(omit_none=True))


@frozen_record
class ScoringChoice(Record):
    action: ScoringAction
    points: int
    coins: int


@frozen_record
class TurnView(Record):
    number: int
    round: int
    seat: int
    step: Step
    action_units_used: int
    action_units_left: int
    coins: int
    borrowed: int
    red_draws_left: int
    revealed_hands: tuple[RevealedHand, ...] = field(metadata=doc(
        "hands Joyride and Full House showed this turn: public until the turn ends"))
    joyride_target: int | None
    swap_value: int
    dice: tuple[DieView, ...]
    rerolls_left: int
    green_reroll_open: bool
    full_house_reroll_open: bool
    dice_kept: bool
    scored: bool
    scoring_choices: tuple[ScoringChoice, ...] = field(metadata=doc("while choosing"))
    blocked_faces: tuple[int, ...]
    bought: tuple[str, ...] = field(metadata=doc("the stacks bought from this turn"))
    bonus_matched: tuple[Colour, ...] = field(metadata=doc("colours the next player matched"))


# --- the table --------------------------------------------------------------------------------

@frozen_record
class DraftProgress(Record):
    picks: int
    total: int


@frozen_record
class SupplyStack(Record):
    card: Card
    stack: str = field(metadata=doc("the stack (cant_touch_this for its colour versions)"))
    count: int
    cost: int


@frozen_record
class DiceCardData(Record):
    cost: int
    final_point_value: int


@frozen_record
class ActionCardData(Record):
    title: str
    cost: int
    action_units: int


@frozen_record
class Ruleset(Record):
    """The ruleset's data, for clients."""

    dice: Mapping[str, tuple[int, ...]] = field(metadata=doc("each colour's faces"))
    coin_colours: tuple[Colour, ...]
    dice_cards: Mapping[str, DiceCardData]
    action_cards: Mapping[str, ActionCardData]
    action_units_per_turn: int
    max_dice: int
    dice_per_colour: int
    hand_size: int
    draft_max_cost: int


@frozen_record
class View(Record):
    """A Bare Bones table as one seat (or a spectator) sees it."""

    players: int
    phase: Phase = field(metadata=doc("draft, an awaiting kind, or over"))
    seats: tuple[SeatView, ...]
    you: int | None = field(metadata=doc("the viewer's seat (null: a spectator)"))
    hand: tuple[Card, ...] | None = field(metadata=doc("the viewer's own hand"))
    awaiting: Mapping[int, AwaitKind]
    first_player: int
    order: tuple[int, ...]
    resigned: tuple[int, ...] = field(metadata=doc(
        "the seats that resigned, in the order they left (their turns are skipped)"))
    rounds: int
    round: int | None
    active: int | None = field(metadata=doc("the seat whose turn it is"))
    draft: DraftProgress
    turn: TurnView | None
    action_cards: tuple[str, ...]
    supply: tuple[SupplyStack, ...]
    dice_available: Mapping[str, int] = field(metadata=doc("dice of each colour in the supply"))
    final: Final | None = field(metadata=doc("the outcome with each seat's breakdown"))
    outcome: Outcome | None
    ruleset: Ruleset
    my_deck: DeckView | None = field(default=None, metadata=doc(
        "your own cards: what you own and what your draw pile holds, by card, in no "
        "order (players only; nobody sees another seat's)", omit_none=True))


RULESET = Ruleset(
    dice={c: FACES[c] for c in COLOURS},
    coin_colours=tuple(sorted(COIN_COLOURS)),  # type: ignore[arg-type]
    dice_cards={c: DiceCardData(cost=DICE_COST[c], final_point_value=FINAL_POINT_VALUE[c])
                for c in COLOURS},
    action_cards={n: ActionCardData(title=a.title, cost=a.cost, action_units=a.units)
                  for n, a in ACTION_CARDS.items()},
    action_units_per_turn=ACTION_UNITS_PER_TURN, max_dice=MAX_DICE,
    dice_per_colour=DICE_PER_COLOUR, hand_size=HAND_SIZE, draft_max_cost=DRAFT_MAX_COST,
)


def seat_view(game: State, seat: int, player: Seat) -> SeatView:
    owned = owned_cards(game, seat)
    return SeatView(
        seat=seat, score=player.score, hand_size=len(player.hand),
        draw_pile=player.draw_size, draw_pile_top=tuple(player.draw_top),
        discard_pile=tuple(player.discard),
        play_area=tuple(PlayAreaEntry(card=p.card, colour=p.colour, lent_by=p.owner,
                                      bonus_matched=p.matched) for p in player.play),
        cant_touch_this=tuple(AsideView(card=a.card, colour=a.colour, face=a.face)
                              for a in player.aside),
        loan_owed=player.owed, coins_carried=player.carry, extra_draws=player.extra_draws,
        cards_owned=len(owned), final_point_value=fpv(owned),
        hot_potatoes_owned=hot_potatoes(owned), resigned=seat in game.resigned)


def choices_view(game: State) -> tuple[ScoringChoice, ...]:
    out = []
    for option in scoring_options(game):
        t = tally(game, option)
        action = ScoringAction.from_json(option.action().to_json())
        out.append(ScoringChoice(action=action, points=t.points, coins=t.coins_earned))
    return tuple(out)


def revealed_hands(turn: Turn) -> tuple[RevealedHand, ...]:
    shown = [RevealedHand(seat=s, hand=h, by="joyride") for s, h in turn.revealed]
    if turn.full_house_shown is not None:
        shown.append(RevealedHand(seat=turn.seat, hand=turn.full_house_shown,
                                  by="full_house"))
    return tuple(shown)


def turn_view(game: State, turn: Turn, kind: str | None) -> TurnView:
    in_dice = turn.step == DICE
    return TurnView(
        number=turn.number, round=turn.round, seat=turn.seat, step=turn.step,
        action_units_used=turn.units, action_units_left=ACTION_UNITS_PER_TURN - turn.units,
        coins=turn.coins, borrowed=turn.borrowed,
        red_draws_left=red_draws_left(game) if turn.step == PLAY else 0,
        revealed_hands=revealed_hands(turn),
        joyride_target=turn.joyride, swap_value=turn.swap_value,
        dice=tuple(DieView(die=i, colour=d.colour, face=d.face)
                   for i, d in enumerate(turn.dice)),
        rerolls_left=rerolls_left(game) if in_dice else 0,
        green_reroll_open=in_dice and green_reroll_open(game),
        full_house_reroll_open=in_dice and full_house_reroll_open(game),
        dice_kept=turn.kept, scored=turn.scored,
        scoring_choices=choices_view(game) if kind == "choose" else (),
        blocked_faces=tuple(blocked_faces(game, turn.seat)),
        bought=turn.bought, bonus_matched=turn.matched,  # type: ignore[arg-type]
    )


def draft_progress(game: State) -> DraftProgress:
    """Picks made, and all the draft's picks: three a seat, fewer for a seat that resigned
    before its three."""
    total = sum(DRAFT_PICKS if s not in game.resigned else p.drafted
                for s, p in enumerate(game.seats))
    return DraftProgress(picks=game.picks, total=total)


def view(game: State, viewer: int | None) -> View:
    waiting = awaiting(game)
    kind = next(iter(waiting.values()), None)
    phase = OVER if game.phase == OVER else (DRAFT if game.phase == DRAFT else kind or "turn")
    is_seat = viewer is not None and 0 <= viewer < game.players
    return View(
        players=game.players,
        phase=phase,
        seats=tuple(seat_view(game, s, p) for s, p in enumerate(game.seats)),
        you=viewer if is_seat else None,
        hand=tuple(game.seats[viewer].hand) if is_seat and viewer is not None else None,
        awaiting=waiting,
        first_player=game.first_player,
        order=tuple(game.order),
        resigned=game.resigned,
        rounds=game.rounds,
        round=game.turn.round if game.turn else None,
        active=game.turn.seat if game.turn else None,
        draft=draft_progress(game),
        turn=turn_view(game, game.turn, kind) if game.turn else None,
        action_cards=game.action_cards,
        supply=tuple(SupplyStack(card=c, stack=stack_of(c), count=n, cost=cost(c))
                     for c, n in game.supply),
        dice_available={c: n for c, n in dice_available(game).items() if c in COLOURS},
        final=results(game) if game.phase == OVER else None,
        outcome=outcome(game),
        ruleset=RULESET,
        my_deck=deck_view(game, viewer) if is_seat and viewer is not None else None,
    )
