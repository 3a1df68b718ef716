"""The decider interface every game implements, and the data that describes a game."""

from __future__ import annotations

from dataclasses import field
from typing import Any, Callable, Mapping, Protocol, Sequence

from .dice import Dice
from .errors import IllegalAction
from .frozen import frozen_record
from .legal import legal_json
from .memo import remember_last
from .messages import GameAction, GameEvent, Messages, Record
from .options import Option, check_defaults
from .story import folding, forget_folds

JSON = Any
Action = Mapping[str, JSON]
# A game's rule for one action class: (state, seat, action, dice) -> the events.
Handler = Callable[[Any, int, Any, Dice], list[GameEvent]]

# The shared guards: one code per situation, checked for every game before its rules.
GAME_OVER = "game_over"          # the game has an outcome: nobody acts any more
NO_SUCH_SEAT = "no_such_seat"    # the seat is not one of the table's (0 .. players - 1)
NOT_YOUR_TURN = "not_your_turn"  # the seat is not awaited now
WRONG_PHASE = "wrong_phase"      # the seat is awaited, but not for this kind of action
NOT_IN_PLAY = "not_in_play"      # the seat resigned or was eliminated: it acts no more


@frozen_record
class GameConfig:
    """What a game starts from: the number of seats, the options, the creator's choices.

    `first_player` is the seat the creator named to go first (Snake Bones' first bidder,
    Bamboozled's first roller, ...), or None for a recorded random draw.
    """

    players: int
    options: Mapping[str, JSON] = field(default_factory=dict)
    first_player: int | None = None


class GameRules(Protocol):
    """A game as a decider. Every function is pure; dice come in as a parameter."""

    slug: str
    name: str
    min_players: int
    max_players: int
    options: Sequence[Option]
    # The typed messages: `events.parse_event` reads a stored event back for `evolve`.
    actions: Messages
    events: Messages
    view_type: type[Record]
    outcome_type: type[Record]

    def setup(self, config: GameConfig, dice: Dice) -> list[GameEvent]:
        """The opening events; the first one is `game_started` and holds the config."""
        ...

    def decide(self, state: Any, seat: int, action: Action | GameAction,
               dice: Dice) -> list[GameEvent]:
        """Parse the action (MalformedAction), check every rule and return the events;
        raise IllegalAction otherwise."""
        ...

    def evolve(self, state: Any | None, event: GameEvent) -> Any:
        """Fold one event into a new state (None before `game_started`). Never validates."""
        ...

    def legal_actions(self, state: Any, seat: int) -> list[dict[str, JSON]]:
        """Every action `seat` may post now, each complete as it would be posted."""
        ...

    def legal_moves(self, state: Any, seat: int) -> list[Any]:
        """The same items typed, as the rules list them (`GameAction`s, `Choice`s; a game
        may list an item as its JSON): `legal_actions` is their JSON. For players in this
        process (bots, playouts), with `games.core.legal.sample_move`; the items are
        shared, never to be changed."""
        ...

    def awaiting(self, state: Any) -> dict[int, str]:
        """The seats that must act now, each with the kind of decision awaited."""
        ...

    def view(self, state: Any, viewer: int | None) -> dict[str, JSON]:
        """The state as `viewer` may see it (None: a spectator)."""
        ...

    def timeout_action(self, state: Any, seat: int) -> dict[str, JSON]:
        """The action taken for an awaited seat whose clock ran out."""
        ...

    def outcome(self, state: Any) -> dict[str, JSON] | None:
        """None while running; else {"winners": [...], "ranking": [[...], ...], "scores": {...}}."""
        ...


@frozen_record
class Decider:
    """A game assembled from its rule functions; satisfies GameRules.

    Each game builds one with `typed_decider(slug=..., setup=setup, ...)` so the functions
    stay plain module-level functions in the game's own modules.
    `challenges`, where a game has bluff calls, builds the dispute reports from public
    events (games/core/challenges.py).
    """

    slug: str
    name: str
    min_players: int
    max_players: int
    options: tuple[Option, ...]
    setup: Callable[[GameConfig, Dice], list[GameEvent]]
    decide: Callable[[Any, int, Action | GameAction, Dice], list[GameEvent]]
    evolve: Callable[[Any, GameEvent], Any]
    legal_actions: Callable[[Any, int], list[dict[str, JSON]]]
    legal_moves: Callable[[Any, int], list[Any]]
    awaiting: Callable[[Any], dict[int, str]]
    view: Callable[[Any, int | None], dict[str, JSON]]
    timeout_action: Callable[[Any, int], dict[str, JSON]]
    outcome: Callable[[Any], dict[str, JSON] | None]
    # The typed messages (games/core/messages.py): the contract is generated from them.
    actions: Messages
    events: Messages
    view_type: type[Record]
    outcome_type: type[Record]
    # Whether a seat is still in play (not resigned, not eliminated): the shared guard.
    in_play: Callable[[Any, int], bool]
    challenges: Callable[[Sequence[Mapping[str, JSON]]], list[dict[str, JSON]]] | None = None
    # The shared guards' tables (typed_decider): the action classes each awaiting kind
    # allows, and those a seat may post whether awaited or not.
    awaits: Mapping[str, tuple[type[GameAction], ...]] = field(default_factory=dict)
    out_of_turn: tuple[type[GameAction], ...] = ()


def typed_decider(*, slug: str, name: str, min_players: int, max_players: int,
                  options: tuple[Option, ...], actions: Messages, events: Messages,
                  view_type: type[Record], outcome_type: type[Record],
                  setup: Callable[[GameConfig, Dice], list[GameEvent]],
                  handlers: Mapping[type[GameAction], Handler],
                  awaits: Mapping[str, tuple[type[GameAction], ...]],
                  out_of_turn: tuple[type[GameAction], ...] = (),
                  in_play: Callable[[Any, int], bool],
                  evolve: Callable[[Any, GameEvent], Any],
                  legal_actions: Callable[[Any, int], list[Any]],
                  awaiting: Callable[[Any], dict[int, str]],
                  view: Callable[[Any, int | None], Record],
                  timeout_action: Callable[[Any, int], GameAction],
                  outcome: Callable[[Any], Record | None],
                  challenges: Callable[[Sequence[Mapping[str, JSON]]],
                                       list[dict[str, JSON]]] | None = None) -> Decider:
    """A Decider from a game's typed functions.

    `decide` parses the action (MalformedAction on a bad shape), checks the shared guards
    from `outcome` and `awaiting` (an awaited seat posting what its kind allows passes them
    with one look-up; anything else meets them in order: `check_awaited`;
    docs/decider.md), then runs the game's handler for the
    action's class (`handlers`, one per action class), which checks the game's own rules.
    `awaits` maps each awaiting kind to the action classes a seat awaited for it may post;
    `out_of_turn` lists the classes a seat may post whether awaited or not (the game's
    handler then checks when). `in_play(state, seat)` tells whether
    the seat is still in play (not resigned, not eliminated): a seat out of play posting
    anything is `not_in_play`. Events stay typed in and out (the store turns them into
    their JSON and back: `GameEvent.to_json`, `Messages.parse_event`); what else goes out
    (legal actions, views, outcomes) is written as JSON, but for `legal_moves`, the legal
    items as the game's `legal_actions` lists them (typed: docs/decider.md). Two
    shortcuts keep the answers:
    the caller's fold of `decide`'s events takes the states its Story folded
    (games/core/story.py `folding`), and the guards take the outcome and the awaited
    seats asked last about the very same state (games/core/memo.py)."""
    assert set(handlers) == set(actions), f"{slug}: one handler per action class"
    assert all(kind in handlers for kinds in awaits.values() for kind in kinds), slug
    check_defaults(options)  # once, so that resolve_options need not check them again
    # A step asks the outcome and the awaited seats, then decides: the guards ask again.
    outcome_of, awaited = remember_last(outcome), remember_last(awaiting)
    action_classes, parse_action = actions.kinds, actions.parse_action

    def check_awaited(state: Any, seat: int, action: GameAction) -> None:
        if outcome_of(state) is not None:
            raise IllegalAction(GAME_OVER, "the game is over")
        if type(seat) is not int and (isinstance(seat, bool) or not isinstance(seat, int)) \
                or not 0 <= seat < state.players:
            raise IllegalAction(NO_SUCH_SEAT, f"there is no seat {seat!r} at this table")
        if not in_play(state, seat):
            raise IllegalAction(NOT_IN_PLAY, f"seat {seat} is out of play (resigned or "
                                "eliminated): it acts no more")
        if isinstance(action, out_of_turn):
            return
        kind = awaited(state).get(seat)
        if kind is None:
            raise IllegalAction(NOT_YOUR_TURN, f"seat {seat} is not awaited now")
        if not isinstance(action, awaits[kind]):
            raise IllegalAction(WRONG_PHASE, f"{action.TYPE} is not possible now: seat {seat} "
                                f"is awaited to {kind} ({', '.join(a.TYPE for a in awaits[kind])})")

    def decide_events(state: Any, seat: int, action: Action | GameAction,
                      dice: Dice) -> list[GameEvent]:
        forget_folds()
        # A typed action of the game's own classes needs no reading (`parse_action`'s
        # first case, taken here without the call).
        typed = action if action.__class__ in action_classes else parse_action(action)
        # The common case first: a seat awaited now posts an action of the kind it is
        # awaited for. Nothing is awaited of a finished game, and no seat out of play is
        # awaited (every game: tests/games/test_shared_guards.py), so such a post passes
        # every guard; anything else meets them in their order (`check_awaited`).
        kind = awaited(state).get(seat) if type(seat) is int else None
        if kind is None or not isinstance(typed, awaits[kind]):
            check_awaited(state, seat, typed)
        return handlers[type(typed)](state, seat, typed, dice)

    def outcome_json(state: Any) -> dict[str, JSON] | None:
        result = outcome_of(state)
        return result.to_json() if result is not None else None

    return Decider(
        slug=slug, name=name, min_players=min_players, max_players=max_players,
        options=options, setup=setup, decide=decide_events, evolve=folding(evolve),
        legal_actions=lambda state, seat: legal_json(legal_actions(state, seat)),
        legal_moves=legal_actions,
        awaiting=lambda state: dict(awaited(state)),  # a copy: the remembered one is shared
        view=lambda state, viewer: view(state, viewer).to_json(),
        timeout_action=lambda state, seat: timeout_action(state, seat).to_json(),
        outcome=outcome_json, challenges=challenges, actions=actions, events=events,
        view_type=view_type, outcome_type=outcome_type, awaits=awaits, out_of_turn=out_of_turn,
        in_play=in_play,
    )


def replay(rules: GameRules, events: Sequence[GameEvent], state: Any | None = None) -> Any:
    """The state that folding `events` (after `state`) gives."""
    for event in events:
        state = rules.evolve(state, event)
    return state
